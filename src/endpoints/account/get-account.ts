import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { microsToUsd } from '../../core/money';
import type { SpendCapStatus } from '../../ledger/key-budgets';

const SpendCap = z
  .object({
    limitUsd: z.number().meta({ description: 'The cap, USD.', examples: [5] }),
    spentUsd: z.number().meta({ description: 'Spent with this key in the period (UTC), calls in flight counted at their maximum price.', examples: [1.25] }),
    remainingUsd: z.number().meta({ description: 'What the key may still spend in the period.', examples: [3.75] }),
    resetsAt: z.string().meta({ description: 'When the period ends and the spend starts again from 0 (ISO 8601, UTC).', examples: ['2026-11-28T00:00:00.000Z'] }),
  })
  .nullable();

function capView(caps: SpendCapStatus[], limit: SpendCapStatus['limit']) {
  const cap = caps.find((candidate) => candidate.limit === limit);
  return cap
    ? { limitUsd: microsToUsd(cap.capMicros), spentUsd: microsToUsd(cap.spentMicros), remainingUsd: microsToUsd(cap.remainingMicros), resetsAt: cap.resetsAt.toISOString() }
    : null;
}

export default defineEndpoint({
  id: 'account.get',
  method: 'GET',
  path: '/v1/account',
  summary: 'The calling account and its balance',
  description:
    "Returns the account that owns the API key, with its prepaid balance (which never expires), and the calling key's limits: its daily and monthly spending caps (UTC) with what remains of them, and the endpoint areas it may call.",
  input: z.strictObject({}),
  output: z.object({
    accountId: z.string().meta({ examples: ['acct_Xq3v9TnB2kLm0PaZ'] }),
    email: z.string().meta({ examples: ['dev@example.com'] }),
    balanceUsd: z.number().meta({ description: 'Prepaid balance, USD.', examples: [4.97] }),
    createdAt: z.string().meta({ description: 'ISO 8601.', examples: ['2026-11-21T05:00:00.000Z'] }),
    key: z
      .object({
        keyId: z.string().meta({ examples: ['key_V1StGXR8Z5jdHi6B'] }),
        areas: z.array(z.string()).nullable().meta({ description: 'The endpoint areas the key may call (its account endpoints always); null: every area.', examples: [['seo', 'serp']] }),
        daily: SpendCap.meta({ description: 'The daily spending cap (UTC day); null: none.' }),
        monthly: SpendCap.meta({ description: 'The monthly spending cap (UTC month); null: none.' }),
      })
      .meta({ description: 'The calling API key and its limits.' }),
  }),
  price: ({ free }) => free(),
  examples: {
    request: {},
    response: {
      accountId: 'acct_Xq3v9TnB2kLm0PaZ',
      email: 'dev@example.com',
      balanceUsd: 4.97,
      createdAt: '2026-11-21T05:00:00.000Z',
      key: {
        keyId: 'key_V1StGXR8Z5jdHi6B',
        areas: ['seo', 'serp'],
        daily: { limitUsd: 5, spentUsd: 1.25, remainingUsd: 3.75, resetsAt: '2026-11-28T00:00:00.000Z' },
        monthly: null,
      },
    },
  },
  async handler({ ctx }) {
    const [account, key] = await Promise.all([ctx.account(), ctx.key()]);
    return {
      accountId: account.accountId,
      email: account.email,
      balanceUsd: microsToUsd(account.balanceMicros),
      createdAt: account.createdAt,
      key: { keyId: key.keyId, areas: key.limits.areas === null ? null : [...key.limits.areas], daily: capView(key.caps, 'daily'), monthly: capView(key.caps, 'monthly') },
    };
  },
});
