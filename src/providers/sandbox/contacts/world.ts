import { isDisposableDomain, isWebmailDomain, registrableDomain } from '../../../contacts/domain-lists';
import { splitAddress } from '../../../contacts/email-address';
import { isRegistered } from '../domain-profile';
import { worldCompany, type WorldCompany } from './company';
import { domainOfProfileHandle, peopleOf, type WorldPerson } from './people';
import { mailboxWord, PATTERNS, type Pattern } from './patterns';

/** A company of the world with its people: what every lookup on one domain reads. */
export interface CompanyWorld {
  company: WorldCompany;
  people: readonly WorldPerson[];
  /** The patterns its people's addresses follow, most used first, with the share of people using each (format; the first is the domain's pattern). */
  patterns: ReadonlyArray<{ pattern: Pattern; share: number }>;
}

/** What the world knows of one address. */
export type AddressLookup =
  | { kind: 'not-a-company'; domain: string }
  | { kind: 'person'; world: CompanyWorld; person: WorldPerson }
  | { kind: 'generic'; world: CompanyWorld; mailbox: string }
  | { kind: 'stranger'; world: CompanyWorld }
  /** At a subdomain of the company's domain (news.acme.com): its own mail servers, of which the world knows nothing. */
  | { kind: 'other-mail-domain'; world: CompanyWorld };

/** The last worlds built: a domain-search walking pages, or one address asked several ways, builds each once. */
const recent = new Map<string, CompanyWorld>();
const RECENT_LIMIT = 64;

/**
 * The top-level domain reserved for documentation (RFC 2606, RFC 6761 §6.5): no registry holds its
 * names, yet the documented examples' companies live there (northwind.example).
 */
const DOCUMENTATION_TLD = '.example';

/**
 * A company has a domain someone registered (`isRegistered`, as the sandbox registrar and WHOIS
 * say): a free name is nobody's. Webmail and disposable domains are mailboxes for anyone, not
 * companies: the world has none there either. The documentation TLD's names are the exception
 * (example.com, .net and .org are registered anyway).
 */
export function isCompanyDomain(domain: string): boolean {
  if (isWebmailDomain(domain) || isDisposableDomain(domain)) return false;
  return domain.endsWith(DOCUMENTATION_TLD) || isRegistered(domain);
}

/**
 * The company at `domain` and its people; null for a domain nobody registered and for webmail and
 * disposable domains. A subdomain is its registered domain's company (blog.acme.co.uk is
 * acme.co.uk's), as the endpoints take it.
 */
export function worldOf(rawDomain: string): CompanyWorld | null {
  const domain = registrableDomain(rawDomain);
  if (!isCompanyDomain(domain)) return null;
  const cached = recent.get(domain);
  if (cached) return cached;
  const company = worldCompany(domain);
  const people = peopleOf(company);
  const world = { company, people, patterns: patternUse(people) };
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(domain, world);
  return world;
}

/** How many of the people use each pattern: drawn from the company's intended shares, so counted. */
function patternUse(people: readonly WorldPerson[]): CompanyWorld['patterns'] {
  const uses = new Map<Pattern, number>();
  for (const person of people) uses.set(person.pattern, (uses.get(person.pattern) ?? 0) + 1);
  return [...uses]
    .sort((a, b) => b[1] - a[1] || PATTERNS.indexOf(a[0]) - PATTERNS.indexOf(b[0]))
    .map(([pattern, count]) => ({ pattern, share: count / people.length }));
}

/**
 * Whose an address is. Only the company's own domain holds its people's and role mailboxes (an
 * address at blog.acme.com is not acme.com's mailbox of that name); a `+tag` is delivered to the
 * mailbox without it, as mail servers do (RFC 5233), so `jane+crm@` is Jane's.
 */
export function lookupAddress(email: string): AddressLookup {
  const { localPart, domain } = splitAddress(email.toLowerCase());
  const world = worldOf(domain);
  if (!world) return { kind: 'not-a-company', domain };
  if (domain !== world.company.domain) return { kind: 'other-mail-domain', world };
  const mailbox = localPart.split('+')[0]!;
  const person = world.people.find((candidate) => candidate.email === `${mailbox}@${world.company.domain}`);
  if (person) return { kind: 'person', world, person };
  if (world.company.genericMailboxes.includes(mailbox)) return { kind: 'generic', world, mailbox };
  return { kind: 'stranger', world };
}

/**
 * The company's person of that name (accents and case aside), if the world knows one. The world
 * knows each person by one given name: a second one asked (Greta Anne) does not hide Greta.
 */
export function personNamed(world: CompanyWorld, firstName: string, lastName: string): WorldPerson | undefined {
  const firsts = new Set([mailboxWord(firstName), mailboxWord(firstName.trim().split(/\s+/)[0]!)]);
  const last = mailboxWord(lastName);
  return world.people.find((person) => firsts.has(mailboxWord(person.firstName)) && mailboxWord(person.lastName) === last);
}

/** The person behind a sandbox profile URL (`https://www.prof.com/in/<handle>`), if it is one of the world's. */
export function personOfProfile(url: string): { world: CompanyWorld; person: WorldPerson } | undefined {
  const handle = /^https:\/\/www\.prof\.com\/in\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(url.trim())?.[1]?.toLowerCase();
  const domain = handle === undefined ? null : domainOfProfileHandle(handle);
  const world = domain === null ? null : worldOf(domain);
  const person = world?.people.find((candidate) => candidate.prof === `https://www.prof.com/in/${handle}`);
  return world && person ? { world, person } : undefined;
}
