import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabaseLabel } from '../helpers/test-app';
import { useDataForSeoHarness } from '../helpers/dataforseo-wire';
import { upstreamCostMicros } from '../../src/providers/dataforseo/costs';
import { money } from '../../src/dashboard/routes-customer';

const ADMIN_TOKEN = 'margin-admin-token-0123456789';
const NO_RESULTS = { status_code: 40102, status_message: 'No Search Results.' };
const RANK_OVERVIEW = 'dataforseo_labs/google/domain_rank_overview/live';
const SUMMARY = 'backlinks/summary/live';

/** The operator's margin per endpoint: revenue less what the call's vendor requests cost (the adapter's price list). */
describe(`margin per endpoint on /admin, from the vendor requests' costs (fake SEO data vendor, ${testDatabaseLabel()})`, () => {
  const vendor = useDataForSeoHarness({ TOLLGATE_ADMIN_TOKEN: ADMIN_TOKEN });

  test('a call served by the vendor records its two tasks\' cost; the page shows revenue, upstream cost and margin', async () => {
    vendor.reply(RANK_OVERVIEW, null, NO_RESULTS);
    vendor.reply(SUMMARY, null, NO_RESULTS);
    const response = await vendor.served('/v1/seo/domain/overview', { domain: 'example.com' }, 40_000);
    assert.equal(response.status, 200);
    const upstream = upstreamCostMicros(RANK_OVERVIEW, vendor.sentTask(RANK_OVERVIEW)) + upstreamCostMicros(SUMMARY, vendor.sentTask(SUMMARY));
    assert.ok(upstream > 0);

    const page = await fetch(`${vendor.app.baseUrl}/admin`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const text = await page.text();
    const cells = /<tr><td>seo\.domain_overview<\/td>((?:<td class="number">[^<]*<\/td>){7})<\/tr>/.exec(text);
    assert.ok(cells, text);
    const [calls, , , , revenue, cost, margin] = [...cells[1]!.matchAll(/<td class="number">([^<]*)<\/td>/g)].map((match) => match[1]);
    assert.deepEqual([calls, revenue, cost, margin], ['1', money(40_000), money(upstream), money(40_000 - upstream)]);
  });
});
