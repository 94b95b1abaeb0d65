import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { HistoryRow, historyDate } from '../../../schemas/backlinks';
import { isCalendarDate, todayUtc } from '../../../schemas/calendar-month';
import { DomainName } from '../../../schemas/domain-name';

const BacklinkHistoryRequest = z
  .strictObject({
    target: DomainName.meta({ description: 'Domain whose backlink history is wanted, without protocol.', examples: ['example.com'] }),
    date_from: historyDate('First day of the range, YYYY-MM-DD (default: the earliest month on record for the target).', '2026-01-01'),
    date_to: historyDate('Last day of the range, YYYY-MM-DD, not in the future (default: today, UTC).', '2026-03-31'),
  })
  .superRefine((body, context) => {
    if (body.date_from && body.date_to && isCalendarDate(body.date_from) && isCalendarDate(body.date_to) && body.date_from > body.date_to) {
      context.addIssue({ code: 'custom', path: ['date_from'], message: `must not be after date_to (${body.date_to})` });
    }
  });

const BacklinkHistoryResponse = z.object({
  target: z.string().meta({ description: 'The target as sent.' }),
  history: z.array(HistoryRow).meta({ description: 'One row per month of the range, oldest first, dated on the last day of the month.' }),
});

export default defineEndpoint({
  id: 'seo.backlinks_history',
  method: 'POST',
  path: '/v1/seo/backlinks/history',
  summary: 'Backlink history, month by month',
  description:
    'How a domain’s backlink profile evolved: one row per month (dated on its last day, oldest first) with rank, backlinks, ' +
    'referring domains, new and lost links and broken links. A range inside one month gives that month’s row. Same price whatever the range.',
  input: BacklinkHistoryRequest,
  output: BacklinkHistoryResponse,
  price: ({ perCall }) => perCall(0.05),
  examples: {
    request: { target: 'example.com', date_from: '2026-01-01', date_to: '2026-02-15' },
    response: {
      target: 'example.com',
      history: [
        { date: '2026-01-31', rank: 548, backlinks: 1_204_310, newBacklinks: 31_022, lostBacklinks: 18_940, referringDomains: 48_112, newReferringDomains: 1_204, lostReferringDomains: 650, referringMainDomains: 41_870, referringPages: 902_114, brokenBacklinks: 38_120, brokenPages: 9_870 },
        { date: '2026-02-28', rank: 550, backlinks: 1_219_877, newBacklinks: 29_310, lostBacklinks: 13_743, referringDomains: 48_701, newReferringDomains: 1_100, lostReferringDomains: 511, referringMainDomains: 42_360, referringPages: 913_488, brokenBacklinks: 38_502, brokenPages: 9_966 },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const history = await providers.backlinks.history(
      { target: input.target, dateFrom: input.date_from, dateTo: input.date_to ?? todayUtc() },
      call,
    );
    return { target: input.target, history };
  },
});
