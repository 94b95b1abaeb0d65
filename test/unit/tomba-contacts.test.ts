import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContactsProvider } from '../../src/providers/families/contacts';
import type { CallOptions } from '../../src/providers/providers';
import { tombaContacts } from '../../src/providers/tomba';
import { UNIT_COSTS } from '../../src/providers/tomba/costs';
import * as answers from '../../src/providers/tomba/fixtures/answers';
import { Contact, Company, DomainSearch, EmailCount, emptyContact, Person } from '../../src/schemas/contact';
import { startFakeTomba, TOMBA_CREDENTIALS, type FakeTomba } from '../fakes/tomba-server';

/**
 * The Tomba adapter against a fake of its API: for every method of the contacts family, what it
 * sends (path, query, key and secret) and how a documented answer maps, field by field; a lookup
 * that finds nothing is a success with nulls. Failures: tomba-failures.test.ts.
 */

const JANE = 'jane.doe@acme-widgets.example';

/** FINDER_FOUND as our Contact. */
const JANE_CONTACT: Contact = {
  email: JANE,
  firstName: 'Jane',
  lastName: 'Doe',
  fullName: 'Jane Doe',
  company: 'Acme Widgets',
  companyDomain: 'acme-widgets.example',
  position: 'Head of Marketing',
  department: 'marketing',
  seniority: 'senior',
  gender: 'female',
  country: 'US',
  confidenceScore: 97,
  type: 'personal',
  verified: true,
  verificationStatus: 'valid',
  acceptAll: false,
  disposable: false,
  webmail: false,
  hasPhone: true,
  // The networks' own hosts become our neutral ones (every email endpoint takes and answers these).
  prof: 'https://www.prof.com/in/jane-doe-acme',
  micro: 'https://micro.com/janedoe_acme',
  // The second source has neither date: left out.
  sources: [{ domain: 'blog.acme-widgets.example', firstSeen: '2025-02-11T09:30:00+00:00', lastSeen: '2026-10-02T17:05:00+00:00' }],
};

/** Nothing found: every field null (flags false), confidence 0. */
const NOBODY: Contact = emptyContact();

describe('Tomba adapter: requests and mapping', () => {
  let vendor: FakeTomba;
  let contacts: ContactsProvider;
  let costs: number[];
  let call: CallOptions;
  before(async () => {
    vendor = await startFakeTomba();
    contacts = tombaContacts({ key: TOMBA_CREDENTIALS.TOMBA_KEY, secret: TOMBA_CREDENTIALS.TOMBA_SECRET, baseUrl: vendor.baseUrl, timeoutMs: 3000 });
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    costs = [];
    call = { signal: new AbortController().signal, upstreamCost: (micros) => costs.push(micros) };
  });

  /** The one request made: its path (after /v1/) and query. */
  function sent(): { path: string; query: Record<string, string> } {
    assert.equal(vendor.fake.requests.length, 1, 'one vendor request');
    const request = vendor.fake.requests[0]!;
    assert.equal(request.method, 'GET');
    assert.equal(request.headers['x-tomba-key'], TOMBA_CREDENTIALS.TOMBA_KEY);
    assert.equal(request.headers['x-tomba-secret'], TOMBA_CREDENTIALS.TOMBA_SECRET);
    return { path: request.path.replace('/v1/', ''), query: Object.fromEntries(request.query) };
  }

  test('enrich: GET /enrich?email=…, the key and secret in headers, the finder answer mapped field by field; one search priced', async () => {
    vendor.on('enrich', answers.FINDER_FOUND);
    const contact = await contacts.enrich({ email: JANE }, call);
    assert.deepEqual(contact, JANE_CONTACT);
    Contact.parse(contact);
    assert.deepEqual(sent(), { path: 'enrich', query: { email: JANE } });
    assert.deepEqual(costs, [UNIT_COSTS.search]);
  });

  test('enrich finding nothing (data null, data {}, or a 404 unknown_record) is a contact of nulls with confidence 0', async () => {
    for (const answer of [answers.NOT_FOUND, answers.EMPTY, answers.UNKNOWN_RECORD]) {
      vendor.on('enrich', answer);
      assert.deepEqual(await contacts.enrich({ email: JANE }, call), NOBODY, JSON.stringify(answer));
    }
  });

  test('finder: by domain (else by company name) with first_name and last_name', async () => {
    vendor.on('email-finder', answers.FINDER_FOUND);
    assert.deepEqual(await contacts.finder({ domain: 'acme-widgets.example', company: null, firstName: 'Jane', lastName: 'Doe' }, call), JANE_CONTACT);
    assert.deepEqual(sent().query, { domain: 'acme-widgets.example', first_name: 'Jane', last_name: 'Doe' });
    vendor.reset();
    vendor.on('email-finder', answers.NOT_FOUND);
    assert.deepEqual(await contacts.finder({ domain: null, company: 'Acme Widgets', firstName: 'Jane', lastName: 'Doe' }, call), NOBODY);
    assert.deepEqual(sent().query, { company: 'Acme Widgets', first_name: 'Jane', last_name: 'Doe' });
  });

  test('profileFinder: the professional-network path with the profile URL on the network’s own host; sources only when full', async () => {
    const url = 'https://www.prof.com/in/jane-doe-acme';
    const theirs = 'https://www.linkedin.com/in/jane-doe-acme';
    vendor.on('linkedin', answers.FINDER_FOUND);
    assert.deepEqual(await contacts.profileFinder({ url, full: true }, call), JANE_CONTACT);
    assert.deepEqual(sent(), { path: 'linkedin', query: { url: theirs, full: 'true' } });
    vendor.reset();
    vendor.on('linkedin', answers.FINDER_FOUND);
    assert.deepEqual(await contacts.profileFinder({ url, full: false }, call), { ...JANE_CONTACT, sources: [] });
    assert.deepEqual(sent().query, { url: theirs });
    vendor.reset();
    vendor.on('linkedin', answers.EMPTY);
    assert.deepEqual(await contacts.profileFinder({ url, full: false }, call), NOBODY);
  });

  test('person: people/find (Clearbit-shaped) to our Person; nothing found is the address with nulls', async () => {
    vendor.on('people/find', answers.PERSON_FOUND);
    const person = await contacts.person({ email: JANE }, call);
    assert.deepEqual(person, {
      email: JANE,
      firstName: 'Jane',
      lastName: 'Doe',
      fullName: 'Jane Doe',
      gender: 'female',
      bio: 'Makes widgets sell.',
      location: 'Austin, Texas, US',
      employment: { company: 'Acme Widgets', domain: 'acme-widgets.example', title: 'Head of Marketing', role: 'marketing', seniority: 'senior' },
      geo: { city: 'Austin', state: 'Texas', country: 'United States', countryCode: 'US' },
      social: { network: null, code: 'https://code.com/janedoe-acme', prof: 'https://www.prof.com/in/jane-doe-acme', micro: 'https://micro.com/janedoe_acme' },
    });
    Person.parse(person);
    assert.deepEqual(sent(), { path: 'people/find', query: { email: JANE } });
    vendor.on('people/find', answers.NOT_FOUND);
    const nobody = await contacts.person({ email: 'nobody@acme-widgets.example' }, call);
    assert.equal(nobody.email, 'nobody@acme-widgets.example');
    assert.equal(nobody.fullName, null);
    assert.deepEqual(nobody.employment, { company: null, domain: null, title: null, role: null, seniority: null });
  });

  test('company: companies/find to our Company — the range head count, phones in E.164 (unparsable ones dropped), handles as URLs', async () => {
    vendor.on('companies/find', answers.COMPANY_FOUND);
    const company = await contacts.company({ domain: 'acme-widgets.example' }, call);
    assert.deepEqual(company, {
      domain: 'acme-widgets.example',
      name: 'Acme Widgets',
      legalName: 'Acme Widgets, Inc.',
      description: 'Industrial widgets, made to order.',
      foundedYear: 2009,
      logo: 'https://logos.example/acme-widgets.png',
      category: { industry: 'Industrial Machinery', sector: 'Industrials', sicCode: '3569', naicsCode: '333998' },
      geo: { streetAddress: '1 Example Way', city: 'Austin', state: 'Texas', postalCode: '78701', country: 'United States', countryCode: 'US' },
      metrics: { employees: null, employeesRange: '51-200', estimatedAnnualRevenue: '$10M-$50M' },
      emails: ['info@acme-widgets.example', 'sales@acme-widgets.example'],
      phones: ['+14155550100'],
      social: { network: 'https://network.com/acmewidgets', prof: 'https://www.prof.com/company/acme-widgets', micro: 'https://micro.com/acmewidgets' },
    });
    Company.parse(company);
    assert.deepEqual(sent(), { path: 'companies/find', query: { domain: 'acme-widgets.example' } });
    vendor.on('companies/find', answers.NOT_FOUND);
    const unknown = await contacts.company({ domain: 'unknown.example' }, call);
    assert.equal(unknown.domain, 'unknown.example');
    assert.equal(unknown.name, null);
    assert.deepEqual([unknown.emails, unknown.phones], [[], []]);
  });

  test('combined: person and company in one request; no company (webmail) is null', async () => {
    vendor.on('combined/find', answers.COMBINED_FOUND);
    const both = await contacts.combined({ email: JANE }, call);
    assert.equal(both.person.fullName, 'Jane Doe');
    assert.equal(both.company?.domain, 'acme-widgets.example');
    assert.equal(both.company?.legalName, 'Acme Widgets, Inc.');
    assert.deepEqual(sent(), { path: 'combined/find', query: { email: JANE } });
    assert.deepEqual(costs, [UNIT_COSTS.search], 'one request, one search');
    vendor.on('combined/find', answers.COMBINED_PERSON_ONLY);
    assert.equal((await contacts.combined({ email: 'someone@webmail.example' }, call)).company, null);
    vendor.on('combined/find', answers.NOT_FOUND);
    const nothing = await contacts.combined({ email: 'nobody@acme-widgets.example' }, call);
    assert.deepEqual([nothing.person.email, nothing.person.fullName, nothing.company], ['nobody@acme-widgets.example', null, null]);
  });

  test('count: every department of ours (0 where Tomba has none) and the seniorities; one email count priced', async () => {
    vendor.on('email-count', answers.COUNT);
    const counted = await contacts.count({ domain: 'acme-widgets.example' }, call);
    EmailCount.parse(counted);
    assert.deepEqual([counted.total, counted.personalEmails, counted.genericEmails], [120, 110, 10]);
    assert.equal(counted.byDepartment.engineering, 40);
    assert.equal(counted.byDepartment.education, 0);
    assert.equal(counted.byDepartment.healthcare, 0);
    assert.deepEqual(counted.bySeniority, { junior: 60, senior: 40, executive: 5 });
    assert.deepEqual(sent(), { path: 'email-count', query: { domain: 'acme-widgets.example' } });
    assert.deepEqual(costs, [UNIT_COSTS.emailCount]);
    vendor.on('email-count', answers.NOT_FOUND);
    assert.equal((await contacts.count({ domain: 'unknown.example' }, call)).total, 0);
  });

  test('domainSearch: a page of our limit read as Tomba pages of 10 (one search each), rows mapped with the organization', async () => {
    vendor.on('domain-search', (request) => answers.domainSearchPage(35, Number(request.query.get('page')), Number(request.query.get('limit'))));
    const result = await contacts.domainSearch({ domain: 'acme-widgets.example', company: null, limit: 15, page: 2, department: 'engineering', country: 'us' }, call);
    DomainSearch.parse(result);
    // Our page 2 of 15 is addresses 15–29: Tomba's pages 2 and 3.
    assert.deepEqual(vendor.fake.requests.map((request) => Object.fromEntries(request.query)), [
      { domain: 'acme-widgets.example', department: 'engineering', country: 'US', page: '2', limit: '10' },
      { domain: 'acme-widgets.example', department: 'engineering', country: 'US', page: '3', limit: '10' },
    ]);
    assert.deepEqual(costs, [UNIT_COSTS.search, UNIT_COSTS.search]);
    assert.equal(result.total, 35);
    assert.deepEqual(result.emails.map((contact) => contact.email), Array.from({ length: 15 }, (_, index) => `employee.${15 + index}@acme-widgets.example`));
    assert.deepEqual(result.emails[0], {
      email: 'employee.15@acme-widgets.example', firstName: 'Employee', lastName: 'Number15', fullName: 'Employee Number15',
      company: 'Acme Widgets', companyDomain: 'acme-widgets.example', position: 'Widget Engineer', department: 'engineering', seniority: 'junior',
      gender: null, country: 'US', confidenceScore: 80, type: 'personal', verified: false, verificationStatus: null, acceptAll: false,
      disposable: false, webmail: false, hasPhone: false, prof: null, micro: null,
      sources: [{ domain: 'blog.acme-widgets.example', firstSeen: '2025-02-11T09:30:00+00:00', lastSeen: '2026-10-02T17:05:00+00:00' }],
    });
    assert.deepEqual(result.company, {
      domain: 'acme-widgets.example', name: 'Acme Widgets', description: 'Industrial widgets, made to order.', industry: 'Industrial Machinery',
      founded: 2009, size: '51-200', revenue: '$10M-$50M', type: 'privately held', emailPattern: '{first}.{last}', acceptAll: false,
      location: { address: '1 Example Way', city: 'Austin', state: 'Texas', postalCode: '78701', country: 'US' },
      social: { network: 'https://network.com/acmewidgets', code: null, photos: null, prof: 'https://www.prof.com/company/acme-widgets', micro: 'https://micro.com/acmewidgets', video: null },
    });
  });

  test('domainSearch stops at the last address: a short page ends it; past the end is an empty page with the total', async () => {
    vendor.on('domain-search', (request) => answers.domainSearchPage(12, Number(request.query.get('page')), Number(request.query.get('limit'))));
    const first = await contacts.domainSearch({ domain: null, company: 'Acme Widgets', limit: 50, page: 1, department: null, country: null }, call);
    assert.equal(first.emails.length, 12);
    assert.deepEqual(vendor.fake.requests.map((request) => request.query.get('page')), ['1', '2']);
    assert.equal(vendor.fake.requests[0]!.query.get('company'), 'Acme Widgets');
    assert.equal(first.emails[0]!.type, 'generic');
    vendor.reset();
    vendor.on('domain-search', (request) => answers.domainSearchPage(12, Number(request.query.get('page')), Number(request.query.get('limit'))));
    costs.length = 0;
    const beyond = await contacts.domainSearch({ domain: 'acme-widgets.example', company: null, limit: 10, page: 5, department: null, country: null }, call);
    assert.deepEqual([beyond.emails, beyond.total], [[], 12]);
    assert.deepEqual(costs, [0]);
  });

  test('domainSearch: nothing known is no addresses and a profile of nulls; a department Tomba cannot filter by asks nothing', async () => {
    vendor.on('domain-search', answers.NOT_FOUND);
    const nothing = await contacts.domainSearch({ domain: 'unknown.example', company: null, limit: 10, page: 1, department: null, country: null }, call);
    assert.deepEqual([nothing.emails, nothing.total, nothing.company.domain, nothing.company.name], [[], 0, 'unknown.example', null]);
    assert.deepEqual(costs, [0], 'a page without an address is not counted by the vendor');
    vendor.reset();
    costs.length = 0;
    const education = await contacts.domainSearch({ domain: 'acme-widgets.example', company: null, limit: 10, page: 1, department: 'education', country: null }, call);
    assert.deepEqual([education.emails, education.total], [[], 0]);
    assert.equal(vendor.fake.requests.length, 0);
    assert.deepEqual(costs, []);
  });

  test('format, locations, similar: the lists mapped, unusable entries left out', async () => {
    vendor.on('email-format', answers.FORMAT);
    assert.deepEqual(await contacts.format({ domain: 'acme-widgets.example' }, call), {
      patterns: [{ pattern: '{first}.{last}', percentage: 82 }, { pattern: '{f}{last}', percentage: 18 }],
    });
    vendor.on('location', answers.LOCATION);
    assert.deepEqual(await contacts.locations({ domain: 'acme-widgets.example' }, call), { locations: [{ country: 'US', count: 90 }, { country: 'DE', count: 20 }] });
    vendor.on('similar', answers.SIMILAR);
    assert.deepEqual(await contacts.similar({ domain: 'acme-widgets.example' }, call), {
      domains: [{ domain: 'widget-works.example', name: 'Widget Works', industry: 'Industrial Machinery' }, { domain: 'gadgetry.example', name: null, industry: null }],
    });
    assert.deepEqual(vendor.fake.requests.map((request) => `${request.path}?${request.query}`), [
      '/v1/email-format?domain=acme-widgets.example',
      '/v1/location?domain=acme-widgets.example',
      '/v1/similar?domain=acme-widgets.example',
    ]);
    for (const path of ['email-format', 'location', 'similar'] as const) vendor.on(path, answers.NOT_FOUND);
    assert.deepEqual(await contacts.format({ domain: 'unknown.example' }, call), { patterns: [] });
    assert.deepEqual(await contacts.locations({ domain: 'unknown.example' }, call), { locations: [] });
    assert.deepEqual(await contacts.similar({ domain: 'unknown.example' }, call), { domains: [] });
  });

  test('sources: the pages an address was seen on', async () => {
    vendor.on('email-sources', answers.SOURCES);
    assert.deepEqual(await contacts.sources({ email: JANE }, call), {
      sources: [{ domain: 'blog.acme-widgets.example', firstSeen: '2025-02-11T09:30:00+00:00', lastSeen: '2026-10-02T17:05:00+00:00' }],
    });
    assert.deepEqual(sent(), { path: 'email-sources', query: { email: JANE } });
    vendor.on('email-sources', answers.NOT_FOUND);
    assert.deepEqual(await contacts.sources({ email: 'nobody@acme-widgets.example' }, call), { sources: [] });
  });

  test('phone: phone-finder by exactly one of email, domain, profile (sent as the vendor’s `linkedin`); the raw number, country, carrier', async () => {
    vendor.on('phone-finder', answers.PHONE);
    assert.deepEqual(await contacts.phone({ email: JANE }, call), {
      number: '+14155550123', countryCode: 'US', carrier: 'Example Telecom', email: JANE, domain: null,
    });
    await contacts.phone({ domain: 'acme-widgets.example' }, call);
    await contacts.phone({ prof: 'https://www.prof.com/in/jane-doe-acme' }, call);
    assert.deepEqual(vendor.fake.requests.map((request) => Object.fromEntries(request.query)), [
      { email: JANE }, { domain: 'acme-widgets.example' }, { linkedin: 'https://www.linkedin.com/in/jane-doe-acme' },
    ]);
    assert.deepEqual(costs, [UNIT_COSTS.phone, UNIT_COSTS.phone, UNIT_COSTS.phone]);
    vendor.on('phone-finder', answers.NOT_FOUND);
    assert.deepEqual(await contacts.phone({ email: 'nobody@acme-widgets.example' }, call), { number: null, countryCode: null, carrier: null, email: null, domain: null });
  });

  test('mailbox: email-verifier’s SMTP check and catch-all flag, with sources; unknown when the server was not asked (webmail)', async () => {
    vendor.on('email-verifier', answers.VERIFIER_VALID);
    assert.deepEqual(await contacts.mailbox({ email: JANE }, call), {
      exists: true, acceptAll: false,
      sources: [{ domain: 'blog.acme-widgets.example', firstSeen: '2025-02-11T09:30:00+00:00', lastSeen: '2026-10-02T17:05:00+00:00' }],
    });
    assert.deepEqual(sent(), { path: 'email-verifier', query: { email: JANE } });
    assert.deepEqual(costs, [UNIT_COSTS.verification]);
    vendor.on('email-verifier', answers.VERIFIER_WEBMAIL);
    assert.deepEqual(await contacts.mailbox({ email: 'someone@webmail.example' }, call), { exists: null, acceptAll: null, sources: [] });
    vendor.on('email-verifier', answers.NOT_FOUND);
    assert.deepEqual(await contacts.mailbox({ email: JANE }, call), { exists: null, acceptAll: null, sources: [] });
  });

  test('acceptsAll: the verifier asked about a random address at the domain, never a real one', async () => {
    vendor.on('email-verifier', answers.VERIFIER_CATCH_ALL);
    assert.equal(await contacts.acceptsAll({ domain: 'catchall.example' }, call), true);
    vendor.on('email-verifier', answers.VERIFIER_VALID);
    assert.equal(await contacts.acceptsAll({ domain: 'acme-widgets.example' }, call), false);
    vendor.on('email-verifier', answers.VERIFIER_WEBMAIL);
    assert.equal(await contacts.acceptsAll({ domain: 'webmail.example' }, call), null);
    const probes = vendor.fake.requests.map((request) => request.query.get('email')!);
    assert.match(probes[0]!, /^[0-9a-f]{18}@catchall\.example$/);
    assert.match(probes[1]!, /^[0-9a-f]{18}@acme-widgets\.example$/);
    assert.notEqual(probes[0]!.split('@')[0], probes[1]!.split('@')[0], 'a fresh random local part each time');
  });
});
