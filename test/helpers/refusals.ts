import assert from 'node:assert/strict';
import type { TestApp } from './test-app';

/** A request, and the field its refusal must name first. */
export type Refusal = [path: string, body: Record<string, unknown>, field: string];

/**
 * Sends each request as one funded account and checks each is refused with `status` and `code`,
 * its message opening with the field (`field …` for a 400, `field: …` for a 404), and that none of
 * them was charged.
 */
export async function assertRefusedUncharged(app: TestApp, cases: readonly Refusal[], status: 400 | 404): Promise<void> {
  const { accountId, apiKey } = await app.createAccount('1.00');
  const code = status === 400 ? 'VALIDATION_ERROR' : 'NOT_FOUND';
  for (const [path, body, field] of cases) {
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.error.code, code);
    assert.match(response.body.error.message, new RegExp(status === 400 ? `^${field}\\b` : `^${field}: `), response.body.error.message);
  }
  assert.equal(await app.balance(accountId), 1_000_000);
  assert.equal(await app.ledgerSum(accountId), 1_000_000);
}
