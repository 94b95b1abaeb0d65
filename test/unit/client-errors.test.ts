import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { answerClientError, type ClientError } from '../../src/core/client-errors';

/** A socket that records what is written to it; `inFlight` stands for a response already under way. */
function fakeSocket(options: { destroyed?: boolean; writable?: boolean; inFlight?: { headersSent: boolean } } = {}) {
  const written: string[] = [];
  let destroyed = options.destroyed ?? false;
  const socket = {
    get destroyed() {
      return destroyed;
    },
    writable: options.writable ?? true,
    _httpMessage: options.inFlight,
    write(chunk: string) {
      written.push(chunk);
      return true;
    },
    destroy() {
      destroyed = true;
    },
  };
  return { socket: socket as unknown as Socket, written, isDestroyed: () => destroyed };
}

const logged: unknown[] = [];
const instance = { log: { info: (...args: unknown[]) => logged.push(args) } } as unknown as FastifyInstance;

function clientError(code: string, reason?: string): ClientError {
  return Object.assign(new Error(`Parse Error: ${reason}`), { code, reason });
}

function answer(error: ClientError, socket: Socket): void {
  answerClientError.call(instance, error, socket);
}

describe('answerClientError', () => {
  test('a request that timed out is answered 408 REQUEST_TIMEOUT in the envelope, then closed', () => {
    const { socket, written, isDestroyed } = fakeSocket();
    answer(clientError('ERR_HTTP_REQUEST_TIMEOUT'), socket);
    assert.equal(written.length, 1);
    const [head = '', body = ''] = written[0]!.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.match(head, /\r\nx-request-id: req_[0-9a-f]{32}(\r\n|$)/);
    assert.match(head, /\r\nconnection: close(\r\n|$)/);
    assert.deepEqual(JSON.parse(body), { ok: false, error: { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time; send it again.' } });
    assert.ok(isDestroyed());
  });

  test("a parse error is a 400 quoting llhttp's reason", () => {
    const { socket, written } = fakeSocket();
    answer(clientError('HPE_INVALID_METHOD', 'Invalid method encountered'), socket);
    const body = JSON.parse(written[0]!.split('\r\n\r\n')[1]!);
    assert.deepEqual(body.error, { code: 'VALIDATION_ERROR', message: 'Malformed HTTP request: Invalid method encountered.' });
  });

  test('nothing is written over a response already under way, or to a closed or reset socket', () => {
    for (const options of [{ inFlight: { headersSent: true } }, { writable: false }, { destroyed: true }]) {
      const { socket, written, isDestroyed } = fakeSocket(options);
      answer(clientError('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size'), socket);
      assert.deepEqual(written, [], JSON.stringify(options));
      assert.ok(isDestroyed());
    }
    const reset = fakeSocket();
    answer(clientError('ECONNRESET'), reset.socket);
    assert.deepEqual(reset.written, []);
    assert.ok(reset.isDestroyed());
  });

  test('a response object whose headers are not yet sent does not stop the answer', () => {
    const { socket, written } = fakeSocket({ inFlight: { headersSent: false } });
    answer(clientError('HPE_INVALID_HEADER_TOKEN', 'Invalid header token'), socket);
    assert.equal(written.length, 1);
  });
});
