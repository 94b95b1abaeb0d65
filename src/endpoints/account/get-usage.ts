import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError } from '../../core/errors';
import { microsToUsd } from '../../core/money';

const Day = z.iso.date({ error: 'must be a day, YYYY-MM-DD (a date that exists)' });
/** A range longer than this is refused: usage is read per request, not from a summary table. */
const MAX_DAYS = 366;

/** `YYYY-MM-DD` of `at` (UTC), `daysBack` days earlier. */
export function utcDay(at: Date, daysBack = 0): string {
  return new Date(at.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);
}

export default defineEndpoint({
  id: 'account.usage',
  method: 'GET',
  path: '/v1/account/usage',
  summary: 'Calls and spend of the calling account, grouped',
  description:
    'Successful calls and what they cost, per day, per endpoint or per API key, between two days (UTC, both included; at most 366 days). Failed calls are never charged and are not counted. Calls appear within a second.',
  input: z.strictObject({
    from: Day.optional().meta({ description: 'First day (UTC), YYYY-MM-DD. Default: 29 days before `to`.', examples: ['2026-11-01'] }),
    to: Day.optional().meta({ description: 'Last day (UTC), YYYY-MM-DD, included. Default: today.', examples: ['2026-11-30'] }),
    groupBy: z.enum(['day', 'endpoint', 'key']).optional().meta({ description: 'How rows are grouped. Default: day.' }),
    keyId: z.string().regex(/^key_[A-Za-z0-9_-]{1,64}$/, 'must be an API key id (key_…), as GET /v1/account and the dashboard show it').optional().meta({ description: "Only this API key's calls." }),
  }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(['day', 'endpoint', 'key']),
    rows: z.array(
      z.object({
        group: z.string().meta({ description: 'The day, the endpoint id or the key id.' }),
        calls: z.number().int(),
        costUsd: z.number(),
      }),
    ),
    totals: z.object({ calls: z.number().int(), costUsd: z.number() }),
  }),
  price: ({ free }) => free(),
  examples: {
    request: { from: '2026-11-01', to: '2026-11-30', groupBy: 'endpoint' },
    response: {
      from: '2026-11-01',
      to: '2026-11-30',
      groupBy: 'endpoint',
      rows: [{ group: 'seo.keyword_ideas', calls: 3, costUsd: 0.18 }],
      totals: { calls: 3, costUsd: 0.18 },
    },
  },
  async handler({ input, ctx }) {
    const to = input.to ?? utcDay(new Date());
    const from = input.from ?? utcDay(new Date(`${to}T00:00:00Z`), 29);
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0) {
      const end = input.to === undefined ? `\`to\` (today, ${to}, when it is not given)` : `\`to\` (${to})`;
      throw new ApiError('VALIDATION_ERROR', `from: must not be after ${end}.`, { param: 'from' });
    }
    if (days >= MAX_DAYS) throw new ApiError('VALIDATION_ERROR', `from: the range may span at most ${MAX_DAYS} days.`, { param: 'from' });
    const groupBy = input.groupBy ?? 'day';
    const rows = await ctx.history.usage({ from, to, groupBy, ...(input.keyId ? { keyId: input.keyId } : {}) });
    const costMicros = rows.reduce((sum, row) => sum + row.costMicros, 0);
    return {
      from,
      to,
      groupBy,
      rows: rows.map((row) => ({ group: row.group, calls: row.calls, costUsd: microsToUsd(row.costMicros) })),
      totals: { calls: rows.reduce((sum, row) => sum + row.calls, 0), costUsd: microsToUsd(costMicros) },
    };
  },
});
