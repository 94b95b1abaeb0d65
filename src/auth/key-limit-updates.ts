import type { Ledger } from '../ledger/ledger';
import type { AccountHistory } from '../ledger/history';
import { spendPeriods, hasSpendCap, type KeyLimits } from './key-limits';
import type { ApiKeys } from './api-keys';

/**
 * Replaces a key's limits (with `accountId`, only one of that account's keys: KeyNotFoundError
 * otherwise). A key's first spending cap starts counting from what the key was already charged in
 * its day and month (the account's usage, by key). Servers apply the change when their cached
 * lookup of the key expires (< 1 s), or at once when told (`Authenticator.forgetKey`, or the
 * key-change announcement over Redis).
 */
export async function updateKeyLimits(
  services: { keys: ApiKeys; ledger: Ledger; history: AccountHistory },
  keyId: string,
  limits: KeyLimits,
  accountId?: string,
): Promise<void> {
  const { keys, ledger, history } = services;
  const before = await keys.limitsOf(keyId, accountId);
  await keys.setLimits(keyId, limits, accountId);
  if (hasSpendCap(before) || !hasSpendCap(limits)) return;
  const at = ledger.now();
  const { day, month } = spendPeriods(at);
  const owner = accountId ?? (await keys.accountOf(keyId));
  const chargedSince = async (from: string) =>
    (await history.usage(owner, { from, to: day, groupBy: 'key', keyId })).reduce((sum, row) => sum + row.costMicros, 0);
  await ledger.keyBudgets.startCounting(keyId, at, { day: await chargedSince(day), month: await chargedSince(`${month}-01`) });
}
