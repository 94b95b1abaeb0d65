import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertNeutralMessage } from './fake-upstream';
import type { TestApp, TestResponse } from './test-app';

/**
 * Paid calls with a vendor configured, as the vendor suites make them: each as a fresh account
 * holding USD 1.00 (`START`), its charge read from the balance and the ledger checked against it.
 */
export const START = 1_000_000;

/** A paid call as a fresh account: a 200 served by a vendor, and what it cost; the ledger agrees with the balance. */
export async function charged(app: TestApp, path: string, body: unknown): Promise<{ response: TestResponse; cost: number }> {
  const { accountId, apiKey } = await app.createAccount('1.00');
  const response = await app.post(path, body, apiKey);
  assert.equal(response.status, 200, `${path}: ${JSON.stringify(response.body).slice(0, 400)}`);
  assert.equal(response.headers.get('x-tollgate-provider'), 'live', 'the vendor served it, under its hidden name');
  const balance = await app.balance(accountId);
  assert.equal(await app.ledgerSum(accountId), balance);
  return { response, cost: START - balance };
}

/** A call answered `status` with `code`, not charged (balance and ledger untouched); its message. */
export async function uncharged(app: TestApp, path: string, body: unknown, status: number, code: string): Promise<string> {
  const { accountId, apiKey } = await app.createAccount('1.00');
  const response = await app.post(path, body, apiKey);
  assert.equal(response.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.ok, false);
  assert.equal(response.body.error.code, code);
  assert.equal(await app.balance(accountId), START, 'not charged');
  assert.equal(await app.ledgerSum(accountId), START);
  return response.body.error.message;
}

/** A 502 in our words, not charged: none of the vendor's `texts` (what its fake says, its credentials) and no match of its `names`. */
export async function failedUncharged(app: TestApp, path: string, body: unknown, vendor: { texts: readonly string[]; names: RegExp }): Promise<string> {
  const message = await uncharged(app, path, body, 502, 'UPSTREAM_ERROR');
  assertNeutralMessage(message, vendor.texts);
  assert.doesNotMatch(message, vendor.names);
  return message;
}

/** What the call log says the call cost upstream (written in batches, a moment after the answer). */
export async function upstreamCostOf(app: TestApp, response: TestResponse): Promise<number> {
  const requestId = response.headers.get('x-request-id');
  assert.ok(requestId);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const row = await app.store.db.selectFrom('api_calls').select('upstream_cost_micros').where('request_id', '=', requestId).executeTakeFirst();
    if (row) return Number(row.upstream_cost_micros);
    await sleep(50);
  }
  assert.fail(`no call-log row for ${requestId}`);
}
