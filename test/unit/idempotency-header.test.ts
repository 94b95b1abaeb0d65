import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyOf } from '../../src/core/idempotency-header';

const requestWith = (headers: Record<string, string>, raw: Record<string, unknown>) => ({ headers, raw }) as unknown as FastifyRequest;

test("the Idempotency-Key is read from a request made in-process (inject), which has no list of the headers as sent", () => {
  assert.equal(idempotencyKeyOf(requestWith({ 'idempotency-key': 'key-1' }, {})), 'key-1');
  assert.equal(idempotencyKeyOf(requestWith({}, {})), undefined);
});

test('the header sent twice, as the connection saw it, is a 400 saying to send it once', () => {
  assert.throws(() => idempotencyKeyOf(requestWith({ 'idempotency-key': 'a, b' }, { headersDistinct: { 'idempotency-key': ['a', 'b'] } })), /send the header once/);
});
