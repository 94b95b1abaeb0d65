import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { endpoints } from '../../src/endpoints';
import { sandboxContacts } from '../../src/providers/sandbox/contacts';
import type { ContactsProvider } from '../../src/providers/families/contacts';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startTestDnsServer, type TestDnsServer } from '../helpers/test-dns-server';

/**
 * The email endpoints that read the contacts family, through the real server and database with
 * the sandbox's world: each one's answer and exact charge, and their agreement with one another
 * (the count is the domain search's total, the finder finds the people the search lists, verify
 * knows their mailboxes and not a stranger's, phone-finder has the numbers hasPhone promises).
 */

const NORTHWIND = 'northwind.example';
const GRETA = 'greta.stubridge@northwind.example';
/** A company of the world whose mail server accepts any address. */
const CATCH_ALL = 'vandelay.example';

/** Where an endpoint's answer comes from, as `x-tollgate-provider` says: the sandbox, Tollgate itself (no header), or both with the resolvers. */
const PROVIDER: Record<string, string | null> = { 'email.phone_validator': null, 'email.verify': 'live, sandbox' };

/** POSTs as a fresh funded account; a 200 whose provider header is the endpoint's; the data and what it cost. */
async function paid(app: TestApp, path: string, body: unknown): Promise<{ data: any; cost: number; response: Awaited<ReturnType<TestApp['post']>> }> {
  const { accountId, apiKey } = await app.createAccount('10.00');
  const response = await app.post(path, body, apiKey);
  assert.equal(response.status, 200, `${path}: ${JSON.stringify(response.body).slice(0, 300)}`);
  const id = endpoints.find((endpoint) => endpoint.path === path)!.id;
  assert.equal(response.headers.get('x-tollgate-provider'), id in PROVIDER ? PROVIDER[id] : 'sandbox');
  const cost = 10_000_000 - (await app.balance(accountId));
  assert.equal(await app.ledgerSum(accountId), 10_000_000 - cost);
  return { data: response.body.data, cost, response };
}

/** The documented examples served by the sandbox: a call with the example request answers the example response. */
const SANDBOX_EXAMPLES = [
  'email.enrich', 'email.person', 'email.combined', 'email.company', 'email.count', 'email.format', 'email.locations', 'email.similar',
  'email.sources', 'email.finder', 'email.profile_finder', 'email.domain_search', 'email.phone_finder', 'email.phone_validator', 'email.domain_status',
];

const PRICES: Record<string, number> = {
  'email.enrich': 20_000, 'email.person': 30_000, 'email.combined': 40_000, 'email.company': 30_000, 'email.count': 10_000, 'email.format': 10_000,
  'email.locations': 10_000, 'email.similar': 20_000, 'email.sources': 10_000, 'email.finder': 40_000, 'email.profile_finder': 40_000,
  'email.domain_search': 30_000, 'email.phone_finder': 100_000, 'email.phone_validator': 10_000, 'email.domain_status': 10_000,
};

describe(`email data endpoints on the sandbox world (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let dns: TestDnsServer;

  before(async () => {
    // Mail servers for verify: the world's companies have them (the sandbox answers for their mailboxes; probing is off).
    dns = await startTestDnsServer({
      [NORTHWIND]: { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }, { exchange: 'alt1.aspmx.l.google.com', priority: 5 }] },
      [CATCH_ALL]: { MX: [{ exchange: `mx.${CATCH_ALL}`, priority: 10 }] },
      'gmail.com': { MX: [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }] },
    });
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000', TOLLGATE_DNS_SERVERS: dns.servers.join(',') });
  });
  after(async () => {
    await app?.close();
    await dns?.close();
  });

  const post = async (path: string, body: unknown) => (await paid(app, path, body)).data;

  for (const id of SANDBOX_EXAMPLES) {
    test(`${id}: the documented example is what the sandbox answers, charged exactly its price`, async () => {
      const endpoint = endpoints.find((candidate) => candidate.id === id)!;
      const { response, cost } = await paid(app, endpoint.path, endpoint.examples.request);
      assert.deepEqual(response.body, { ok: true, data: endpoint.examples.response });
      assert.equal(cost, PRICES[id]);
      assert.equal(response.headers.get('x-cost-usd'), (PRICES[id]! / 1_000_000).toFixed(2));
    });
  }

  test('count, domain search, format and locations describe the same people', async () => {
    const count = await post('/v1/email/count', { domain: NORTHWIND });
    const emails: any[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const search = await post('/v1/email/domain-search', { domain: NORTHWIND, limit: 50, page });
      assert.equal(search.total, count.total);
      emails.push(...search.emails);
    }
    assert.equal(emails.length, count.total);
    assert.equal(emails.filter((contact) => contact.type === 'generic').length, count.genericEmails);
    const operations = await post('/v1/email/domain-search', { domain: NORTHWIND, department: 'operations', limit: 50 });
    assert.equal(operations.total, count.byDepartment.operations);
    assert.deepEqual(operations.emails, emails.filter((contact) => contact.department === 'operations'));

    const locations = (await post('/v1/email/locations', { domain: NORTHWIND })).locations;
    for (const { country, count: people } of locations) {
      assert.equal(people, emails.filter((contact) => contact.type === 'personal' && contact.country === country).length, country);
    }
    const pattern = (await post('/v1/email/format', { domain: NORTHWIND })).patterns[0].pattern;
    assert.equal(pattern, operations.company.emailPattern);
    assert.equal(pattern, '{first}.{last}');
    const company = await post('/v1/email/company', { domain: NORTHWIND });
    assert.deepEqual(company.company.emails, emails.filter((contact) => contact.type === 'generic').map((contact) => contact.email));
  });

  test('the finder finds a listed person by name (first and last, or full), with high confidence; a stranger gets the pattern\'s guess, lower', async () => {
    const listed = (await post('/v1/email/domain-search', { domain: NORTHWIND, limit: 5 })).emails;
    for (const contact of listed.filter((entry: any) => entry.type === 'personal')) {
      const byParts = await post('/v1/email/finder', { domain: NORTHWIND, first_name: contact.firstName, last_name: contact.lastName });
      assert.deepEqual(byParts.contact, contact);
      const byFull = await post('/v1/email/finder', { company: 'Northwind', domain: NORTHWIND, full_name: `  ${contact.fullName.toLowerCase()} ` });
      assert.deepEqual(byFull.contact, contact);
      assert.ok(contact.confidenceScore >= 85);
      assert.deepEqual((await post('/v1/email/enrich', { email: contact.email.toUpperCase() })).contact, contact);
    }
    const stranger = (await post('/v1/email/finder', { domain: NORTHWIND, first_name: 'Zebulon', last_name: 'Quixworthy' })).contact;
    assert.equal(stranger.email, 'zebulon.quixworthy@northwind.example');
    assert.deepEqual([stranger.firstName, stranger.lastName, stranger.company, stranger.companyDomain], ['Zebulon', 'Quixworthy', 'Northwind', NORTHWIND]);
    assert.ok(stranger.confidenceScore > 0 && stranger.confidenceScore < 85, String(stranger.confidenceScore));
    assert.equal(stranger.verified, false);
  });

  test("a stranger's guess carries the word verify and enrich give on it: the world's mail server refuses it", async () => {
    const stranger = (await post('/v1/email/finder', { domain: NORTHWIND, first_name: 'Jane', last_name: 'Quixworthy' })).contact;
    assert.equal(stranger.email, 'jane.quixworthy@northwind.example');
    assert.deepEqual([stranger.verificationStatus, stranger.verified], ['invalid', false]);
    assert.ok(stranger.confidenceScore > 0 && stranger.confidenceScore <= 15, String(stranger.confidenceScore));
    assert.equal((await post('/v1/email/enrich', { email: stranger.email })).contact.verificationStatus, 'invalid');
    assert.equal((await post('/v1/email/verify', { email: stranger.email })).status, 'invalid');
    const onCatchAll = (await post('/v1/email/finder', { domain: CATCH_ALL, first_name: 'Jane', last_name: 'Quixworthy' })).contact;
    assert.equal(onCatchAll.verificationStatus, 'accept_all');
    assert.equal((await post('/v1/email/verify', { email: onCatchAll.email })).status, 'accept_all');
  });

  test('a full name is split one way: particles go with the last name, a second given name with the first', async () => {
    const { contact } = await post('/v1/email/finder', { domain: NORTHWIND, full_name: 'Mary Ann van der Berg' });
    assert.deepEqual([contact.email, contact.firstName, contact.lastName], ['maryann.vanderberg@northwind.example', 'Mary Ann', 'van der Berg']);
  });

  test("a +tag reaches the person's mailbox; an address at a subdomain is not the company's mailbox of that name", async () => {
    const tagged = GRETA.replace('@', '+crm@');
    const verified = await post('/v1/email/verify', { email: tagged });
    assert.deepEqual([verified.email, verified.status, verified.score, verified.checks.smtp], [tagged, 'valid', 100, true]);
    const greta = (await post('/v1/email/enrich', { email: GRETA })).contact;
    assert.deepEqual((await post('/v1/email/enrich', { email: tagged })).contact, { ...greta, email: tagged }, 'Greta, the address as sent');

    const elsewhere = GRETA.replace('@', '@blog.');
    const enriched = (await post('/v1/email/enrich', { email: elsewhere })).contact;
    assert.deepEqual([enriched.email, enriched.fullName, enriched.companyDomain, enriched.verificationStatus], [elsewhere, null, NORTHWIND, null]);
  });

  test("verify names a webmail domain's service as its users know it (Gmail), a company's on the same servers Google Workspace", async () => {
    assert.equal((await post('/v1/email/verify', { email: 'jane.doe@gmail.com' })).smtpProvider, 'Gmail');
    assert.equal((await post('/v1/email/verify', { email: GRETA })).smtpProvider, 'Google Workspace');
  });

  test('invisible and text-direction characters make an address malformed: verify says so, with the reason', async () => {
    const { apiKey } = await app.createAccount('1.00');
    for (const email of ['\u200bgreta.stubridge@northwind.example', 'greta\u202e@northwind.example']) {
      const response = await app.post('/v1/email/verify', { email }, apiKey);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const answer = response.body.data;
      assert.deepEqual([answer.status, answer.checks.validFormat, answer.score], ['invalid', false, 0]);
      assert.match(answer.reason, /^The address is malformed: must not hold invisible, control or text-direction characters/);
    }
  });

  test('verify knows the listed mailboxes and not a stranger\'s; on a catch-all domain neither is proven', async () => {
    const greta = await post('/v1/email/verify', { email: GRETA });
    assert.deepEqual([greta.status, greta.deliverability, greta.score, greta.checks.smtp, greta.checks.mx], ['valid', 'deliverable', 100, true, true]);
    assert.deepEqual(greta.mxRecords, ['aspmx.l.google.com', 'alt1.aspmx.l.google.com']);
    assert.equal(greta.smtpProvider, 'Google Workspace');
    assert.deepEqual(greta.sources, (await post('/v1/email/sources', { email: GRETA })).sources);
    const stranger = await post('/v1/email/verify', { email: 'zebulon.quixworthy@northwind.example' });
    assert.deepEqual([stranger.status, stranger.deliverability, stranger.score, stranger.checks.smtp], ['invalid', 'undeliverable', 0, false]);

    const catchAll = await post('/v1/email/domain-search', { domain: CATCH_ALL, limit: 1 });
    assert.equal(catchAll.company.acceptAll, true);
    const member = await post('/v1/email/verify', { email: catchAll.emails[0].email });
    assert.deepEqual([member.status, member.checks.acceptAll, member.deliverability], ['accept_all', true, 'risky']);
    const nobody = await post('/v1/email/verify', { email: `zebulon.quixworthy@${CATCH_ALL}` });
    assert.equal(nobody.status, 'accept_all');
    assert.equal((await post('/v1/email/domain-status', { domain: CATCH_ALL })).acceptAll, true);
    assert.equal((await post('/v1/email/domain-status', { domain: NORTHWIND })).acceptAll, false);
  });

  test("a domain nobody registered is no company's: verify has no mailbox to vouch for there, and invalid when it has no mail server", async () => {
    // acme-widgets.com is free (the sandbox registrar and WHOIS say so): the world has no company, mail server or people there.
    const { apiKey } = await app.createAccount('1.00');
    const answered = await app.post('/v1/email/verify', { email: 'zebulon.quixworthy@acme-widgets.com' }, apiKey);
    assert.equal(answered.status, 200);
    assert.equal(answered.headers.get('x-tollgate-provider'), 'live', 'without a mail server there is no mailbox to ask the data about');
    const noServer = answered.body.data;
    assert.deepEqual([noServer.status, noServer.checks.mx, noServer.checks.smtpServer, noServer.mxRecords, noServer.reason], ['invalid', false, false, [], null]);
    // Mail servers come from the resolvers, whatever the sandbox's data says: where they name some, the data gives no word on the mailbox.
    dns.set('acme-widgets.com', { MX: [{ exchange: 'mx.example.net', priority: 10 }] });
    const withServer = await post('/v1/email/verify', { email: 'zebulon.quixworthy@acme-widgets.com' });
    assert.deepEqual(
      [withServer.status, withServer.checks.mx, withServer.checks.smtpServer, withServer.checks.smtp, withServer.checks.acceptAll, withServer.sources],
      ['unknown', true, false, false, false, []],
    );
    assert.equal((await post('/v1/email/domain-status', { domain: 'acme-widgets.com' })).acceptAll, null);
    const company = (await post('/v1/email/company', { domain: 'acme-widgets.com' })).company;
    assert.deepEqual([company.name, company.foundedYear, company.emails], [null, null, []]);
    assert.deepEqual((await post('/v1/email/domain-search', { domain: 'acme-widgets.com', limit: 10 })).emails, []);
  });

  test('person, combined, profile-finder and phone-finder agree with the contact', async () => {
    const contacts = (await post('/v1/email/domain-search', { domain: NORTHWIND, limit: 50 })).emails.filter((contact: any) => contact.type === 'personal');
    const company = (await post('/v1/email/company', { domain: NORTHWIND })).company;
    const withPhone = contacts.find((contact: any) => contact.hasPhone && contact.prof !== null);
    const withoutPhone = contacts.find((contact: any) => !contact.hasPhone);
    for (const contact of [withPhone, withoutPhone]) {
      const { person } = await post('/v1/email/person', { email: contact.email });
      assert.equal(person.fullName, contact.fullName);
      assert.deepEqual(person.employment, { company: 'Northwind', domain: NORTHWIND, title: contact.position, role: contact.department, seniority: contact.seniority });
      assert.deepEqual(await post('/v1/email/combined', { email: contact.email }), { person, company });
    }

    const phone = await post('/v1/email/phone-finder', { email: withPhone.email });
    assert.equal(phone.valid, true);
    assert.match(phone.e164Format, /^\+\d{8,15}$/);
    assert.equal(phone.countryCode, withPhone.country);
    assert.ok(phone.timezones.length > 0);
    assert.deepEqual([phone.email, phone.domain], [withPhone.email, NORTHWIND]);
    assert.deepEqual(await post('/v1/email/phone-finder', { prof: withPhone.prof }), phone, 'the same number by profile URL');
    const none = await post('/v1/email/phone-finder', { email: withoutPhone.email });
    assert.deepEqual(none, { valid: false, e164Format: null, intlFormat: null, localFormat: null, countryCode: null, lineType: null, carrier: null, timezones: [], email: withoutPhone.email, domain: NORTHWIND });
    const office = await post('/v1/email/phone-finder', { domain: NORTHWIND });
    assert.deepEqual([office.e164Format, office.email, office.domain], [company.phones[0], null, NORTHWIND]);

    const profile = await post('/v1/email/profile-finder', { url: withPhone.prof.replace('https://www.', '') + '/?trk=share' });
    assert.deepEqual(profile.contact, { ...withPhone, sources: [] }, 'without full, no sources');
    for (const url of [withPhone.prof.replace('www.', 'uk.'), `${withPhone.prof}/en`, `${withPhone.prof.replace('www.', 'de.')}/de/?trk=share#about`, `${withPhone.prof}/pt-br/`]) {
      assert.deepEqual((await post('/v1/email/profile-finder', { url })).contact, { ...withPhone, sources: [] }, url);
    }
    assert.deepEqual(await post('/v1/email/phone-finder', { prof: `${withPhone.prof.replace('www.', 'uk.')}/en` }), phone);
    assert.deepEqual((await post('/v1/email/profile-finder', { url: withPhone.prof, full: true })).contact, withPhone);
  });

  test('lookups that find nothing are successes, charged: null fields, confidence 0, no company for webmail', async () => {
    const unknownProfile = await paid(app, '/v1/email/profile-finder', { url: 'https://www.prof.com/in/nobody-at-all' });
    assert.equal(unknownProfile.cost, 40_000);
    assert.deepEqual([unknownProfile.data.contact.email, unknownProfile.data.contact.confidenceScore], [null, 0]);
    const webmail = await post('/v1/email/combined', { email: 'jane.mockwell@gmail.com' });
    assert.equal(webmail.company, null);
    assert.equal(webmail.person.fullName, null);
    const enriched = (await post('/v1/email/enrich', { email: 'jane.mockwell@gmail.com' })).contact;
    assert.deepEqual([enriched.email, enriched.webmail, enriched.type, enriched.confidenceScore], ['jane.mockwell@gmail.com', true, 'personal', 0]);
    const count = await post('/v1/email/count', { domain: 'gmail.com' });
    assert.equal(count.total, 0);
    const finder = (await post('/v1/email/finder', { domain: 'gmail.com', full_name: 'Jane Mockwell' })).contact;
    assert.deepEqual([finder.email, finder.confidenceScore, finder.fullName], [null, 0, 'Jane Mockwell']);
  });

  test('a subdomain is its registered domain\'s company, in every endpoint that takes a company domain, and the answers name that domain', async () => {
    const company = await post('/v1/email/company', { domain: 'blog.wonka-industries.com' });
    assert.deepEqual(company, await post('/v1/email/company', { domain: 'wonka-industries.com' }));
    assert.deepEqual([company.company.domain, company.company.name], ['wonka-industries.com', 'Wonka Industries']);
    const search = await post('/v1/email/domain-search', { domain: 'blog.acme.co.uk', limit: 50 });
    assert.equal(search.company.domain, 'acme.co.uk');
    assert.ok(search.emails.length > 0);
    assert.ok(search.emails.every((contact: any) => contact.email.endsWith('@acme.co.uk') && contact.companyDomain === 'acme.co.uk'), JSON.stringify(search.emails[0]));
    assert.deepEqual(search, await post('/v1/email/domain-search', { domain: 'acme.co.uk', limit: 50 }));
    for (const path of ['/v1/email/count', '/v1/email/format', '/v1/email/locations', '/v1/email/similar']) {
      assert.deepEqual(await post(path, { domain: 'news.acme.co.uk' }), await post(path, { domain: 'acme.co.uk' }), path);
    }
    const person = search.emails.find((contact: any) => contact.type === 'personal');
    const found = await post('/v1/email/finder', { domain: 'www.acme.co.uk', first_name: person.firstName, last_name: person.lastName });
    assert.deepEqual([found.contact.email, found.contact.companyDomain], [person.email, 'acme.co.uk']);
    const phone = await post('/v1/email/phone-finder', { domain: 'shop.wonka-industries.com' });
    assert.equal(phone.domain, 'wonka-industries.com');
    assert.notEqual(phone.e164Format, null);
    assert.equal(phone.e164Format, (await post('/v1/email/phone-finder', { domain: 'wonka-industries.com' })).e164Format);
  });

  test("verify of an address whose domain's DNS fails (SERVFAIL): 200, unknown with the reason, charged as any answer", async () => {
    dns.set('failing.example', { rcode: 'SERVFAIL' });
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/email/verify', { email: 'x@failing.example' }, apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const data = response.body.data;
    assert.deepEqual([data.email, data.status, data.deliverability, data.score, data.checks.mx, data.mxRecords], ['x@failing.example', 'unknown', 'unknown', 40, false, []]);
    assert.match(data.reason, /^The domain's DNS could not be read \(the DNS servers answered SERVFAIL/);
    assert.equal(await app.balance(accountId), 990_000);
    assert.equal(response.headers.get('x-cost-usd'), '0.01');
    // The domain-status of the same domain answers too (it asks no resolver while probing is off).
    assert.equal((await paid(app, '/v1/email/domain-status', { domain: 'failing.example' })).data.domain, 'failing.example');
  });
});

describe(`email validation: 400 naming the field, before any provider call, never charged (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const calls: string[] = [];

  before(async () => {
    const counting = Object.fromEntries(
      Object.entries(sandboxContacts).map(([name, member]) => [
        name,
        typeof member === 'function' ? (...args: unknown[]) => (calls.push(name), (member as (...a: unknown[]) => unknown).apply(sandboxContacts, args)) : member,
      ]),
    ) as unknown as ContactsProvider;
    app = await startTestApp({ providers: { contacts: counting } }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  const LONG = 'x'.repeat(600);
  const RULES: Array<[path: string, body: Record<string, unknown>, message: RegExp]> = [
    ['/v1/email/enrich', {}, /^email: is required$/],
    ['/v1/email/enrich', { email: 'jane.doe.example.com' }, /^email: must be an email address \(it has no @\)$/],
    ['/v1/email/person', { email: 'jane@' }, /^email: /],
    ['/v1/email/combined', { email: 'jane doe@example.com' }, /^email: /],
    ['/v1/email/enrich', { email: '\u200bgreta.stubridge@northwind.example' }, /^email: must not hold invisible, control or text-direction characters/],
    ['/v1/email/person', { email: 'greta\u202e@northwind.example' }, /^email: must not hold invisible, control or text-direction characters/],
    ['/v1/email/phone-finder', { email: 'greta\u0085@northwind.example' }, /^email: must not hold invisible, control or text-direction characters/],
    ['/v1/email/sources', { email: 'jane@not a domain' }, /^email: /],
    ['/v1/email/company', { domain: 'https://northwind.example/about' }, /^domain: must be a bare domain without protocol/],
    ['/v1/email/count', { domain: 'not a domain' }, /^domain: /],
    ['/v1/email/format', {}, /^domain: is required$/],
    ['/v1/email/locations', { domain: 'northwind.example:8080' }, /^domain: must be a bare domain without path, port or query/],
    ['/v1/email/similar', { domain: 42 }, /^domain: /],
    ['/v1/email/domain-status', { domain: '' }, /^domain: /],
    ['/v1/email/finder', { first_name: 'Greta', last_name: 'Stubridge' }, /^domain: domain or company is required \(one of them\)$/],
    ['/v1/email/finder', { domain: NORTHWIND }, /^first_name: first_name and last_name are required \(or full_name instead\)$/],
    ['/v1/email/finder', { domain: NORTHWIND, first_name: 'Greta' }, /^last_name: is required with first_name/],
    ['/v1/email/finder', { domain: NORTHWIND, last_name: 'Stubridge' }, /^first_name: is required with last_name/],
    ['/v1/email/finder', { domain: NORTHWIND, full_name: 'Greta' }, /^full_name: must hold a first and a last name/],
    ['/v1/email/finder', { domain: NORTHWIND, full_name: 'Greta Stubridge', first_name: 'Greta' }, /^full_name: send first_name and last_name, or full_name, not both$/],
    ['/v1/email/finder', { domain: NORTHWIND, first_name: ' ', last_name: 'Stubridge' }, /^first_name: must not be empty$/],
    ['/v1/email/profile-finder', {}, /^url: is required$/],
    ['/v1/email/profile-finder', { url: 'https://www.example.com/in/greta' }, /^url: must be a professional-network profile URL, https:\/\/www\.prof\.com\/in\/<user>$/],
    ['/v1/email/profile-finder', { url: 'https://www.prof.com/company/northwind' }, /^url: must be a professional-network profile URL/],
    ['/v1/email/profile-finder', { url: 'https://www.prof.com/in/greta', full: 'yes' }, /^full: must be a boolean$/],
    ['/v1/email/phone-finder', {}, /^email: send exactly one of email, domain or prof; none was sent$/],
    ['/v1/email/phone-finder', { email: GRETA, domain: NORTHWIND }, /^domain: send exactly one of email, domain or prof, not email and domain$/],
    ['/v1/email/phone-finder', { domain: NORTHWIND, prof: 'https://www.prof.com/in/greta' }, /^prof: send exactly one of email, domain or prof, not domain and prof$/],
    ['/v1/email/phone-finder', { email: GRETA, domain: NORTHWIND, prof: 'https://www.prof.com/in/greta' }, /^domain: send exactly one of email, domain or prof, not email and domain and prof$/],
    ['/v1/email/phone-finder', { prof: 'https://micro.com/greta' }, /^prof: must be a professional-network profile URL/],
    ['/v1/email/phone-finder', { email: 'greta' }, /^email: /],
    ['/v1/email/phone-validator', { phone: 'call me maybe' }, /^phone: cannot be read as a phone number/],
    ['/v1/email/phone-validator', { phone: '   ' }, /^phone: must not be empty$/],
    ['/v1/email/phone-validator', { phone: '(512) 555-0125', country_code: 'USA' }, /^country_code: must be an ISO 3166-1 alpha-2 country code/],
    ['/v1/email/phone-validator', { phone: '(512) 555-0125', country_code: 'ZZ' }, /^country_code: must be an ISO 3166-1 alpha-2 country code/],
    ['/v1/email/domain-search', {}, /^domain: domain or company is required \(one of them\)$/],
    ['/v1/email/domain-search', { domain: NORTHWIND, limit: 0 }, /^limit: must be at least 1$/],
    ['/v1/email/domain-search', { domain: NORTHWIND, limit: 51 }, /^limit: must be at most 50$/],
    ['/v1/email/domain-search', { domain: NORTHWIND, limit: 2.5 }, /^limit: must be a whole number$/],
    ['/v1/email/domain-search', { domain: NORTHWIND, page: 0 }, /^page: must be at least 1$/],
    ['/v1/email/domain-search', { domain: NORTHWIND, department: 'cooking' }, /^department: must be one of "accounting", /],
    ['/v1/email/domain-search', { domain: NORTHWIND, country: 'United States' }, /^country: must be an ISO 3166-1 alpha-2 country code/],
    ['/v1/email/domain-search', { company: '' }, /^company: must not be empty$/],
    ['/v1/email/verify', { email: '' }, /^email: must not be empty$/],
    ['/v1/email/verify', { email: LONG }, /^email: must be at most 512 characters long$/],
    ['/v1/email/author-finder', { url: 'ftp://northwind.example/post' }, /^url: must be an absolute http:\/\/ or https:\/\/ URL$/],
    ['/v1/email/technology', { domain: 'https://northwind.example' }, /^domain: must be a bare domain without protocol/],
  ];

  for (const [path, body, message] of RULES) {
    test(`${path} ${JSON.stringify(body).slice(0, 90)} → 400 ${message.source.slice(0, 60)}`, async () => {
      const { accountId, apiKey } = await app.createAccount('1.00');
      calls.length = 0;
      const response = await app.post(path, body, apiKey);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.error.code, 'VALIDATION_ERROR');
      assert.match(response.body.error.message, message);
      assert.equal(response.headers.get('x-cost-usd'), null);
      assert.deepEqual(calls, [], 'no provider was asked');
      assert.equal(await app.balance(accountId), 1_000_000);
      assert.equal(await app.ledgerSum(accountId), 1_000_000);
    });
  }

  test('a readable number that is not valid is an answer, not a 400: valid false, charged', async () => {
    const { data, cost } = await paid(app, '/v1/email/phone-validator', { phone: '+44 7700 900123' });
    assert.equal(cost, 10_000);
    assert.equal(data.valid, false);
    assert.equal(data.e164Format, '+447700900123');
  });

  test('a number too short to be valid still has its formats, as strings: what libphonenumber writes of the digits read', async () => {
    const { data } = await paid(app, '/v1/email/phone-validator', { phone: '+1 555 0100' });
    assert.deepEqual(
      { valid: data.valid, e164Format: data.e164Format, intlFormat: data.intlFormat, localFormat: data.localFormat },
      { valid: false, e164Format: '+15550100', intlFormat: '+1 5550100', localFormat: '5550100' },
    );
    assert.equal(data.countryCode, null, '+1 is shared by the NANP countries: an invalid number names none of them');
  });

  test('a number written with the 00 international prefix, and the phone field\'s documented example, are read without country_code', async () => {
    for (const [phone, e164] of [['0044 20 7946 0958', '+442079460958'], ['0049 30 901820', '+4930901820'], ['00442079460958', '+442079460958']]) {
      const { data } = await paid(app, '/v1/email/phone-validator', { phone });
      assert.deepEqual([data.valid, data.e164Format], [true, e164], phone);
    }
    const endpoint = endpoints.find((candidate) => candidate.id === 'email.phone_validator')!;
    const [example] = (endpoint.input as z.ZodObject).shape.phone!.meta()!.examples as string[];
    assert.equal((await paid(app, endpoint.path, { phone: example })).data.valid, true);
  });

  test('a malformed address is an answer of verify (invalid, validFormat false), not a 400', async () => {
    // Nothing to ask anyone about: no resolver, no provider.
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/email/verify', { email: 'not-an-address' }, apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.headers.get('x-tollgate-provider'), null);
    assert.equal(await app.balance(accountId), 990_000);
    assert.deepEqual([response.body.data.status, response.body.data.checks.validFormat, response.body.data.score], ['invalid', false, 0]);
  });
});
