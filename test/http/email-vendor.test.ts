import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as answers from '../../src/providers/tomba/fixtures/answers';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startTestDnsServer, type TestDnsServer } from '../helpers/test-dns-server';
import { startFakeTomba, TOMBA_CREDENTIALS, type FakeTomba } from '../fakes/tomba-server';

/**
 * The email endpoints on the contact-data vendor (a fake of Tomba's API): the server started with
 * TOMBA_* pointing at the fake serves them from it (`x-tollgate-provider: tomba`), maps its
 * answers into our records, charges the exact price (domain-search per started 10 addresses
 * returned), and answers a spent quota, a vendor error or a malformed answer with a 502 in our
 * words, not charged.
 */

const JANE = 'jane.doe@acme-widgets.example';
/** What the fake vendor says, and its credentials; none of it may reach a customer. */
const VENDOR_TEXTS = ['monthly search limit', 'Internal Server Error', 'Jane Doe lookups', TOMBA_CREDENTIALS.TOMBA_KEY, TOMBA_CREDENTIALS.TOMBA_SECRET, 'tomba'];

describe(`Tomba behind /v1/email/* (${testDatabaseLabel()})`, () => {
  let vendor: FakeTomba;
  let dns: TestDnsServer;
  let app: TestApp;
  before(async () => {
    vendor = await startFakeTomba();
    dns = await startTestDnsServer({ 'acme-widgets.example': { MX: [{ exchange: 'mx1.acme-widgets.example', priority: 10 }] } });
    app = await startTestApp({}, {
      ...vendor.environment,
      TOLLGATE_EXPOSE_VENDOR_NAMES: 'true',
      TOLLGATE_DNS_SERVERS: dns.servers.join(','),
      TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000',
    });
  });
  after(async () => {
    await app?.close();
    await dns?.close();
    await vendor?.close();
  });
  beforeEach(() => vendor.reset());

  async function failedUncharged(path: string, body: unknown): Promise<string> {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 502, JSON.stringify(response.body));
    assert.equal(response.body.ok, false);
    assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
    assert.equal(await app.balance(accountId), 1_000_000, 'not charged');
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
    assertNeutralMessage(response.body.error.message, VENDOR_TEXTS);
    assert.doesNotMatch(response.body.error.message, /jane|doe/i);
    return response.body.error.message;
  }

  test('finder: the vendor’s contact in our record, $0.04, served by tomba; what was sent', async () => {
    vendor.on('email-finder', answers.FINDER_FOUND);
    const { response, cost } = await app.paidCall('/v1/email/finder', { domain: 'Acme-Widgets.example', first_name: 'Jane', last_name: 'Doe' }, 'tomba');
    assert.equal(cost, 40_000);
    assert.equal(response.body.ok, true);
    assert.deepEqual(response.body.data.contact, {
      email: JANE, firstName: 'Jane', lastName: 'Doe', fullName: 'Jane Doe', company: 'Acme Widgets', companyDomain: 'acme-widgets.example',
      position: 'Head of Marketing', department: 'marketing', seniority: 'senior', gender: 'female', country: 'US', confidenceScore: 97,
      type: 'personal', verified: true, verificationStatus: 'valid', acceptAll: false, disposable: false, webmail: false, hasPhone: true,
      prof: 'https://www.prof.com/in/jane-doe-acme', micro: 'https://micro.com/janedoe_acme',
      sources: [{ domain: 'blog.acme-widgets.example', firstSeen: '2025-02-11T09:30:00+00:00', lastSeen: '2026-10-02T17:05:00+00:00' }],
    });
    const sent = vendor.requests('email-finder');
    assert.equal(sent.length, 1);
    assert.deepEqual(Object.fromEntries(sent[0]!.query), { domain: 'acme-widgets.example', first_name: 'Jane', last_name: 'Doe' });
    assert.equal(sent[0]!.headers['x-tomba-key'], TOMBA_CREDENTIALS.TOMBA_KEY);
    assert.equal(sent[0]!.headers['x-tomba-secret'], TOMBA_CREDENTIALS.TOMBA_SECRET);
  });

  test('enrich finding nothing is a success with null fields and confidence 0, charged its $0.02', async () => {
    vendor.on('enrich', answers.NOT_FOUND);
    const { response, cost } = await app.paidCall('/v1/email/enrich', { email: 'Nobody@Acme-Widgets.example' }, 'tomba');
    assert.equal(cost, 20_000);
    assert.equal(response.body.data.contact.email, null);
    assert.equal(response.body.data.contact.confidenceScore, 0);
    assert.deepEqual(Object.fromEntries(vendor.requests('enrich')[0]!.query), { email: 'nobody@acme-widgets.example' });
  });

  test('domain-search: 15 addresses of page 2 from Tomba’s pages 2 and 3 of 10, charged per started 10 returned ($0.06)', async () => {
    vendor.on('domain-search', (request) => answers.domainSearchPage(35, Number(request.query.get('page')), Number(request.query.get('limit'))));
    const { response, cost } = await app.paidCall('/v1/email/domain-search', { domain: 'acme-widgets.example', limit: 15, page: 2, department: 'engineering' }, 'tomba');
    assert.equal(cost, 60_000);
    assert.equal(response.body.data.total, 35);
    assert.equal(response.body.data.emails.length, 15);
    assert.equal(response.body.data.emails[0].email, 'employee.15@acme-widgets.example');
    assert.equal(response.body.data.company.name, 'Acme Widgets');
    assert.equal(response.body.data.company.emailPattern, '{first}.{last}');
    assert.deepEqual(vendor.requests('domain-search').map((request) => [request.query.get('page'), request.query.get('limit'), request.query.get('department')]), [
      ['2', '10', 'engineering'],
      ['3', '10', 'engineering'],
    ]);
  });

  test('company: the company profile, $0.03', async () => {
    vendor.on('companies/find', answers.COMPANY_FOUND);
    const { response, cost } = await app.paidCall('/v1/email/company', { domain: 'acme-widgets.example' }, 'tomba');
    assert.equal(cost, 30_000);
    const company = response.body.data.company;
    assert.deepEqual([company.name, company.legalName, company.foundedYear, company.metrics.employeesRange, company.phones], ['Acme Widgets', 'Acme Widgets, Inc.', 2009, '51-200', ['+14155550100']]);
  });

  test('phone-finder: the vendor’s number read by Tollgate itself (formats, line type, time zones), its carrier kept; $0.10', async () => {
    vendor.on('phone-finder', answers.PHONE);
    const { response, cost } = await app.paidCall('/v1/email/phone-finder', { prof: 'https://www.prof.com/in/jane-doe-acme' }, 'tomba');
    assert.equal(cost, 100_000);
    assert.equal(response.body.data.e164Format, '+14155550123');
    assert.equal(response.body.data.countryCode, 'US');
    assert.equal(response.body.data.email, JANE);
    assert.ok(Array.isArray(response.body.data.timezones));
    assert.deepEqual(Object.fromEntries(vendor.requests('phone-finder')[0]!.query), { linkedin: 'https://www.linkedin.com/in/jane-doe-acme' });
  });

  test('verify without SMTP probing: MX from the configured resolvers, the mailbox from the vendor’s verifier; $0.01', async () => {
    vendor.on('email-verifier', answers.VERIFIER_VALID);
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/email/verify', { email: JANE }, apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.match(response.headers.get('x-tollgate-provider') ?? '', /\btomba\b/);
    assert.equal(response.body.data.status, 'valid');
    assert.equal(response.body.data.checks.smtp, true);
    assert.deepEqual(response.body.data.mxRecords, ['mx1.acme-widgets.example']);
    assert.equal(await app.balance(accountId), 1_000_000 - 10_000);
    assert.deepEqual(Object.fromEntries(vendor.requests('email-verifier')[0]!.query), { email: JANE });
  });

  test('a spent quota, a vendor error and a malformed answer: 502 in our words, not charged', async () => {
    vendor.on('email-finder', answers.QUOTA_EXHAUSTED);
    assert.match(await failedUncharged('/v1/email/finder', { domain: 'acme-widgets.example', first_name: 'Jane', last_name: 'Doe' }), /quota or configuration/);
    vendor.on('people/find', answers.SERVER_ERROR);
    assert.match(await failedUncharged('/v1/email/person', { email: JANE }), /failing right now/);
    vendor.on('email-count', answers.TRUNCATED);
    assert.match(await failedUncharged('/v1/email/count', { domain: 'acme-widgets.example' }), /malformed/);
    vendor.on('similar', answers.WRONG_SHAPE);
    assert.match(await failedUncharged('/v1/email/similar', { domain: 'acme-widgets.example' }), /unexpected shape/);
  });
});
