import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PLAN, UNIT_COSTS, upstreamCostMicros } from '../../src/providers/tomba/costs';
import { countryCode, domainOf, isoWithOffset, profileUrl, score, sourcesOf, vendorProfileUrl, year } from '../../src/providers/tomba/values';
import { companyOf } from '../../src/providers/tomba/company-mapping';
import { contactOf } from '../../src/providers/tomba/contact-mapping';
import { VendorCompany, VendorContact } from '../../src/providers/tomba/wire';

/** The Tomba adapter's small readings of vendor values, and its price list. */

test('profile URLs: the networks’ own hosts become our neutral ones (path kept), other URLs stay, bare handles land on ours', () => {
  assert.equal(profileUrl('prof', 'https://www.linkedin.com/in/jane-doe-acme/', 'person'), 'https://www.prof.com/in/jane-doe-acme');
  assert.equal(profileUrl('prof', 'http://uk.linkedin.com/in/x?trk=1', 'person'), 'https://www.prof.com/in/x');
  assert.equal(profileUrl('prof', 'linkedin.com/company/acme', 'company'), 'https://www.prof.com/company/acme');
  assert.equal(profileUrl('prof', 'acme-widgets', 'company'), 'https://www.prof.com/company/acme-widgets');
  assert.equal(profileUrl('prof', 'jane-doe', 'person'), 'https://www.prof.com/in/jane-doe');
  assert.equal(profileUrl('prof', 'in/jane-doe', 'company'), 'https://www.prof.com/in/jane-doe');
  assert.equal(profileUrl('micro', 'https://x.com/acmewidgets', 'company'), 'https://micro.com/acmewidgets');
  assert.equal(profileUrl('micro', '@acmewidgets', 'company'), 'https://micro.com/acmewidgets');
  assert.equal(profileUrl('network', 'https://www.facebook.com/acmewidgets', 'company'), 'https://network.com/acmewidgets');
  assert.equal(profileUrl('network', 'acme.example/', 'company'), 'https://network.com/acme.example');
  assert.equal(profileUrl('code', 'janedoe', 'person'), 'https://code.com/janedoe');
  assert.equal(profileUrl('photos', 'https://instagram.com/acme', 'company'), 'https://photos.com/acme');
  assert.equal(profileUrl('video', 'https://www.youtube.com/@acme', 'company'), 'https://video.com/@acme');
  assert.equal(profileUrl('prof', 'http://jane.example/about', 'person'), 'https://jane.example/about', 'not the network: left as it is');
  for (const blank of [null, '@', '/', 'two words', 'https://x.com/']) assert.equal(profileUrl('micro', blank, 'person'), null, String(blank));
  assert.equal(profileUrl('prof', 'https://www.linkedin.com/', 'person'), null, 'the network with no profile');
  assert.equal(vendorProfileUrl('https://www.prof.com/in/jane-doe-acme'), 'https://www.linkedin.com/in/jane-doe-acme');
});

test('domains, countries, years, dates and scores: read, or null (0 for scores)', () => {
  assert.equal(domainOf('https://www.Acme-Widgets.example:443/about?x=1'), 'acme-widgets.example');
  assert.equal(domainOf('acme-widgets.example'), 'acme-widgets.example');
  assert.equal(domainOf('not a domain'), null);
  assert.equal(countryCode('us'), 'US');
  assert.equal(countryCode('United States'), null);
  assert.equal(year('2009'), 2009);
  assert.equal(year('2009-01-01'), null);
  assert.equal(isoWithOffset('2021-02-08T20:09:54+01:00'), '2021-02-08T19:09:54+00:00');
  assert.equal(isoWithOffset('2021-02-08T20:09:54.123Z'), '2021-02-08T20:09:54+00:00');
  assert.equal(isoWithOffset('yesterday'), null);
  assert.deepEqual([score(97.6), score(-3), score(140), score(null)], [98, 0, 100, 0]);
});

test('sources: the site from website_url else the page’s host; one missing date is the other; none, or no site, left out', () => {
  assert.deepEqual(
    sourcesOf([
      { uri: 'https://www.forum.example/t/1', website_url: null, extracted_on: '2025-01-01T00:00:00+00:00', last_seen_on: null, still_on_page: true },
      { uri: null, website_url: 'blog.example', extracted_on: null, last_seen_on: '2025-03-01T00:00:00+00:00', still_on_page: false },
      { uri: null, website_url: null, extracted_on: '2025-01-01T00:00:00+00:00', last_seen_on: null, still_on_page: null },
      { uri: 'https://x.example/', website_url: null, extracted_on: null, last_seen_on: null, still_on_page: null },
    ]),
    [
      { domain: 'forum.example', firstSeen: '2025-01-01T00:00:00+00:00', lastSeen: '2025-01-01T00:00:00+00:00' },
      { domain: 'blog.example', firstSeen: '2025-03-01T00:00:00+00:00', lastSeen: '2025-03-01T00:00:00+00:00' },
    ],
  );
});

test('a contact: values outside our enumerations are null; a verdict we do not name is unknown; a phone sent as a number counts', () => {
  const contact = contactOf(VendorContact.parse({
    email: 'Info@Acme-Widgets.example', department: 'Research', seniority: 'intern', gender: 'x', type: 'role', country: 'Germany',
    verification: { status: 'risky' }, phone_number: '+1 415 555 0100', score: 55,
  }));
  assert.equal(contact.email, 'info@acme-widgets.example');
  assert.deepEqual([contact.department, contact.seniority, contact.gender, contact.type, contact.country], [null, null, null, null, null]);
  assert.deepEqual([contact.verificationStatus, contact.verified, contact.hasPhone, contact.confidenceScore], ['unknown', false, true, 55]);
  assert.equal(contactOf(VendorContact.parse({ email: null, score: 90 })).confidenceScore, 0, 'no address, no confidence');
});

test('a company: a plain head count is a number, a range its range; Clearbit’s annualRevenue when no estimate', () => {
  const numeric = companyOf('acme.example', VendorCompany.parse({ metrics: { employees: 120, annualRevenue: '$1M-$10M' } }));
  assert.deepEqual(numeric.metrics, { employees: 120, employeesRange: null, estimatedAnnualRevenue: '$1M-$10M' });
  const range = companyOf('acme.example', VendorCompany.parse({ metrics: { employees: '5K-10K' } }));
  assert.deepEqual(range.metrics, { employees: null, employeesRange: '5K-10K', estimatedAnnualRevenue: null });
  const phones = companyOf('acme.example', VendorCompany.parse({ geo: { countryCode: 'GB' }, site: { phoneNumbers: ['020 7946 0958', '+1 415 555 0100', '+44 20 7946 0958'] } }));
  assert.deepEqual(phones.phones, ['+442079460958', '+14155550100'], 'read against the company’s country, duplicates folded');
});

test('the price list: the Enterprise plan’s fee over each quota, rounded up; domain-status free', () => {
  assert.deepEqual(PLAN, { name: 'Enterprise', monthlyUsd: 389, searches: 50_000, verifications: 100_000, phones: 5_000, emailCounts: 80_000 });
  assert.deepEqual(UNIT_COSTS, { search: 7_780, verification: 3_890, phone: 77_800, emailCount: 4_863, free: 0 });
  assert.equal(upstreamCostMicros('email-finder'), 7_780);
  assert.equal(upstreamCostMicros('email-verifier'), 3_890);
  assert.equal(upstreamCostMicros('phone-finder'), 77_800);
  assert.equal(upstreamCostMicros('domain-status'), 0);
  assert.equal(upstreamCostMicros('domain-search'), 7_780, 'unanswered: the most a page may cost');
  assert.equal(upstreamCostMicros('domain-search', { data: { emails: [] } }), 0);
  assert.equal(upstreamCostMicros('domain-search', { data: null }), 0);
  assert.equal(upstreamCostMicros('domain-search', { data: { emails: [{}] } }), 7_780);
  assert.throws(() => upstreamCostMicros('nowhere' as never), /No upstream price for the Tomba path nowhere/);
});

/** The prices (USD) of what each method serves; domain-search per started 10 addresses. */
const PRICES_USD = {
  enrich: 0.02, finder: 0.04, profileFinder: 0.04, person: 0.03, combined: 0.04, company: 0.03, count: 0.01, format: 0.01,
  locations: 0.01, similar: 0.02, sources: 0.01, phone: 0.1, mailbox: 0.01, acceptsAll: 0.01, domainSearchPer10: 0.03,
};

test('every method’s vendor requests cost less than the price of what it serves, on the assumed plan', () => {
  const one = (path: Parameters<typeof upstreamCostMicros>[0]) => upstreamCostMicros(path);
  const methods: Record<string, number> = {
    enrich: one('enrich'), finder: one('email-finder'), profileFinder: one('linkedin'), person: one('people/find'), combined: one('combined/find'),
    company: one('companies/find'), count: one('email-count'), format: one('email-format'), locations: one('location'), similar: one('similar'),
    sources: one('email-sources'), phone: one('phone-finder'), mailbox: one('email-verifier'), acceptsAll: one('email-verifier'),
  };
  for (const [method, micros] of Object.entries(methods)) {
    assert.ok(micros <= PRICES_USD[method as keyof typeof PRICES_USD] * 1_000_000, `${method}: ${micros} micro-USD`);
  }
  // The worst domain-search: 3 addresses straddling two pages of 10 (two searches) for one started 10.
  assert.ok(2 * one('domain-search') <= PRICES_USD.domainSearchPer10 * 1_000_000);
  // 50 addresses from an offset that is not a multiple of 10: six pages for five started 10s.
  assert.ok(6 * one('domain-search') <= 5 * PRICES_USD.domainSearchPer10 * 1_000_000);
});
