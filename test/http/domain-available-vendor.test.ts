import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkResponse, errorResponse, type CheckRow } from '../../src/providers/namecheap/fixtures/responses';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { NAMECHEAP_CREDENTIALS, startFakeNamecheap, type FakeNamecheap } from '../fakes/namecheap-server';

/**
 * /v1/seo/domain/available on Namecheap's `namecheap.domains.check` (a fake of its XML API): what
 * the adapter sends (one GET, the global parameters, every domain in DomainList), how each
 * DomainCheckResult maps, per-domain errors in our words, API errors as 502s, never charged.
 */

/** What the fake vendor says; none of it may reach a customer. */
const VENDOR_TEXTS = ['RequestIP', 'is invalid', 'TLD is not supported', 'Enom', NAMECHEAP_CREDENTIALS.NAMECHEAP_API_KEY, NAMECHEAP_CREDENTIALS.NAMECHEAP_CLIENT_IP];

describe(`Namecheap domains.check: /v1/seo/domain/available (${testDatabaseLabel()})`, () => {
  let vendor: FakeNamecheap;
  let app: TestApp;
  before(async () => {
    vendor = await startFakeNamecheap();
    app = await startTestApp({}, { ...vendor.environment, TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000' });
  });
  after(async () => {
    await app?.close();
    await vendor?.close();
  });
  beforeEach(() => vendor.fake.reset());

  /** Answers each check with `rows` for the domains asked (in the vendor's own order: reversed). */
  function vendorKnows(rows: Record<string, Omit<CheckRow, 'domain'>>): void {
    vendor.onCheck((request) => {
      const asked = request.query.get('DomainList')!.split(',');
      return checkResponse(asked.reverse().flatMap((domain) => (rows[domain] ? [{ domain, ...rows[domain] }] : [])));
    });
  }

  async function failedUncharged(body: unknown): Promise<string> {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/seo/domain/available', body, apiKey);
    assert.equal(response.status, 502, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
    assert.equal(await app.balance(accountId), 1_000_000, 'not charged');
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
    return response.body.error.message;
  }

  test('one GET with the global parameters and every domain; results mapped by name, in the caller’s order; $0.02, served live', async () => {
    vendorKnows({
      'tollgate-example.com': { available: true, icannFee: '0.18' },
      'google.com': { available: false, icannFee: '0' },
      'us.xyz': { available: true, premium: { registration: '13000.0000', renewal: '13.4800' }, icannFee: '0.18' },
      'fresh.app': { available: true, eapFee: '1250.5', icannFee: '0.18' },
    });
    const { response, cost } = await app.paidCall('/v1/seo/domain/available', { domains: ['tollgate-example.com', 'google.com', 'us.xyz', 'fresh.app'] }, 'live');
    assert.equal(cost, 20_000);
    assert.deepEqual(response.body.data.domains, [
      { domain: 'tollgate-example.com', available: true, isPremium: false, premiumRegistrationPrice: 0, premiumRenewalPrice: 0, icannFee: 0.18, eapFee: 0 },
      { domain: 'google.com', available: false, isPremium: false, premiumRegistrationPrice: 0, premiumRenewalPrice: 0, icannFee: 0, eapFee: 0 },
      { domain: 'us.xyz', available: true, isPremium: true, premiumRegistrationPrice: 13000, premiumRenewalPrice: 13.48, icannFee: 0.18, eapFee: 0 },
      { domain: 'fresh.app', available: true, isPremium: false, premiumRegistrationPrice: 0, premiumRenewalPrice: 0, icannFee: 0.18, eapFee: 1250.5 },
    ]);
    assert.equal(vendor.fake.requests.length, 1);
    const sent = vendor.fake.requests[0]!;
    assert.equal(sent.method, 'GET');
    assert.equal(sent.path, '/xml.response');
    assert.deepEqual(Object.fromEntries(sent.query), {
      ApiUser: 'tollgate-api',
      ApiKey: NAMECHEAP_CREDENTIALS.NAMECHEAP_API_KEY,
      UserName: 'tollgate-api',
      ClientIp: '203.0.113.7',
      Command: 'namecheap.domains.check',
      DomainList: 'tollgate-example.com,google.com,us.xyz,fresh.app',
    });
  });

  test('50 domains, the most a call takes, go in one request', async () => {
    const domains = Array.from({ length: 50 }, (_, index) => `tollgate-name-${index}.com`);
    vendorKnows(Object.fromEntries(domains.map((domain, index) => [domain, { available: index % 2 === 0 }])));
    const { response } = await app.paidCall('/v1/seo/domain/available', { domains }, 'live');
    assert.deepEqual(response.body.data.domains.map((entry: { available: boolean }) => entry.available), domains.map((_, index) => index % 2 === 0));
    assert.equal(vendor.fake.requests.length, 1);
    assert.equal(vendor.fake.requests[0]!.query.get('DomainList')!.split(',').length, 50);
  });

  test('a per-domain error, and a domain the vendor left out, are that entry’s error in our words; the call succeeds', async () => {
    vendorKnows({
      'tollgate-example.com': { available: true, icannFee: '0.18' },
      'tollgate-example.zz': { available: false, error: { number: '2030280', description: 'TLD is not supported in API' } },
    });
    const { response } = await app.paidCall('/v1/seo/domain/available', { domains: ['tollgate-example.com', 'tollgate-example.zz', 'tollgate-missing.net'] }, 'live');
    const [ok, unsupported, missing] = response.body.data.domains;
    assert.equal(ok.error, undefined);
    assert.equal(unsupported.available, false);
    assert.match(unsupported.error, /^could not be checked \(the registrar reported error 2030280/);
    assert.match(missing.error, /did not answer for it/);
    for (const entry of [unsupported, missing]) assertNeutralMessage(entry.error, VENDOR_TEXTS);
  });

  test('one domain (`domain`) is checked the same way', async () => {
    vendorKnows({ 'tollgate-example.io': { available: true, icannFee: '0' } });
    const { response } = await app.paidCall('/v1/seo/domain/available', { domain: 'tollgate-example.io' }, 'live');
    assert.equal(response.body.data.domains[0].available, true);
    assert.equal(vendor.fake.requests[0]!.query.get('DomainList'), 'tollgate-example.io');
  });

  test('an internationalised name is checked and answered in its ASCII form (the sandbox answers the same: test/http/sandbox.test.ts)', async () => {
    vendorKnows({ 'xn--e1afmkfd.xn--p1ai': { available: true, icannFee: '0' } });
    const { response } = await app.paidCall('/v1/seo/domain/available', { domains: ['Пример.рф', 'tollgate-example.com'] }, 'live');
    assert.equal(vendor.fake.requests[0]!.query.get('DomainList'), 'xn--e1afmkfd.xn--p1ai,tollgate-example.com');
    assert.deepEqual(response.body.data.domains.map((entry: { domain: string }) => entry.domain), ['xn--e1afmkfd.xn--p1ai', 'tollgate-example.com']);
  });

  test('an API error (address not whitelisted) is a 502 saying configuration, in our words, not charged', async () => {
    vendor.onCheck(() => errorResponse('1011150', 'Parameter RequestIP is invalid'));
    const message = await failedUncharged({ domains: ['tollgate-example.com'] });
    assert.match(message, /unavailable \(configuration\)/);
    assertNeutralMessage(message, VENDOR_TEXTS);
  });

  test('any other API error is a 502 too', async () => {
    vendor.onCheck(() => errorResponse('3031510', 'Error response from Enom'));
    const message = await failedUncharged({ domains: ['tollgate-example.com'] });
    assert.match(message, /could not check the domains/);
    assertNeutralMessage(message, VENDOR_TEXTS);
  });

  test('HTTP 503, an answer that is not XML, or XML of another shape: 502, not charged', async () => {
    vendor.onCheck(() => ({ status: 503, raw: 'Service Unavailable' }));
    assertNeutralMessage(await failedUncharged({ domains: ['tollgate-example.com'] }), VENDOR_TEXTS);
    vendor.onCheck(() => '{"not": "xml"}');
    assert.match(await failedUncharged({ domains: ['tollgate-example.com'] }), /unexpected shape|malformed/);
    vendor.onCheck(() => '<ApiResponse Status="OK"><CommandResponse><DomainCheckResult Domain="a.com" Available="maybe" /></CommandResponse></ApiResponse>');
    assert.match(await failedUncharged({ domains: ['a.com'] }), /unexpected shape/);
  });
});
