import type { Ledger } from '../ledger/ledger';
import type { ApiKeys } from './api-keys';
import { hasSpendCap, type KeyLimits } from './key-limits';

/**
 * Replaces a key's limits (with `accountId`, only one of that account's keys: KeyNotFoundError
 * otherwise). A key's first spending cap starts counting from the spend its period already has.
 * Servers apply the change when their cached lookup of the key expires (< 1 s), or at once when
 * told (`Authenticator.forgetKey`, or the key-change announcement over Redis).
 */
export async function updateKeyLimits(keys: ApiKeys, ledger: Ledger, keyId: string, limits: KeyLimits, accountId?: string): Promise<void> {
  const before = await keys.limitsOf(keyId, accountId);
  await keys.setLimits(keyId, limits, accountId);
  if (!hasSpendCap(before) && hasSpendCap(limits)) await ledger.keyBudgets.startCounting(keyId, ledger.now());
}
