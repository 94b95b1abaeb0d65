import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/** POST /v1/search/websearch serves the country asked for: its sites, in its language, as /v1/serp/websearch ranks them there. */

/** The domains of the raw page's organic results, in order. */
function organicSites(html: string): string[] {
  return [...html.matchAll(/<div class="result" data-type="organic"[^>]*>.*?<cite>([^<]*)<\/cite>/g)].map((match) => match[1]!);
}

describe(`the raw search page by country, sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;

  before(async () => {
    app = await startTestApp();
    ({ apiKey } = await app.createAccount('10.00'));
  });
  after(() => app?.close());

  async function data(path: string, body: unknown): Promise<any> {
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 200, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    return response.body.data;
  }

  test('a German page lists the sites /v1/serp/websearch ranks for Germany in German, in order, and differs from the US page', async () => {
    const query = 'coffee beans';
    const pages: Record<string, string> = {};
    for (const [country, locationCode, language] of [['us', 2840, 'en'], ['de', 2276, 'de']] as const) {
      const { html } = await data('/v1/search/websearch', { query, country, numResults: 10 });
      const web = await data('/v1/serp/websearch', { query, depth: 10, location_code: locationCode, language });
      const sites = web.results.filter((result: { type: string }) => result.type === 'organic').map((result: { domain: string }) => result.domain);
      assert.ok(sites.length > 0);
      assert.deepEqual(organicSites(html), sites, country);
      assert.match(html, new RegExp(`<html lang="${language}">`), country);
      pages[country] = html;
    }
    assert.notDeepEqual(organicSites(pages.de!), organicSites(pages.us!));
  });
});
