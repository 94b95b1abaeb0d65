import { isDisposableDomain, isWebmailDomain } from '../../../contacts/domain-lists';
import { isRoleAddress, splitAddress } from '../../../contacts/email-address';
import { emptyContact, type Company, type Contact, type DomainSearchCompany, type Person } from '../../../schemas/contact';
import { SeededRandom } from '../random';
import type { WorldCompany } from './company';
import { sourcesOf, type WorldPerson } from './people';

/** The world's entities as the area's records (src/schemas/contact.ts). */

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A contact of which nothing is known but what was asked (an address's kind and domain flags read from it). */
export function unknownContact(fields: Partial<Contact> = {}): Contact {
  const address = fields.email ? splitAddress(fields.email) : null;
  return emptyContact({
    type: address === null ? null : isRoleAddress(address.localPart) ? 'generic' : 'personal',
    disposable: address !== null && isDisposableDomain(address.domain),
    webmail: address !== null && isWebmailDomain(address.domain),
    ...fields,
  });
}

/** Where the world knows the address exists, it is verified; on a catch-all server no answer can say so. */
function verification(company: WorldCompany): Pick<Contact, 'verified' | 'verificationStatus' | 'acceptAll'> {
  return company.catchAll
    ? { verified: false, verificationStatus: 'accept_all', acceptAll: true }
    : { verified: true, verificationStatus: 'valid', acceptAll: false };
}

export function personContact(company: WorldCompany, person: WorldPerson, options: { sources: boolean } = { sources: true }): Contact {
  return unknownContact({
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    fullName: `${person.firstName} ${person.lastName}`,
    company: company.name,
    companyDomain: company.domain,
    position: person.position,
    department: person.department,
    seniority: person.seniority,
    gender: person.gender,
    country: person.city.country,
    confidenceScore: person.confidence,
    type: 'personal',
    ...verification(company),
    hasPhone: person.phone !== null,
    prof: person.prof,
    micro: person.micro,
    sources: options.sources ? person.sources : [],
  });
}

/** A role address (info@, sales@): the company's, with no person behind it. */
export function genericContact(company: WorldCompany, mailbox: string): Contact {
  const random = new SeededRandom(`contacts-generic:${mailbox}@${company.domain}`);
  return unknownContact({
    email: `${mailbox}@${company.domain}`,
    company: company.name,
    companyDomain: company.domain,
    country: company.city.country,
    confidenceScore: random.integer(90, 99),
    type: 'generic',
    ...verification(company),
    hasPhone: true,
    sources: sourcesOf(company.domain, random.integer(1, 3), random),
  });
}

function geoOf(person: WorldPerson): Person['geo'] {
  return { city: person.city.name, state: person.city.state ?? null, country: countryNames.of(person.city.country) ?? null, countryCode: person.city.country };
}

export function personRecord(company: WorldCompany, person: WorldPerson): Person {
  const geo = geoOf(person);
  return {
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    fullName: `${person.firstName} ${person.lastName}`,
    gender: person.gender,
    bio: `${person.position} at ${company.name} (a sandbox profile: synthetic person).`,
    location: [geo.city, geo.state, geo.country].filter((part) => part !== null).join(', '),
    employment: { company: company.name, domain: company.domain, title: person.position, role: person.department, seniority: person.seniority },
    geo,
    social: { network: person.network, code: person.code, prof: person.prof, micro: person.micro },
  };
}

/** A person of whom only the address is known. */
export function unknownPerson(email: string, company: WorldCompany | null = null): Person {
  return {
    email, firstName: null, lastName: null, fullName: null, gender: null, bio: null, location: null,
    employment: { company: company?.name ?? null, domain: company?.domain ?? null, title: null, role: null, seniority: null },
    geo: { city: null, state: null, country: null, countryCode: null },
    social: { network: null, code: null, prof: null, micro: null },
  };
}

export function companyRecord(company: WorldCompany): Company {
  return {
    domain: company.domain,
    name: company.name,
    legalName: company.legalName,
    description: company.description,
    foundedYear: company.foundedYear,
    logo: null,
    category: { industry: company.industry.name, sector: company.industry.sector, sicCode: company.industry.sicCode, naicsCode: company.industry.naicsCode },
    geo: {
      streetAddress: company.streetAddress,
      city: company.city.name,
      state: company.city.state ?? null,
      postalCode: company.postalCode,
      country: countryNames.of(company.city.country) ?? null,
      countryCode: company.city.country,
    },
    metrics: { employees: company.headcount, employeesRange: company.size.range, estimatedAnnualRevenue: company.size.revenue },
    emails: company.genericMailboxes.map((mailbox) => `${mailbox}@${company.domain}`),
    phones: [company.phone],
    social: { network: company.social.network, prof: company.social.prof, micro: company.social.micro },
  };
}

/** A domain that is no company's (webmail, disposable): its name and nothing else. */
export function unknownCompany(domain: string): Company {
  return {
    domain, name: null, legalName: null, description: null, foundedYear: null, logo: null,
    category: { industry: null, sector: null, sicCode: null, naicsCode: null },
    geo: { streetAddress: null, city: null, state: null, postalCode: null, country: null, countryCode: null },
    metrics: { employees: null, employeesRange: null, estimatedAnnualRevenue: null },
    emails: [], phones: [],
    social: { network: null, prof: null, micro: null },
  };
}

export function domainSearchCompany(company: WorldCompany, emailPattern: string): DomainSearchCompany {
  return {
    domain: company.domain,
    name: company.name,
    description: company.description,
    industry: company.industry.name,
    founded: company.foundedYear,
    size: company.size.range,
    revenue: company.size.revenue,
    type: company.type,
    emailPattern,
    acceptAll: company.catchAll,
    location: { address: company.streetAddress, city: company.city.name, state: company.city.state ?? null, postalCode: company.postalCode, country: company.city.country },
    social: { network: company.social.network, code: company.social.code, photos: company.social.photos, prof: company.social.prof, micro: company.social.micro, video: company.social.video },
  };
}

export function unknownDomainSearchCompany(domain: string): DomainSearchCompany {
  return {
    domain, name: null, description: null, industry: null, founded: null, size: null, revenue: null, type: null, emailPattern: null, acceptAll: null,
    location: { address: null, city: null, state: null, postalCode: null, country: null },
    social: { network: null, code: null, photos: null, prof: null, micro: null, video: null },
  };
}
