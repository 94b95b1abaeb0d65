import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { domainProfile } from '../../src/providers/sandbox/domain-profile';
import { lastDayOf, monthOf, monthsBetween, todayUtc } from '../../src/schemas/calendar-month';

/** The backlink endpoints on the sandbox, through HTTP: shapes, history rules, coherence, prices. */

interface HistoryRow {
  date: string;
  rank: number;
  backlinks: number;
  newBacklinks: number;
  lostBacklinks: number;
  referringDomains: number;
  newReferringDomains: number;
  lostReferringDomains: number;
  referringMainDomains: number;
  referringPages: number;
  brokenBacklinks: number;
  brokenPages: number;
}

const TARGET = 'example.com';
const DATA_MONTH_END = '2026-10-31';

/** A domain whose profile is small enough that its lists run out before 100 rows. */
function smallDomain(): string {
  for (let index = 0; ; index += 1) {
    const domain = `corner-shop-${index}.com`;
    const profile = domainProfile(domain);
    if (profile.referringDomains >= 5 && profile.referringDomains <= 40 && profile.backlinks >= 60) return domain;
  }
}

function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

describe(`backlink endpoints on the sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;
  let accountId: string;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ apiKey, accountId } = await app.createAccount('50.00'));
  });
  after(() => app?.close());

  /** The call's response, checking it succeeded and cost exactly `usd`. */
  async function paid(path: string, body: unknown, usd: number): Promise<TestResponse> {
    const { response, cost } = await app.paidCall(path, body);
    assert.equal(cost, Math.round(usd * 1_000_000), `${path} ${JSON.stringify(body)} cost`);
    return response;
  }

  /** A 400 naming the field, with nothing charged. */
  async function refused(path: string, body: unknown, message: RegExp): Promise<void> {
    const before = await app.balance(accountId);
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.match(response.body.error.message, message);
    assert.equal(await app.balance(accountId), before, 'a refused call is not charged');
  }

  async function history(body: Record<string, unknown>): Promise<HistoryRow[]> {
    const response = await paid('/v1/seo/backlinks/history', body, 0.05);
    assert.equal(response.body.data.target, body.target);
    return response.body.data.history;
  }

  describe('history', () => {
    test('default range: every month from the first on record to the latest data, oldest first, each dated on its last day', async () => {
      const rows = await history({ target: TARGET });
      const expected = monthsBetween(monthOf(domainProfile(TARGET).firstSeenMonth), monthOf(DATA_MONTH_END)).map(lastDayOf);
      assert.deepEqual(rows.map((row) => row.date), expected);
      assert.ok(rows.length > 24);
    });

    test('the months chain: backlinks and referring domains move by exactly what was gained and lost', async () => {
      const rows = await history({ target: TARGET });
      rows.forEach((row, index) => {
        const previous = index === 0 ? { backlinks: 0, referringDomains: 0 } : rows[index - 1]!;
        assert.equal(row.backlinks, previous.backlinks + row.newBacklinks - row.lostBacklinks, row.date);
        assert.equal(row.referringDomains, previous.referringDomains + row.newReferringDomains - row.lostReferringDomains, row.date);
        assert.ok(row.rank >= 0 && row.rank <= 1000, row.date);
        assert.ok(row.referringDomains <= row.backlinks && row.referringMainDomains <= row.referringDomains, row.date);
        for (const value of Object.values(row).filter((value) => typeof value === 'number')) assert.ok(Number.isInteger(value) && value >= 0, row.date);
      });
    });

    test('the latest month ends on the domain profile, which the summary reports too', async () => {
      const last = (await history({ target: TARGET })).at(-1)!;
      const profile = domainProfile(TARGET);
      assert.equal(last.date, DATA_MONTH_END);
      assert.equal(last.backlinks, profile.backlinks);
      assert.equal(last.referringDomains, profile.referringDomains);
      assert.equal(last.rank, profile.domainRank);
      const summary = (await paid('/v1/seo/backlinks/summary', { target: TARGET }, 0.05)).body.data;
      assert.equal(summary.totalBacklinks, last.backlinks);
      assert.equal(summary.referringDomains, last.referringDomains);
      assert.equal(summary.domainRank, last.rank);
    });

    test('a range inside one month gives that month, dated on its last day (29 February in a leap year)', async () => {
      assert.deepEqual((await history({ target: TARGET, date_from: '2024-02-03', date_to: '2024-02-20' })).map((row) => row.date), ['2024-02-29']);
      assert.deepEqual((await history({ target: TARGET, date_from: '2025-02-01', date_to: '2025-02-01' })).map((row) => row.date), ['2025-02-28']);
    });

    test('a range across a year end: one row per month, and each the same row a longer range holds', async () => {
      const rows = await history({ target: TARGET, date_from: '2023-11-15', date_to: '2024-03-01' });
      assert.deepEqual(rows.map((row) => row.date), ['2023-11-30', '2023-12-31', '2024-01-31', '2024-02-29', '2024-03-31']);
      const all = await history({ target: TARGET });
      assert.deepEqual(rows, all.filter((row) => row.date >= '2023-11' && row.date <= '2024-03-31'));
    });

    test('nothing before the first month on record, nothing after the latest data; the price is the same', async () => {
      const first = lastDayOf(monthOf(domainProfile(TARGET).firstSeenMonth));
      assert.deepEqual(await history({ target: TARGET, date_from: '2000-01-01', date_to: first }), (await history({ target: TARGET })).slice(0, 1));
      assert.deepEqual(await history({ target: TARGET, date_from: '2000-01-01', date_to: '2000-12-31' }), []);
      assert.deepEqual((await history({ target: TARGET, date_from: '2026-10-15' })).map((row) => row.date), [DATA_MONTH_END]);
    });

    test('bad dates are a 400 naming the field, never charged', async () => {
      const path = '/v1/seo/backlinks/history';
      await refused(path, { target: TARGET, date_to: '2026-02-30' }, /^date_to: must be a real calendar date/);
      await refused(path, { target: TARGET, date_from: '2025-02-29' }, /^date_from: must be a real calendar date/);
      await refused(path, { target: TARGET, date_from: '2026-13-01' }, /^date_from: must be a real calendar date/);
      await refused(path, { target: TARGET, date_from: '2026-1-5' }, /^date_from: must be a real calendar date/);
      await refused(path, { target: TARGET, date_from: '2026-03-01', date_to: '2026-02-28' }, /^date_from: must not be after date_to/);
      await refused(path, { target: TARGET, date_to: dayAfter(todayUtc()) }, /^date_to: must not be in the future/);
      await refused(path, { target: TARGET, date_from: dayAfter(todayUtc()) }, /^date_from: must not be in the future/);
      await refused(path, { target: 'https://example.com' }, /^target: must be a bare domain/);
      await refused(path, {}, /^target: is required/);
    });
  });

  describe('anchors', () => {
    for (const [rows, usd] of [[1, 0.06], [100, 0.06], [250, 0.08], [500, 0.1], [1000, 0.15]] as const) {
      test(`${rows} rows cost $${usd.toFixed(2)}`, async () => {
        const anchors = (await paid('/v1/seo/backlinks/anchors', { target: TARGET, limit: rows }, usd)).body.data.anchors;
        assert.equal(anchors.length, rows);
      });
    }

    test('most backlinks first, each plausible against the profile', async () => {
      const profile = domainProfile(TARGET);
      const { target, anchors } = (await paid('/v1/seo/backlinks/anchors', { target: TARGET }, 0.06)).body.data;
      assert.equal(target, TARGET);
      assert.equal(anchors.length, 100, 'default limit');
      assert.equal(new Set(anchors.map((anchor: { anchor: string }) => anchor.anchor)).size, 100, 'distinct anchors');
      anchors.forEach((anchor: { anchor: string; backlinks: number; dofollow: number; firstSeen: string; lastSeen: string; referringDomains: number }, index: number) => {
        if (index > 0) assert.ok(anchor.backlinks <= anchors[index - 1].backlinks, 'sorted by backlinks');
        assert.ok(anchor.backlinks <= profile.backlinks);
        assert.ok(anchor.dofollow <= anchor.backlinks);
        assert.ok(anchor.referringDomains >= 1 && anchor.referringDomains <= anchor.backlinks && anchor.referringDomains <= profile.referringDomains);
        assert.match(anchor.firstSeen, /^\d{4}-\d{2}-\d{2}$/);
        assert.ok(anchor.lastSeen === '' || anchor.lastSeen >= anchor.firstSeen);
      });
      assert.ok(anchors.some((anchor: { anchor: string }) => anchor.anchor === ''), 'image links have an empty anchor');
    });

    test('a small site has fewer anchors than asked, and pays only for those', async () => {
      const domain = smallDomain();
      const before = await app.balance(accountId);
      const response = await app.post('/v1/seo/backlinks/anchors', { target: domain, limit: 1000 }, apiKey);
      assert.equal(response.status, 200);
      const anchors = response.body.data.anchors;
      assert.ok(anchors.length > 0 && anchors.length < 100, `${anchors.length} anchors`);
      assert.ok(anchors.length <= domainProfile(domain).backlinks);
      assert.equal(before - (await app.balance(accountId)), 60_000, '0.05 + rows/100 × 0.01, up to the cent');
    });

    test('limits outside 1..1000 are refused, never charged', async () => {
      await refused('/v1/seo/backlinks/anchors', { target: TARGET, limit: 0 }, /^limit: must be at least 1/);
      await refused('/v1/seo/backlinks/anchors', { target: TARGET, limit: 1001 }, /^limit: must be at most 1000/);
    });
  });

  describe('summary, list and referring domains', () => {
    test('the summary is the profile, dofollow and nofollow adding up', async () => {
      const profile = domainProfile('github.com');
      const summary = (await paid('/v1/seo/backlinks/summary', { target: 'github.com' }, 0.05)).body.data;
      assert.deepEqual(summary, {
        target: 'github.com',
        totalBacklinks: profile.backlinks,
        referringDomains: profile.referringDomains,
        referringIps: profile.referringIps,
        dofollowBacklinks: profile.dofollowBacklinks,
        nofollowBacklinks: profile.backlinks - profile.dofollowBacklinks,
        brokenBacklinks: profile.brokenBacklinks,
        domainRank: profile.domainRank,
      });
    });

    test('a page URL is a target too, with fewer links than its domain', async () => {
      const page = (await paid('/v1/seo/backlinks/summary', { target: 'https://example.com/pricing' }, 0.05)).body.data;
      assert.equal(page.target, 'https://example.com/pricing');
      assert.ok(page.totalBacklinks >= 1 && page.totalBacklinks < domainProfile(TARGET).backlinks);
      const list = (await paid('/v1/seo/backlinks/list', { target: 'https://example.com/pricing', limit: 5 }, 0.06)).body.data.backlinks;
      assert.ok(list.every((link: { to: string }) => link.to === 'https://example.com/pricing'));
    });

    test('the list: exactly `limit` links from the referring domains, strongest first', async () => {
      const { backlinks } = (await paid('/v1/seo/backlinks/list', { target: TARGET, limit: 250 }, 0.08)).body.data;
      const { referringDomains } = (await paid('/v1/seo/backlinks/referring-domains', { target: TARGET, limit: 1000 }, 0.15)).body.data;
      assert.equal(backlinks.length, 250);
      const referring = new Set(referringDomains.map((domain: { domain: string }) => domain.domain));
      backlinks.forEach((link: { from: string; fromDomain: string; to: string; domainAuthority: number; spamScore: number; status: string; firstSeen: string; lastSeen: string }, index: number) => {
        assert.ok(referring.has(link.fromDomain), `${link.fromDomain} is a referring domain`);
        assert.equal(new URL(link.from).hostname, link.fromDomain);
        assert.equal(new URL(link.to).hostname, TARGET);
        assert.equal(link.domainAuthority, domainProfile(link.fromDomain).domainRating);
        assert.ok(['live', 'broken', 'lost'].includes(link.status));
        assert.ok(link.spamScore >= 0 && link.spamScore <= 100);
        assert.ok(link.lastSeen >= link.firstSeen);
        if (index > 0) assert.ok(link.domainAuthority <= backlinks[index - 1].domainAuthority);
      });
    });

    test('referring domains: most backlinks first, ranked as their own profiles say', async () => {
      const { referringDomains } = (await paid('/v1/seo/backlinks/referring-domains', { target: TARGET, limit: 50 }, 0.06)).body.data;
      assert.equal(referringDomains.length, 50);
      referringDomains.forEach((domain: { domain: string; backlinks: number; dofollow: number; rank: number }, index: number) => {
        assert.equal(domain.rank, domainProfile(domain.domain).domainRank);
        assert.ok(domain.dofollow <= domain.backlinks);
        assert.notEqual(domain.domain, TARGET);
        if (index > 0) assert.ok(domain.backlinks <= referringDomains[index - 1].backlinks);
      });
    });

    test('never more referring domains than the profile holds', async () => {
      const domain = smallDomain();
      const { referringDomains } = (await app.post('/v1/seo/backlinks/referring-domains', { target: domain, limit: 1000 }, apiKey)).body.data;
      assert.equal(referringDomains.length, domainProfile(domain).referringDomains);
    });

    test('targets must be domains or http(s) page URLs', async () => {
      await refused('/v1/seo/backlinks/list', { target: 'ftp://example.com' }, /^target: /);
      await refused('/v1/seo/backlinks/list', { target: 'https://' }, /^target: 'https:\/\/' is not a valid page URL/);
      await refused('/v1/seo/backlinks/summary', { target: 'not a domain' }, /^target: /);
    });
  });

  describe('intersections', () => {
    test('domains linking to every target, with their links to each', async () => {
      const targets = ['example.com', 'github.com', 'nytimes.com'];
      const data = (await paid('/v1/seo/backlinks/domain-intersection', { targets, limit: 20 }, 0.06)).body.data;
      assert.deepEqual(data.targets, targets);
      assert.equal(data.intersections.length, 20);
      data.intersections.forEach((row: { domain: string; rank: number; backlinks: number; targets: Record<string, number> }, index: number) => {
        assert.deepEqual(Object.keys(row.targets), targets);
        assert.equal(row.backlinks, Object.values(row.targets).reduce((sum, links) => sum + links, 0));
        assert.ok(Object.values(row.targets).every((links) => links >= 1));
        assert.equal(row.rank, domainProfile(row.domain).domainRank);
        assert.ok(!targets.includes(row.domain));
        if (index > 0) assert.ok(row.rank <= data.intersections[index - 1].rank);
      });
    });

    test('pages linking to every target, page URLs accepted as targets', async () => {
      const targets = ['example.com', 'https://github.com/features'];
      const data = (await paid('/v1/seo/backlinks/page-intersection', { targets, limit: 10 }, 0.06)).body.data;
      assert.deepEqual(data.targets, targets);
      assert.equal(data.intersections.length, 10);
      for (const row of data.intersections) {
        assert.equal(new URL(row.url).hostname, row.domain);
        assert.ok(row.rank >= 0 && row.rank <= 1000);
        assert.deepEqual(Object.keys(row.targets), targets);
      }
    });

    test('2 to 20 distinct targets, or a 400 naming the rule', async () => {
      await refused('/v1/seo/backlinks/domain-intersection', { targets: ['example.com'] }, /^targets: must have at least 2 items/);
      await refused('/v1/seo/backlinks/domain-intersection', { targets: Array.from({ length: 21 }, (_, index) => `site${index}.com`) }, /^targets: must have at most 20 items/);
      await refused('/v1/seo/backlinks/domain-intersection', { targets: ['example.com', 'EXAMPLE.com'] }, /^targets\[1\]: duplicate target 'example.com'/);
      await refused('/v1/seo/backlinks/page-intersection', { targets: ['example.com', 'http://'] }, /^targets\[1\]: /);
    });
  });

  test('the same request twice gives identical data', async () => {
    for (const [path, body] of [
      ['/v1/seo/backlinks/history', { target: 'reddit.com', date_from: '2025-01-01' }],
      ['/v1/seo/backlinks/anchors', { target: 'reddit.com', limit: 30 }],
      ['/v1/seo/backlinks/list', { target: 'reddit.com', limit: 30 }],
      ['/v1/seo/backlinks/page-intersection', { targets: ['reddit.com', 'github.com'], limit: 30 }],
    ] as const) {
      const first = await app.post(path, body, apiKey);
      const second = await app.post(path, body, apiKey);
      assert.equal(first.status, 200, path);
      assert.deepEqual(second.body.data, first.body.data, path);
    }
  });
});
