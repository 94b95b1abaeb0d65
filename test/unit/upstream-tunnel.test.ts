import { test } from 'node:test';
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { tunnelThroughProxy } from '../../src/net/upstream-tunnel';

/** A raw TCP server playing the upstream proxy: answers CONNECT with `answer`, then echoes. */
async function fakeProxy(answer: string): Promise<{ port: number; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = net.createServer((socket) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      requests.push(head);
      // The answer and the first tunnelled bytes in one write: the client must keep those bytes.
      socket.write(`${answer}\r\n\r\nhello`);
      socket.pipe(socket);
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('CONNECTs to the checked address with the credentials, and keeps bytes that came with the answer', async () => {
  const proxy = await fakeProxy('HTTP/1.1 200 Connection Established');
  try {
    const socket = await tunnelThroughProxy(`http://user-de:s%3Acret@127.0.0.1:${proxy.port}`, '93.184.215.14', 443, 2_000);
    const first = await new Promise<string>((resolve) => {
      socket.once('data', (chunk) => resolve(chunk.toString()));
      socket.resume();
    });
    assert.equal(first, 'hello');
    socket.destroy();
    const [request] = proxy.requests;
    assert.match(request ?? '', /^CONNECT 93\.184\.215\.14:443 HTTP\/1\.1\r\n/);
    assert.match(request ?? '', new RegExp(`Proxy-Authorization: Basic ${Buffer.from('user-de:s:cret').toString('base64')}`));
  } finally {
    await proxy.close();
  }
});

test('an IPv6 destination is bracketed; a refusal by the upstream is an error', async () => {
  const proxy = await fakeProxy('HTTP/1.1 407 Proxy Authentication Required');
  try {
    await assert.rejects(tunnelThroughProxy(`http://127.0.0.1:${proxy.port}`, '2606:2800:220:1::1', 80, 2_000), /407/);
    assert.match(proxy.requests[0] ?? '', /^CONNECT \[2606:2800:220:1::1\]:80 /);
  } finally {
    await proxy.close();
  }
});
