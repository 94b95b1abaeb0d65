import { domainToUnicode } from 'node:url';
import { nameLabel } from '../../../contacts/verification';
import { CITIES, postalCodeOf, type City } from '../places/cities';
import { isRegistered } from '../domain-profile';
import { SeededRandom } from '../random';
import { PATTERN_WEIGHTS, PATTERNS, type Pattern } from './patterns';
import { sandboxPhone } from './phones';
import { COMPANY_STEMS, GENERIC_MAILBOXES, INDUSTRIES, SIZES, type Industry } from './vocabulary';

/**
 * One company of the sandbox's world, seeded by its domain alone: every endpoint that reports on a
 * domain (company, count, domain-search, format, locations, similar, phone, …) reads it here, and
 * its people (./people.ts) are drawn from it, so the answers agree with one another.
 */
export interface WorldCompany {
  domain: string;
  /** The domain's own name, in words ("acme-widgets.com" → "Acme Widgets"): what the customer typed. */
  name: string;
  legalName: string;
  description: string;
  industry: Industry;
  foundedYear: number;
  type: 'privately held' | 'public company' | 'nonprofit';
  headcount: number;
  size: (typeof SIZES)[number];
  /** Addresses of people the world knows at this company. */
  knownPeople: number;
  city: City;
  streetAddress: string;
  postalCode: string;
  /** E.164. */
  phone: string;
  social: { network: string; prof: string; micro: string; code: string | null; photos: string | null; video: string | null };
  /** The patterns its people's addresses are drawn from, main first, with each one's intended share (what they came to: CompanyWorld.patterns). */
  patterns: ReadonlyArray<{ pattern: Pattern; share: number }>;
  /** The mail server accepts any address (catch-all). */
  catchAll: boolean;
  /** Local parts of its role mailboxes, `info` first. */
  genericMailboxes: readonly string[];
}

/** Country → the legal form its companies' registered names end with. */
const LEGAL_FORMS: Readonly<Record<string, string>> = {
  US: ', Inc.', CA: ' Inc.', GB: ' Ltd', DE: ' GmbH', FR: ' SAS', ES: ' S.L.', NL: ' B.V.', PT: ', Lda.', JP: ' K.K.', AU: ' Pty Ltd', MX: ' S.A. de C.V.',
};
const LEGAL_SUFFIX = /[\s,]+(inc\.?|incorporated|ltd\.?|limited|llc|gmbh|sas|s\.l\.|b\.v\.|lda\.|k\.k\.|pty ltd|s\.a\. de c\.v\.|corp\.?|corporation|co\.?)$/i;
const CODE_HOSTING_SECTORS = new Set(['Information Technology', 'Communication Services']);

/** The TLDs a catalogue company's name is looked for under, in turn: the first one someone registered it under is its domain. */
const CATALOGUE_TLDS = ['com', 'net', 'biz', 'info'];

/** How many companies of each industry the catalogue names. */
const CATALOGUE_SIZE = 8;

/**
 * The world's other companies: up to eight invented ones per industry, which the similar endpoint names.
 * Each is at a domain someone registered (`isRegistered`), so it is a company of the world too and
 * the registrar and WHOIS agree that it is taken: a name (Quillo Software) is looked for under
 * each of CATALOGUE_TLDS in turn, and one registered under none of them is passed over.
 */
const CATALOGUE: ReadonlyMap<string, Industry> = new Map(
  INDUSTRIES.flatMap((industry) =>
    new SeededRandom(`contacts-catalogue:${industry.name}`)
      .shuffle(COMPANY_STEMS)
      .flatMap((stem) => {
        const label = `${stem.toLowerCase()}-${industry.noun.toLowerCase()}`;
        const domain = CATALOGUE_TLDS.map((tld) => `${label}.${tld}`).find(isRegistered);
        return domain === undefined ? [] : [[domain, industry] as const];
      })
      .slice(0, CATALOGUE_SIZE),
  ),
);

/** The catalogue's companies of one industry. */
export function catalogueDomains(industry: Industry): string[] {
  return [...CATALOGUE].filter(([, other]) => other === industry).map(([domain]) => domain);
}

function titleCase(label: string): string {
  return label
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The domain the world gives a company name: the catalogue's company of that name, else the name's
 * words joined (`Acme Widgets, Inc.` → `acme-widgets.com`), whose company is named back the same.
 */
export function domainOfCompanyName(companyName: string): string {
  const bare = companyName.trim().replace(LEGAL_SUFFIX, '');
  const words = bare.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter((word) => word !== '');
  if (words.length === 0) return `company-${new SeededRandom(`company-name:${bare}`).integer(100000, 999999)}.com`;
  return `${words.join('-')}.com`;
}

function pickWeighted<Item>(items: readonly Item[], weightOf: (item: Item) => number, random: SeededRandom): Item {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let roll = random.next() * total;
  for (const item of items) {
    roll -= weightOf(item);
    if (roll < 0) return item;
  }
  return items[items.length - 1]!;
}

/** The address patterns of a company of `knownPeople`: one main, sometimes a second and a third. */
function patternsOf(knownPeople: number, random: SeededRandom): Array<{ pattern: Pattern; share: number }> {
  // Patterns that run out of distinct addresses in a larger company are kept to small ones.
  const fits = (pattern: Pattern) => (pattern === '{first}' ? knownPeople <= 24 : pattern === '{first}{l}' ? knownPeople <= 45 : true);
  const eligible = PATTERNS.filter(fits);
  const main = pickWeighted(eligible, (pattern) => PATTERN_WEIGHTS[pattern], random);
  const others = random.shuffle(eligible.filter((pattern) => pattern !== main));
  const mainShare = knownPeople < 5 || random.chance(0.3) ? 1 : random.between(0.7, 0.95);
  if (mainShare === 1) return [{ pattern: main, share: 1 }];
  if (random.chance(0.5)) return [{ pattern: main, share: mainShare }, { pattern: others[0]!, share: 1 - mainShare }];
  const second = (1 - mainShare) * random.between(0.6, 0.85);
  return [{ pattern: main, share: mainShare }, { pattern: others[0]!, share: second }, { pattern: others[1]!, share: 1 - mainShare - second }];
}

function streetAddress(city: City, random: SeededRandom): string {
  const street = random.pick(city.streets);
  switch (city.addressStyle) {
    case 'us':
      return `${random.integer(10, 2400)} ${street}${random.chance(0.4) ? `, Suite ${random.integer(100, 900)}` : ''}`;
    case 'uk':
      return `${random.integer(1, 180)} ${street}`;
    case 'eu':
      return `${street} ${random.integer(1, 180)}`;
    case 'jp':
      return `${random.integer(1, 4)}-${random.integer(1, 30)}-${random.integer(1, 20)} ${street}`;
  }
}

/** The company a domain is, in the sandbox's world (free, webmail and disposable domains are not asked here: see isCompanyDomain). */
export function worldCompany(rawDomain: string): WorldCompany {
  const domain = rawDomain.replace(/^www\./, '');
  const random = new SeededRandom(`contacts-company:${domain}`);
  const label = nameLabel(domain);
  // An internationalised domain's name is read in its own letters (xn--bcher-kva.com: Bücher), not its ASCII form.
  const name = titleCase(nameLabel(domainToUnicode(domain) || domain)) || domain;
  const industry = CATALOGUE.get(domain) ?? random.pick(INDUSTRIES);
  const size = pickWeighted(SIZES, (entry) => entry.weight, random);
  const headcount = random.integer(size.min, size.max);
  const knownPeople = Math.min(headcount, random.integer(size.known[0], size.known[1]));
  const city = random.pick(CITIES);
  const sizeIndex = SIZES.indexOf(size);
  // Larger companies are older, on the whole.
  const foundedYear = Math.min(2024, Math.round(2024 - random.between(1, 12) - sizeIndex * random.between(2, 9)));
  const type = sizeIndex >= 5 && random.chance(0.5) ? 'public company' : industry.sector === 'Health Care' && random.chance(0.3) ? 'nonprofit' : 'privately held';
  const handle = label.replace(/[^a-z0-9-]/g, '');
  const place = random.fork();
  const social = random.fork();
  const mailboxCount = Math.min(GENERIC_MAILBOXES.length, 1 + Math.floor(sizeIndex / 2) + random.integer(0, 2));
  return {
    domain,
    name,
    legalName: `${name}${LEGAL_FORMS[city.country] ?? ' Ltd'}`,
    description: `${name} is a sandbox company in ${industry.name.toLowerCase()}, founded in ${foundedYear} and based in ${city.name}. Its profile, people and addresses are synthetic.`,
    industry,
    foundedYear,
    type,
    headcount,
    size,
    knownPeople,
    city,
    streetAddress: streetAddress(city, place),
    postalCode: postalCodeOf(city, place),
    phone: sandboxPhone(city, place),
    social: {
      network: `https://network.com/${handle}`,
      prof: `https://www.prof.com/company/${handle}`,
      micro: `https://micro.com/${handle.replace(/-/g, '')}`,
      code: CODE_HOSTING_SECTORS.has(industry.sector) || social.chance(0.2) ? `https://code.com/${handle}` : null,
      photos: social.chance(0.4) ? `https://photos.com/${handle.replace(/-/g, '')}` : null,
      video: social.chance(0.3) ? `https://video.com/@${handle.replace(/-/g, '')}` : null,
    },
    patterns: patternsOf(knownPeople, random.fork()),
    catchAll: random.chance(0.15),
    genericMailboxes: ['info', ...random.shuffle(GENERIC_MAILBOXES).slice(0, mailboxCount)],
  };
}
