import { DEPARTMENTS, type Contact, type EmailCount } from '../../../schemas/contact';
import type { ContactsProvider } from '../../families/contacts';
import { catalogueDomains, domainOfCompanyName, worldCompany } from './company';
import { localPart } from './patterns';
import { SeededRandom } from '../random';
import {
  companyRecord,
  domainSearchCompany,
  genericContact,
  personContact,
  personRecord,
  unknownCompany,
  unknownContact,
  unknownDomainSearchCompany,
  unknownPerson,
} from './records';
import { lookupAddress, personNamed, personOfProfile, worldOf, type CompanyWorld } from './world';

/**
 * Contact data from the sandbox's one world of companies (./company.ts, ./people.ts): a registered
 * domain is one company with its people, patterns and mail server, and every method reads that, so
 * the count, a domain search, the finder, an address's enrichment and its mailbox agree. Names and
 * profiles are synthetic; a domain nobody registered, and webmail and disposable domains, are no
 * company's (see isCompanyDomain).
 */

const NO_SENIORITY = { junior: 0, senior: 0, executive: 0 };

/** Every address the world knows on a domain, people first (executives leading), then role mailboxes. */
function allContacts(world: CompanyWorld): Contact[] {
  return [
    ...world.people.map((person) => personContact(world.company, person)),
    ...world.company.genericMailboxes.map((mailbox) => genericContact(world.company, mailbox)),
  ];
}

/**
 * An address for a name the world does not know: the company's main pattern, with the confidence
 * its share earns, and the word the world's mail server gives on it, as verify and enrich give it:
 * it refuses a stranger unless it accepts any address, so a refused guess says invalid and is
 * hardly worth writing to (the live vendor's guesses carry its verifier's status the same way).
 */
function guessedContact(world: CompanyWorld, firstName: string, lastName: string): Contact {
  const { company, patterns } = world;
  const main = patterns[0]!;
  const local = localPart(main.pattern, firstName, lastName);
  const asked = { firstName, lastName, fullName: `${firstName} ${lastName}`, company: company.name, companyDomain: company.domain };
  if (local === null) return unknownContact(asked);
  const email = `${local}@${company.domain}`;
  // The pattern may make someone else's mailbox of the name (jane@ of a {first} company): that one exists.
  const exists = lookupAddress(email).kind !== 'stranger';
  const status = company.catchAll ? 'accept_all' : exists ? 'valid' : 'invalid';
  return unknownContact({
    ...asked,
    email,
    confidenceScore: status === 'invalid' ? Math.round(5 + 10 * main.share) : Math.round(20 + 40 * main.share),
    acceptAll: company.catchAll,
    verified: status === 'valid',
    verificationStatus: status,
  });
}

function emailCount(world: CompanyWorld | null): EmailCount {
  const byDepartment = Object.fromEntries(DEPARTMENTS.map((department) => [department, 0])) as EmailCount['byDepartment'];
  const bySeniority = { ...NO_SENIORITY };
  if (!world) return { total: 0, personalEmails: 0, genericEmails: 0, byDepartment, bySeniority };
  for (const person of world.people) {
    byDepartment[person.department] += 1;
    bySeniority[person.seniority] += 1;
  }
  const generic = world.company.genericMailboxes.length;
  return { total: world.people.length + generic, personalEmails: world.people.length, genericEmails: generic, byDepartment, bySeniority };
}

export const sandboxContacts: ContactsProvider = {
  name: 'sandbox',

  async enrich({ email }) {
    const found = lookupAddress(email);
    switch (found.kind) {
      // The address as sent: a `+tag` reaches the mailbox without it, and stays the caller's.
      case 'person':
        return { ...personContact(found.world.company, found.person), email };
      case 'generic':
        return { ...genericContact(found.world.company, found.mailbox), email };
      case 'other-mail-domain':
        return unknownContact({ email, company: found.world.company.name, companyDomain: found.world.company.domain });
      case 'stranger': {
        const { company } = found.world;
        // The world knows the server: it refuses the address, unless it accepts any.
        return unknownContact({
          email, company: company.name, companyDomain: company.domain, acceptAll: company.catchAll,
          verificationStatus: company.catchAll ? 'accept_all' : 'invalid',
        });
      }
      case 'not-a-company':
        return unknownContact({ email });
    }
  },

  async finder({ domain, company, firstName, lastName }) {
    const world = worldOf(domain ?? domainOfCompanyName(company ?? ''));
    if (!world) return unknownContact({ firstName, lastName, fullName: `${firstName} ${lastName}` });
    const person = personNamed(world, firstName, lastName);
    return person ? personContact(world.company, person) : guessedContact(world, firstName, lastName);
  },

  async profileFinder({ url, full }) {
    const found = personOfProfile(url);
    return found ? personContact(found.world.company, found.person, { sources: full }) : unknownContact({ prof: url });
  },

  async person({ email }) {
    const found = lookupAddress(email);
    if (found.kind === 'person') return { ...personRecord(found.world.company, found.person), email };
    return unknownPerson(email, found.kind === 'not-a-company' ? null : found.world.company);
  },

  async combined({ email }) {
    const found = lookupAddress(email);
    if (found.kind === 'not-a-company') return { person: unknownPerson(email), company: null };
    const person = found.kind === 'person' ? { ...personRecord(found.world.company, found.person), email } : unknownPerson(email, found.world.company);
    return { person, company: companyRecord(found.world.company) };
  },

  async company({ domain }) {
    const world = worldOf(domain);
    return world ? companyRecord(world.company) : unknownCompany(domain);
  },

  async count({ domain }) {
    return emailCount(worldOf(domain));
  },

  async domainSearch({ domain, company, limit, page, department, country }) {
    const asked = domain ?? domainOfCompanyName(company ?? '');
    const world = worldOf(asked);
    if (!world) return { company: unknownDomainSearchCompany(asked), emails: [], total: 0 };
    const matching = allContacts(world).filter(
      (contact) => (department === null || contact.department === department) && (country === null || contact.country === country.toUpperCase()),
    );
    return { company: domainSearchCompany(world.company, world.patterns[0]!.pattern), emails: matching.slice((page - 1) * limit, page * limit), total: matching.length };
  },

  async format({ domain }) {
    const world = worldOf(domain);
    return { patterns: (world?.patterns ?? []).map(({ pattern, share }) => ({ pattern, percentage: Math.round(share * 1000) / 10 })) };
  },

  async locations({ domain }) {
    const world = worldOf(domain);
    const counts = new Map<string, number>();
    for (const person of world?.people ?? []) counts.set(person.city.country, (counts.get(person.city.country) ?? 0) + 1);
    return { locations: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([country, count]) => ({ country, count })) };
  },

  async similar({ domain }) {
    const world = worldOf(domain);
    if (!world) return { domains: [] };
    const others = catalogueDomains(world.company.industry).filter((other) => other !== world.company.domain);
    const chosen = new SeededRandom(`contacts-similar:${world.company.domain}`).shuffle(others).slice(0, 5);
    return {
      domains: chosen.map((other) => {
        const company = worldCompany(other);
        return { domain: other, name: company.name, industry: company.industry.name };
      }),
    };
  },

  async sources({ email }) {
    const found = lookupAddress(email);
    if (found.kind === 'person') return { sources: found.person.sources };
    if (found.kind === 'generic') return { sources: genericContact(found.world.company, found.mailbox).sources };
    return { sources: [] };
  },

  async phone(request) {
    const none = { number: null, countryCode: null, carrier: null };
    if ('domain' in request) {
      const world = worldOf(request.domain);
      return world
        ? { number: world.company.phone, countryCode: world.company.city.country, carrier: null, email: null, domain: world.company.domain }
        : { ...none, email: null, domain: request.domain };
    }
    if ('prof' in request) {
      const found = personOfProfile(request.prof);
      if (!found) return { ...none, email: null, domain: null };
      const { person, world } = found;
      return { number: person.phone, countryCode: person.phone === null ? null : person.city.country, carrier: null, email: person.email, domain: world.company.domain };
    }
    const found = lookupAddress(request.email);
    const domain = found.kind === 'not-a-company' ? found.domain : found.world.company.domain;
    if (found.kind === 'person') {
      const { person } = found;
      return { number: person.phone, countryCode: person.phone === null ? null : person.city.country, carrier: null, email: request.email, domain };
    }
    if (found.kind === 'generic') return { number: found.world.company.phone, countryCode: found.world.company.city.country, carrier: null, email: request.email, domain };
    return { ...none, email: request.email, domain };
  },

  async mailbox({ email }) {
    const found = lookupAddress(email);
    switch (found.kind) {
      case 'person':
        return { exists: true, acceptAll: found.world.company.catchAll, sources: found.person.sources };
      case 'generic':
        return { exists: true, acceptAll: found.world.company.catchAll, sources: genericContact(found.world.company, found.mailbox).sources };
      case 'stranger':
        return { exists: found.world.company.catchAll, acceptAll: found.world.company.catchAll, sources: [] };
      case 'other-mail-domain':
      case 'not-a-company':
        return { exists: null, acceptAll: null, sources: [] };
    }
  },

  async acceptsAll({ domain }) {
    return worldOf(domain)?.company.catchAll ?? null;
  },
};
