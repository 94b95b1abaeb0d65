import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readPhoneNumber } from '../../src/contacts/phone';
import { Company, Contact, DEPARTMENTS, DomainSearch, EmailCount, Person, type Contact as ContactRecord } from '../../src/schemas/contact';
import { sandboxContacts as contacts } from '../../src/providers/sandbox/contacts';
import { isRegistered } from '../../src/providers/sandbox/domain-profile';
import { worldCompany } from '../../src/providers/sandbox/contacts/company';
import { peopleOf } from '../../src/providers/sandbox/contacts/people';
import { localPart, PATTERNS } from '../../src/providers/sandbox/contacts/patterns';
import { COMPANY_STEMS, INDUSTRIES, ONE_PER_COMPANY_TITLES, SURNAMES } from '../../src/providers/sandbox/contacts/vocabulary';

/** The contacts sandbox: one seeded world, so every method's answer agrees with every other's. */

const call = { signal: new AbortController().signal };
/** Companies of every size the world makes (a 1–10, an 11–50, a 10001+, a catch-all among them). */
const DOMAINS = ['northwind.example', 'acme-widgets.example', 'globex.example', 'vandelay.example', 'hooli.example', 'stark-industries.example'];

/** Every address of a domain, walking domain-search's pages of `limit`. */
async function everyAddress(domain: string, limit = 50): Promise<{ emails: ContactRecord[]; totals: number[] }> {
  const emails: ContactRecord[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await contacts.domainSearch({ domain, company: null, limit, page, department: null, country: null }, call);
    totals.push(answer.total);
    emails.push(...answer.emails);
    if (answer.emails.length < limit) return { emails, totals };
  }
}

describe('the contacts sandbox world', () => {
  test('is deterministic: the same domain is the same company and people, built twice', async () => {
    for (const domain of DOMAINS) {
      assert.deepEqual(worldCompany(domain), worldCompany(domain));
      assert.deepEqual(peopleOf(worldCompany(domain)), peopleOf(worldCompany(domain)));
      assert.deepEqual(await contacts.company({ domain }, call), await contacts.company({ domain }, call));
      assert.deepEqual(await everyAddress(domain, 7), await everyAddress(domain, 7));
    }
    assert.notDeepEqual(worldCompany('northwind.example'), worldCompany('globex.example'));
  });

  test('its answers are what the schemas make of them', async () => {
    const domain = 'northwind.example';
    const search = await contacts.domainSearch({ domain, company: null, limit: 50, page: 1, department: null, country: null }, call);
    assert.deepEqual(DomainSearch.parse(search), search);
    assert.deepEqual(EmailCount.parse(await contacts.count({ domain }, call)), await contacts.count({ domain }, call));
    assert.deepEqual(Company.parse(await contacts.company({ domain }, call)), await contacts.company({ domain }, call));
    const email = search.emails[0]!.email!;
    assert.deepEqual(Person.parse(await contacts.person({ email }, call)), await contacts.person({ email }, call));
    for (const contact of search.emails) assert.deepEqual(Contact.parse(contact), contact);
  });

  for (const domain of DOMAINS) {
    test(`${domain}: count, domain search, format and locations agree`, async () => {
      const count = await contacts.count({ domain }, call);
      const { emails, totals } = await everyAddress(domain, 10);
      assert.ok(totals.every((total) => total === count.total), 'every page reports the same total, the count\'s');
      assert.equal(emails.length, count.total);
      assert.equal(new Set(emails.map((contact) => contact.email)).size, emails.length, 'each address once across the pages');
      const personal = emails.filter((contact) => contact.type === 'personal');
      assert.equal(personal.length, count.personalEmails);
      assert.equal(emails.length - personal.length, count.genericEmails);
      assert.ok(count.genericEmails >= 1, 'info@ at least');
      assert.equal(Object.values(count.byDepartment).reduce((sum, value) => sum + value, 0), count.personalEmails);
      assert.equal(count.bySeniority.junior + count.bySeniority.senior + count.bySeniority.executive, count.personalEmails);
      for (const department of DEPARTMENTS) {
        const filtered = await contacts.domainSearch({ domain, company: null, limit: 50, page: 1, department, country: null }, call);
        assert.equal(filtered.total, count.byDepartment[department], department);
        assert.ok(filtered.emails.every((contact) => contact.department === department));
      }

      const locations = (await contacts.locations({ domain }, call)).locations;
      assert.equal(locations.reduce((sum, entry) => sum + entry.count, 0), count.personalEmails);
      const company = (await contacts.domainSearch({ domain, company: null, limit: 1, page: 1, department: null, country: null }, call)).company;
      for (const { country, count: people } of locations) {
        assert.match(country, /^[A-Z]{2}$/);
        const inCountry = await contacts.domainSearch({ domain, company: null, limit: 50, page: 1, department: null, country: country.toLowerCase() }, call);
        // Role addresses are the company's, in its country.
        assert.equal(inCountry.total, people + (country === company.location.country ? count.genericEmails : 0), country);
      }

      const patterns = (await contacts.format({ domain }, call)).patterns;
      assert.equal(patterns[0]!.pattern, company.emailPattern);
      assert.ok(Math.abs(patterns.reduce((sum, entry) => sum + entry.percentage, 0) - 100) < 0.5);
      for (const contact of personal) {
        const local = contact.email!.split('@')[0]!;
        assert.ok(
          PATTERNS.some((pattern) => local.startsWith(localPart(pattern, contact.firstName!, contact.lastName!)!)),
          `${contact.email} follows one of the patterns`,
        );
        assert.ok(SURNAMES.includes(contact.lastName!), 'surnames are the synthetic ones');
      }
    });

    test(`${domain}: finder, enrich, person, combined, mailbox, phone and profiles agree about each person`, async () => {
      const { emails } = await everyAddress(domain);
      const company = await contacts.company({ domain }, call);
      const catchAll = (await contacts.acceptsAll({ domain }, call)) === true;
      for (const contact of emails) {
        const email = contact.email!;
        assert.deepEqual(await contacts.enrich({ email }, call), contact);
        assert.deepEqual((await contacts.sources({ email }, call)).sources, contact.sources);
        const mailbox = await contacts.mailbox({ email }, call);
        assert.deepEqual(mailbox, { exists: true, acceptAll: catchAll, sources: contact.sources });
        assert.equal(contact.acceptAll, catchAll);
        assert.equal(contact.verificationStatus, catchAll ? 'accept_all' : 'valid');

        const phone = await contacts.phone({ email }, call);
        assert.equal(phone.number !== null, contact.hasPhone, `${email}: hasPhone says whether phone-finder has a number`);
        if (phone.number !== null) assert.equal(readPhoneNumber(phone.number, phone.countryCode)?.valid, true, `${phone.number} is a valid number`);
        if (contact.type === 'generic') {
          assert.equal(phone.number, company.phones[0]);
          continue;
        }

        const found = await contacts.finder({ domain, company: null, firstName: contact.firstName!.toUpperCase(), lastName: contact.lastName! }, call);
        assert.deepEqual(found, contact, 'the finder finds the person by name, case aside');
        assert.ok(found.confidenceScore >= 85);
        const person = await contacts.person({ email }, call);
        assert.equal(person.fullName, contact.fullName);
        assert.deepEqual(person.employment, { company: contact.company, domain, title: contact.position, role: contact.department, seniority: contact.seniority });
        assert.equal(person.geo.countryCode, contact.country);
        assert.deepEqual(await contacts.combined({ email }, call), { person, company });
        if (contact.prof !== null) {
          assert.deepEqual(await contacts.profileFinder({ url: contact.prof, full: true }, call), contact);
          assert.deepEqual(await contacts.profileFinder({ url: contact.prof, full: false }, call), { ...contact, sources: [] });
          assert.deepEqual(await contacts.phone({ prof: contact.prof }, call), phone);
        }
      }

      const main = (await contacts.format({ domain }, call)).patterns[0]!.pattern as (typeof PATTERNS)[number];
      const stranger = await contacts.finder({ domain, company: null, firstName: 'Zebulon', lastName: 'Quixworthy' }, call);
      assert.equal(stranger.email, `${localPart(main, 'Zebulon', 'Quixworthy')}@${domain}`, "a stranger's address is the main pattern's guess");
      assert.ok(stranger.confidenceScore > 0 && stranger.confidenceScore < 85, 'with a lower confidence');
      assert.equal((await contacts.mailbox({ email: stranger.email! }, call)).exists, catchAll, 'the mail server knows no stranger, unless it accepts anyone');
      assert.equal((await contacts.enrich({ email: stranger.email! }, call)).verificationStatus, catchAll ? 'accept_all' : 'invalid');
      assert.equal(stranger.verificationStatus, catchAll ? 'accept_all' : 'invalid', "the guess carries the word the world's mail server gives on it");
      assert.equal(stranger.verified, false);
      if (!catchAll) assert.ok(stranger.confidenceScore <= 15, `a refused guess is hardly worth writing to (${stranger.confidenceScore})`);
      assert.deepEqual(await contacts.phone({ domain }, call), { number: company.phones[0], countryCode: company.geo.countryCode, carrier: null, email: null, domain });
    });
  }

  test(`a +tag reaches the person's mailbox; an address at a subdomain is not the company's mailbox of that name`, async () => {
    for (const domain of DOMAINS) {
      const { emails } = await everyAddress(domain);
      for (const contact of emails.slice(0, 8)) {
        const [local] = contact.email!.split('@') as [string];
        const tagged = `${local}+crm@${domain}`;
        assert.deepEqual(await contacts.enrich({ email: tagged }, call), { ...contact, email: tagged }, 'the person, the address as sent');
        assert.deepEqual(await contacts.mailbox({ email: tagged }, call), await contacts.mailbox({ email: contact.email! }, call));
        if (contact.type === 'personal') assert.deepEqual((await contacts.person({ email: tagged }, call)).fullName, contact.fullName);

        const elsewhere = `${local}@blog.${domain}`;
        const enriched = await contacts.enrich({ email: elsewhere }, call);
        assert.deepEqual([enriched.email, enriched.fullName, enriched.companyDomain, enriched.verificationStatus, enriched.confidenceScore], [elsewhere, null, domain, null, 0]);
        assert.deepEqual(await contacts.mailbox({ email: elsewhere }, call), { exists: null, acceptAll: null, sources: [] }, 'its own mail servers, which the world does not know');
        assert.equal((await contacts.person({ email: elsewhere }, call)).fullName, null);
      }
    }
  });

  test("people's titles say their seniority, a company has one of each head, and no two people share a direct line", () => {
    const seniorityOf = new Map<string, string>();
    for (const domain of [...DOMAINS, 'initech.com', 'wonka-industries.com', 'initech.example', 'umbrella.example']) {
      const company = worldCompany(domain);
      const people = peopleOf(company);
      for (const person of people) {
        assert.equal(seniorityOf.get(person.position) ?? person.seniority, person.seniority, `${person.position} is one seniority (${domain})`);
        seniorityOf.set(person.position, person.seniority);
      }
      for (const title of ONE_PER_COMPANY_TITLES) {
        assert.ok(people.filter((person) => person.position === title).length <= 1, `${domain}: one ${title}`);
      }
      const phones = people.flatMap((person) => (person.phone === null ? [] : [person.phone]));
      assert.equal(new Set(phones).size, phones.length, `${domain}: direct lines are one person's each`);
      assert.ok(!phones.includes(company.phone), `${domain}: no direct line is the switchboard`);
    }
    assert.equal(seniorityOf.get('Chief of Staff') ?? 'senior', 'senior');
    assert.equal(seniorityOf.get('Executive Assistant') ?? 'junior', 'junior');
  });

  test('similar domains are other companies of the same industry, and are that industry themselves', async () => {
    for (const domain of DOMAINS) {
      const industry = (await contacts.company({ domain }, call)).category.industry;
      const similar = (await contacts.similar({ domain }, call)).domains;
      assert.ok(similar.length >= 3);
      for (const other of similar) {
        assert.notEqual(other.domain, domain);
        assert.ok(isRegistered(other.domain), `${other.domain}: a similar company's domain is registered`);
        assert.equal(other.industry, industry);
        const profile = await contacts.company({ domain: other.domain }, call);
        assert.equal(profile.category.industry, industry);
        assert.equal(profile.name, other.name);
      }
    }
  });

  test('a company asked by name is the domain named after it, and back', async () => {
    const byName = await contacts.domainSearch({ domain: null, company: 'Sterling Cooper, Inc.', limit: 5, page: 1, department: null, country: null }, call);
    assert.equal(byName.company.domain, 'sterling-cooper.com');
    assert.equal(byName.company.name, 'Sterling Cooper');
    assert.equal(byName.total, (await contacts.count({ domain: 'sterling-cooper.com' }, call)).total);
    const found = await contacts.finder({ domain: null, company: 'Sterling Cooper', firstName: byName.emails[0]!.firstName!, lastName: byName.emails[0]!.lastName! }, call);
    assert.equal(found.email, byName.emails[0]!.email);
  });

  test("a name whose domain nobody registered is no company's: asked by name, nothing is found", async () => {
    assert.equal(isRegistered('northwind-traders.com'), false);
    const byName = await contacts.domainSearch({ domain: null, company: 'Northwind Traders, Inc.', limit: 5, page: 1, department: null, country: null }, call);
    assert.deepEqual([byName.company.domain, byName.company.name, byName.emails, byName.total], ['northwind-traders.com', null, [], 0]);
    const found = await contacts.finder({ domain: null, company: 'Northwind Traders', firstName: 'Jane', lastName: 'Mockwell' }, call);
    assert.deepEqual([found.email, found.confidenceScore], [null, 0]);
  });

  test('a company exists exactly when its domain is registered (or is a documentation name), and similar names only registered ones', async () => {
    // Short names (mostly taken) and long, hyphenated and numbered ones (mostly free), under several TLDs.
    const shapes: Array<(stem: string, noun: string) => string> = [
      (stem, noun) => `${stem.slice(0, 3)}${noun[0]}.com`,
      (stem, noun) => `${stem}${noun.slice(0, 2)}.net`,
      (stem, noun) => `${stem}-${noun}.com`,
      (stem, noun) => `${stem}${noun}${stem.length}.org`,
      (stem, noun) => `${stem}-${noun}.example`,
    ];
    const sample = Array.from({ length: 200 }, (_, index) => {
      const stem = COMPANY_STEMS[index % COMPANY_STEMS.length]!.toLowerCase();
      const noun = INDUSTRIES[Math.floor(index / COMPANY_STEMS.length) % INDUSTRIES.length]!.noun.toLowerCase();
      return shapes[index % shapes.length]!(stem, noun);
    });
    assert.equal(new Set(sample).size, 200);
    const companies = new Set<string>();
    for (const domain of sample) {
      const expected = domain.endsWith('.example') || isRegistered(domain);
      const company = await contacts.company({ domain }, call);
      const count = await contacts.count({ domain }, call);
      assert.equal(company.name !== null, expected, `${domain}: a company exactly when registered (${isRegistered(domain)})`);
      assert.equal(count.total > 0, expected, `${domain}: addresses exactly when registered`);
      if (!expected) {
        assert.deepEqual((await contacts.similar({ domain }, call)).domains, []);
        continue;
      }
      companies.add(domain);
      for (const other of (await contacts.similar({ domain }, call)).domains) {
        assert.ok(isRegistered(other.domain), `${domain}: similar names ${other.domain}, which nobody registered`);
        assert.equal((await contacts.company({ domain: other.domain }, call)).name, other.name);
      }
    }
    const free = sample.length - companies.size;
    assert.ok(companies.size >= 40 && free >= 40, `the sample holds both (${companies.size} companies, ${free} free names)`);
  });

  test('an internationalised domain names its company in its own letters, not its ASCII form', async () => {
    assert.equal(worldCompany('xn--bcher-kva.com').name, 'Bücher');
    assert.equal(worldCompany('www.xn--mnchen-3ya.co.uk').legalName.startsWith('München'), true);
    assert.equal((await contacts.company({ domain: 'xn--bcher-kva.com' }, call)).name, 'Bücher');
  });

  test('webmail, disposable and unregistered domains are no company: nothing known, nothing invented', async () => {
    assert.equal(isRegistered('acme-widgets.com'), false);
    for (const domain of ['gmail.com', 'mailinator.com', 'acme-widgets.com']) {
      const count = await contacts.count({ domain }, call);
      assert.equal(count.total, 0);
      const search = await contacts.domainSearch({ domain, company: null, limit: 10, page: 1, department: null, country: null }, call);
      assert.deepEqual([search.emails, search.total, search.company.name], [[], 0, null]);
      assert.equal((await contacts.company({ domain }, call)).name, null);
      assert.deepEqual((await contacts.format({ domain }, call)).patterns, []);
      assert.deepEqual((await contacts.similar({ domain }, call)).domains, []);
      assert.equal(await contacts.acceptsAll({ domain }, call), null);
      const email = `jane.mockwell@${domain}`;
      const enriched = await contacts.enrich({ email }, call);
      assert.deepEqual([enriched.email, enriched.fullName, enriched.confidenceScore], [email, null, 0]);
      assert.equal(enriched.webmail, domain === 'gmail.com');
      assert.equal(enriched.disposable, domain === 'mailinator.com');
      assert.deepEqual(await contacts.mailbox({ email }, call), { exists: null, acceptAll: null, sources: [] });
      assert.equal((await contacts.combined({ email }, call)).company, null);
      assert.equal((await contacts.phone({ email }, call)).number, null);
      const finder = await contacts.finder({ domain, company: null, firstName: 'Jane', lastName: 'Mockwell' }, call);
      assert.deepEqual([finder.email, finder.confidenceScore], [null, 0]);
    }
  });

  test('a profile URL that is not one of the world\'s finds nobody', async () => {
    const contact = await contacts.profileFinder({ url: 'https://www.prof.com/in/someone-real', full: true }, call);
    assert.deepEqual([contact.email, contact.confidenceScore, contact.prof], [null, 0, 'https://www.prof.com/in/someone-real']);
    assert.deepEqual(await contacts.phone({ prof: 'https://www.prof.com/in/someone-real' }, call), { number: null, countryCode: null, carrier: null, email: null, domain: null });
  });
});
