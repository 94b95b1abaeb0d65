import { registrableDomain } from '../../contacts/domain-lists';
import { noRegistrationService, type WhoisProvider } from '../families/whois';
import { loadRdapBootstrap } from '../rdap/bootstrap';
import { unregisteredDomain, type DomainRegistration } from '../../schemas/domain-registration';
import { DATA_MONTH_INDEX, momentIn, monthIndexOf } from './domain-analytics';
import { domainProfile, isRegisteredName } from './domain-profile';
import { FAMOUS_SITES } from './known-sites';
import { SeededRandom } from './random';
import { genericContact } from './contacts/records';
import { worldOf } from './contacts/world';

/** Registrars the sandbox names, with their real IANA IDs. */
const REGISTRARS: ReadonlyArray<{ name: string; ianaId: string }> = [
  { name: 'MarkMonitor Inc.', ianaId: '292' },
  { name: 'GoDaddy.com, LLC', ianaId: '146' },
  { name: 'NameCheap, Inc.', ianaId: '1068' },
  { name: 'Tucows Domains Inc.', ianaId: '69' },
  { name: 'Network Solutions, LLC', ianaId: '2' },
  { name: 'Gandi SAS', ianaId: '81' },
  { name: 'Cloudflare, Inc.', ianaId: '1910' },
  { name: 'Porkbun LLC', ianaId: '1861' },
];

const LOCKS = ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'];

/**
 * The TLDs whose registries publish RDAP: the live path's bootstrap, as shipped. The sandbox
 * refuses what the live path refuses (.de, .io, .zz: no service to ask), with the same 400.
 */
const RDAP_BOOTSTRAP = loadRdapBootstrap(undefined);

/** IANA's registrar, which holds the names reserved for documentation (RFC 2606). */
const IANA_REGISTRAR = { name: 'RESERVED-Internet Assigned Numbers Authority', ianaId: '376' };
const IANA_RESERVED = new Set(['example.com', 'example.net', 'example.org']);

/**
 * example.com as its registry publishes it (the live path's documented answer, in the sandbox's
 * data year): IANA's registration since 1995, renewed each August.
 */
const EXAMPLE_COM: DomainRegistration = {
  domain: 'example.com',
  registered: true,
  ldhName: 'EXAMPLE.COM',
  handle: '2336799_DOMAIN_COM-VRSN',
  status: LOCKS,
  registrar: IANA_REGISTRAR,
  createdDate: '1995-08-14T04:00:00+00:00',
  updatedDate: '2026-08-14T07:01:39+00:00',
  expiryDate: '2027-08-13T04:00:00+00:00',
  nameServers: ['a.iana-servers.net', 'b.iana-servers.net'],
  dnssec: true,
  registrant: null,
  redacted: [],
};

function nameServers(domain: string, random: SeededRandom): string[] {
  const host = random.pick(['cloudflare', 'aws', 'registrar', 'own']);
  if (host === 'cloudflare') return random.shuffle(['ada', 'bob', 'kate', 'nina', 'tom', 'vera']).slice(0, 2).map((name) => `${name}.ns.cloudflare.com`);
  if (host === 'aws') return [1, 2, 3, 4].map((n) => `ns-${random.integer(100, 1999)}.awsdns-${String(random.integer(0, 63)).padStart(2, '0')}.${['com', 'net', 'org', 'co.uk'][n - 1]}`);
  if (host === 'registrar') return [1, 2].map((n) => `ns${random.integer(1, 80) + n}.domaincontrol.com`);
  return [`ns1.${domain}`, `ns2.${domain}`];
}

/**
 * Registration records coherent with the rest of the sandbox, of the registered name (www.acme.com's
 * is acme.com's, as a registry answers): a name the sandbox finds taken (its registrar's
 * availability says the same) is registered (before its first backlink was seen, with a
 * registrar, dates and name servers); a free one is not; a TLD whose registry publishes no RDAP
 * has no registry to ask, as on the live path. A company's domain (the contacts world's, see
 * companyAt) was registered no later than its founding year, before its addresses were first seen,
 * by a registrant in its country. Registrants are redacted, as most gTLD
 * registrations are today; IANA's reserved names are IANA's, unredacted.
 */
export const sandboxWhois: WhoisProvider = {
  name: 'sandbox',
  async lookup(request) {
    const domain = registrableDomain(request.domain);
    if (RDAP_BOOTSTRAP.baseUrlFor(domain) === undefined) throw noRegistrationService(domain);
    if (domain === EXAMPLE_COM.domain) return structuredClone(EXAMPLE_COM);
    if (!isRegisteredName(domain)) return unregisteredDomain(domain);
    const profile = domainProfile(domain);
    const company = companyAt(domain);
    const random = new SeededRandom(`whois:${profile.domain}`);
    const created = Math.min(monthIndexOf(profile.firstSeenMonth) - random.integer(0, 24), company?.latestCreation ?? Infinity);
    const expires = Math.max(created + 12, DATA_MONTH_INDEX + random.integer(1, 24));
    // Drawn in the order the SEO endpoint's record always was, so its sandbox answers stay the same.
    // The biggest and famous names are with the brand-protection registrar, as they are.
    const registrar = profile.domainRank >= 900 || FAMOUS_SITES[domain] !== undefined ? REGISTRARS[0]! : random.pick(REGISTRARS);
    const createdDate = momentIn(created, random);
    const updatedDate = momentIn(DATA_MONTH_INDEX - random.integer(0, 11), random);
    const expiryDate = momentIn(expires, random);
    const servers = nameServers(domain, random);
    const record: DomainRegistration = {
      domain,
      registered: true,
      ldhName: domain.toUpperCase(),
      handle: `${random.integer(1_000_000, 2_999_999_999)}_DOMAIN_${domain.slice(domain.lastIndexOf('.') + 1).toUpperCase()}-SANDBOX`,
      status: random.chance(0.7) ? LOCKS.slice(0, random.integer(1, 3)) : ['active'],
      registrar,
      createdDate,
      updatedDate,
      expiryDate,
      nameServers: servers,
      dnssec: random.chance(0.2),
      registrant: { organization: 'REDACTED FOR PRIVACY', country: company?.country ?? random.pick(['US', 'GB', 'DE', 'FR', 'CA', 'NL']) },
      redacted: ['Registrant Name', 'Registrant Street', 'Registrant Phone', 'Registrant Email'],
    };
    return IANA_RESERVED.has(domain) ? { ...record, ...ianaHeld() } : record;
  },
};

/** What the registration of a company's domain follows from the company the contacts world has there. */
interface CompanyFacts {
  /** The latest month (year·12 + month − 1) the domain can have been registered in: its company's founding year, before any of its addresses was seen. */
  latestCreation: number;
  /** Where the company is: its registrant's country. */
  country: string;
}

/**
 * The company the sandbox's contacts world has at the domain (none at a webmail or disposable
 * one), as its registration must agree with: registered no later than the year the company was
 * founded and before any of its addresses was first seen, by a registrant in its country.
 */
function companyAt(domain: string): CompanyFacts | undefined {
  const world = worldOf(domain);
  if (world === null) return undefined;
  const { company } = world;
  const sources = [...world.people.flatMap((person) => person.sources), ...company.genericMailboxes.flatMap((mailbox) => genericContact(company, mailbox).sources)];
  const firstSeen = Math.min(...sources.map((source) => monthIndexOf(source.firstSeen.slice(0, 7))));
  return { latestCreation: Math.min(company.foundedYear * 12 + 11, firstSeen - 1), country: company.city.country };
}

/** What a registry publishes of a name IANA holds: its registrar, its name servers, locked, signed, no registrant. */
function ianaHeld(): Pick<DomainRegistration, 'registrar' | 'status' | 'nameServers' | 'dnssec' | 'registrant' | 'redacted'> {
  return { registrar: { ...IANA_REGISTRAR }, status: [...LOCKS], nameServers: ['a.iana-servers.net', 'b.iana-servers.net'], dnssec: true, registrant: null, redacted: [] };
}
