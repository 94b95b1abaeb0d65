import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { microsToUsd } from '../../core/money';
import { queryInteger } from '../../core/query-integer';

export default defineEndpoint({
  id: 'account.ledger',
  method: 'GET',
  path: '/v1/account/ledger',
  summary: "The calling account's ledger entries, newest first",
  description:
    'Every movement of the balance: credits, holds taken for calls in flight, captures (the amount is the hold given back less the cost) and releases (a failed call: the hold given back in full). Paged: pass `nextBefore` as `before` for the next page.',
  input: z.strictObject({
    limit: queryInteger(1, 100).optional().meta({ description: 'Entries per page, 1 to 100. Default: 50.', examples: [50] }),
    before: queryInteger(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'Only entries older than this one (`nextBefore` of the previous page).' }),
  }),
  output: z.object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        requestId: z.string(),
        kind: z.enum(['credit', 'hold', 'capture', 'release']),
        amountUsd: z.number().meta({ description: 'Its effect on the balance, USD.' }),
        costUsd: z.number().meta({ description: 'What the call cost (captures), else 0.' }),
        balanceAfterUsd: z.number(),
        endpointId: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    nextBefore: z.number().int().nullable().meta({ description: 'Pass as `before` for the next page; null on the last page.' }),
  }),
  price: ({ free }) => free(),
  examples: {
    request: { limit: 50 },
    response: {
      entries: [
        { id: 2, requestId: 'req_01JDZ8', kind: 'capture', amountUsd: -0.06, costUsd: 0.06, balanceAfterUsd: 4.94, endpointId: 'seo.keyword_ideas', createdAt: '2026-11-21T05:01:00.000Z' },
        { id: 1, requestId: 'signup_acct_Xq3v', kind: 'credit', amountUsd: 5, costUsd: 0, balanceAfterUsd: 5, endpointId: null, createdAt: '2026-11-21T05:00:00.000Z' },
      ],
      nextBefore: null,
    },
  },
  async handler({ input, ctx }) {
    const page = await ctx.history.entries({ limit: input.limit ?? 50, ...(input.before !== undefined ? { before: input.before } : {}) });
    return {
      entries: page.entries.map((entry) => ({
        id: entry.id,
        requestId: entry.requestId,
        kind: entry.kind,
        amountUsd: microsToUsd(entry.amountMicros),
        costUsd: microsToUsd(entry.costMicros),
        balanceAfterUsd: microsToUsd(entry.balanceAfterMicros),
        endpointId: entry.endpointId,
        createdAt: entry.createdAt,
      })),
      nextBefore: page.nextBefore,
    };
  },
});
