import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, testDatabaseLabel } from '../helpers/test-app';

/** A raw keep-alive connection to the app, and what it has received. */
async function connect(baseUrl: string): Promise<{ socket: net.Socket; received: () => string; closed: Promise<unknown> }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  return { socket, received: () => text, closed: once(socket, 'close') };
}

/**
 * Closing the server closes at once the connections with no request in progress (one that never
 * sent a request, one idle after its answer) and lets one whose request is running finish it.
 */
describe(`closing the server and its connections (${testDatabaseLabel()})`, { timeout: 30_000 }, () => {
  test('connections without a request in progress are closed at once; a running request is answered first', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const app = await startTestApp({
      configure: (server) =>
        server.get('/test-slow', async () => {
          running();
          await released;
          return { ok: true };
        }),
    });
    const silent = await connect(app.baseUrl);
    const idle = await connect(app.baseUrl);
    idle.socket.write('GET /health HTTP/1.1\r\nHost: test\r\n\r\n');
    while (!idle.received().includes('"status":"up"')) await sleep(10);
    const busy = await connect(app.baseUrl);
    busy.socket.write('GET /test-slow HTTP/1.1\r\nHost: test\r\n\r\n');
    await started;

    const closing = app.close();
    await Promise.all([silent.closed, idle.closed]);
    assert.equal(busy.socket.destroyed, false, 'the connection whose request runs stays open');
    assert.equal(busy.received(), '');
    release();
    await busy.closed;
    assert.match(busy.received(), /^HTTP\/1\.1 200 /);
    assert.match(busy.received(), /\{"ok":true\}$/);
    await closing;
  });
});
