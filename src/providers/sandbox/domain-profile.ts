import { SANDBOX_DATA_MONTH } from './data-month';
import { brandFameOf, FAMOUS_SITES, famousSitesNamed, isLookalike, KNOWN_SITES } from './known-sites';
import { keywordVolume } from './keyword-metrics';
import { registrableDomain } from '../../contacts/domain-lists';
import { SeededRandom, roundTo } from './random';
import { locationDemand, UNITED_STATES } from './search-market';
import { locationCodeOfCountry } from '../../schemas/countries';
import { lookupTable } from '../../core/lookup-table';

/**
 * The one source of a domain's standing in the sandbox, seeded by the domain alone: every endpoint
 * that reports a domain's rank, backlinks, referring domains, keywords or traffic reads it here,
 * so they agree with each other. Magnitudes follow a long tail: most domains are small, a few huge.
 * A domain that is not registered (`isRegistered`, which the sandbox registrar and WHOIS read too)
 * has no presence at all: no rank, links, keywords or traffic.
 */
export interface DomainProfile {
  domain: string;
  /** 0 to 1000, the backlink index's rank. */
  domainRank: number;
  /** 0 to 100, a third-party-style domain rating. */
  domainRating: number;
  backlinks: number;
  dofollowBacklinks: number;
  brokenBacklinks: number;
  referringDomains: number;
  referringMainDomains: number;
  referringIps: number;
  referringPages: number;
  organicKeywords: number;
  /** Monthly organic visits (estimated). */
  organicTraffic: number;
  /** USD value of the organic traffic, at the keywords' CPC. */
  organicTrafficValue: number;
  paidKeywords: number;
  paidTraffic: number;
  paidTrafficCost: number;
  /** First month the backlink index saw the domain, `YYYY-MM`. */
  firstSeenMonth: string;
}

const ALWAYS_REGISTERED: ReadonlySet<string> = new Set(KNOWN_SITES);

/**
 * The most authority a lookalike of a famous site has (ebay.net, nike.io: another TLD, the famous
 * name): a few dozen keywords at most, so it neither crowds its brand's results page nor tops the
 * brand's competitors by sharing its name's searches.
 */
const LOOKALIKE_AUTHORITY = 0.2;

/**
 * The most authority a site nobody famous owns reaches: below every famous site's (the least of
 * them 0.76), so a made-up or exact-match name (running-shoes.net) is never bigger than google.com
 * or nike.com, however lucky its draw.
 */
export const UNKNOWN_SITE_AUTHORITY = 0.7;

/**
 * The top-level domains of the sandbox's search world: a results page looks for the sites named
 * after its query under these (see ./organic-rankings.ts), so only a site under one of them (or a
 * well-known one) can rank, and only such a site has organic keywords and traffic. Few, because a
 * page checks each of them for every subject its query is built on.
 */
export const RANKED_TLDS = ['com', 'net', 'org', 'io', 'co', 'app', 'dev', 'info', 'co.uk', 'de', 'fr'];

/** The most words (between hyphens) a name searchers type as a site's name has: a page looks for sites named after up to this many. */
export const MOST_NAME_WORDS = 3;

/** A name searchers can type as words: one to three words of letters and digits, between single hyphens. */
const NAME_OF_WORDS = new RegExp(`^[a-z0-9]+(?:-[a-z0-9]+){0,${MOST_NAME_WORDS - 1}}$`);

/** Whether a registrable name can rank: well known, or a name of words (see NAME_OF_WORDS) under one of the ranked TLDs. */
export function isRankedName(domain: string): boolean {
  if (ALWAYS_REGISTERED.has(domain)) return true;
  const dot = domain.indexOf('.');
  return RANKED_TLDS.includes(domain.slice(dot + 1)) && NAME_OF_WORDS.test(domain.slice(0, dot));
}

export const normalisedDomain = (domain: string) => domain.trim().toLowerCase().replace(/^www\./, '');

/**
 * Whether a host's name is registered: the one fact behind a domain's presence (its profile), the
 * sandbox registrar's availability and its WHOIS record. Seeded by the registrable name alone (a
 * subdomain stands or falls with it). Short and dictionary-like names are mostly taken; long,
 * hyphenated or numeric ones mostly free.
 */
export function isRegistered(host: string): boolean {
  return isRegisteredName(registrableDomain(normalisedDomain(host)));
}

/**
 * `isRegistered` of a name already registrable and lower-case (`runningguide.com`): what the
 * sandbox's own generated site names are checked by, without normalising them again. A results
 * page checks a few dozen.
 */
export function isRegisteredName(domain: string): boolean {
  if (ALWAYS_REGISTERED.has(domain)) return true;
  const label = domain.slice(0, domain.indexOf('.'));
  const takenProbability = label.length <= 4 ? 0.97 : label.length <= 8 && !/[-0-9]/.test(label) ? 0.75 : 0.2;
  return new SeededRandom(`registered:${domain}`).chance(takenProbability);
}

/** What the sandbox's indexes know of a name nobody registered: nothing (first seen: never, so the data month). */
function absentProfile(domain: string): DomainProfile {
  return {
    domain, domainRank: 0, domainRating: 0, backlinks: 0, dofollowBacklinks: 0, brokenBacklinks: 0, referringDomains: 0, referringMainDomains: 0,
    referringIps: 0, referringPages: 0, organicKeywords: 0, organicTraffic: 0, organicTrafficValue: 0, paidKeywords: 0, paidTraffic: 0,
    paidTrafficCost: 0, firstSeenMonth: `${SANDBOX_DATA_MONTH.year}-${String(SANDBOX_DATA_MONTH.month).padStart(2, '0')}`,
  };
}

/**
 * The monthly searches for a famous site's name (`webmd`), in the United States, when the name is
 * its brand (see brandFameOf; bbc.com's is bbc.co.uk's); none otherwise. Its visits are at least
 * as many: the first place of its name's page takes about a quarter of them, the site much else.
 */
function brandSearches(site: string): number {
  const name = site.slice(0, site.indexOf('.')).replaceAll('-', ' ');
  return famousSitesNamed(name)[0] === site && brandFameOf(name) !== undefined ? keywordVolume(name, UNITED_STATES) : 0;
}

/** A site's authority when it is not famous: long-tailed, most of it small, lower still for a lookalike. */
function drawnAuthority(site: string, random: SeededRandom): number {
  const draw = random.next() ** 1.8;
  return isLookalike(site) ? Math.min(LOOKALIKE_AUTHORITY, draw) : UNKNOWN_SITE_AUTHORITY * draw;
}

export function domainProfile(rawDomain: string): DomainProfile {
  const domain = normalisedDomain(rawDomain);
  if (!isRegistered(domain)) return absentProfile(domain);
  const random = new SeededRandom(`domain:${domain}`);
  // Authority in [0, 1): a famous site's is its fame; any other's long-tailed (most of them small)
  // up to UNKNOWN_SITE_AUTHORITY, a lookalike's capped lower still.
  const famous = FAMOUS_SITES[domain];
  const site = registrableDomain(domain);
  const authority = famous ?? drawnAuthority(site, random);
  const logLinks = 1 + authority * 8.5 + random.normal(0, 0.3);
  const backlinks = Math.max(3, Math.round(10 ** logLinks));
  const referringDomains = Math.max(1, Math.round(backlinks / (8 + random.between(0, 40))));
  // Drawn whether or not the site can rank, so the fields drawn after it are the same either way.
  const keywordDraw = random.normal(0, 0.25);
  const organicKeywords = isRankedName(site) ? Math.max(0, Math.round(10 ** (authority * 6.5 + keywordDraw))) : 0;
  const organicTraffic = Math.max(
    Math.round(organicKeywords * (0.8 + authority * 18) * random.between(0.6, 1.4)),
    famous === undefined ? 0 : brandSearches(site),
  );
  const paidShare = random.chance(0.45) ? random.between(0.005, 0.08) : 0;
  const paidKeywords = Math.round(organicKeywords * paidShare);
  const paidTraffic = Math.round(organicTraffic * paidShare * random.between(0.5, 2));
  // A famous site has been on the web since its early years (the most famous since the 1990s).
  const ageMonths = Math.round((famous === undefined ? 12 + authority * 120 : 12 * (8 + famous * 20)) + random.between(0, 36));
  const firstIndex = SANDBOX_DATA_MONTH.year * 12 + (SANDBOX_DATA_MONTH.month - 1) - ageMonths;
  return {
    domain,
    domainRank: Math.round(Math.min(1000, authority * 1000)),
    domainRating: Math.round(Math.min(100, authority * 100)),
    backlinks,
    dofollowBacklinks: Math.round(backlinks * random.between(0.55, 0.85)),
    brokenBacklinks: Math.round(backlinks * random.between(0.01, 0.06)),
    referringDomains,
    referringMainDomains: Math.max(1, Math.round(referringDomains * random.between(0.75, 0.95))),
    referringIps: Math.max(1, Math.round(referringDomains * random.between(0.6, 0.9))),
    referringPages: Math.max(1, Math.round(backlinks * random.between(0.5, 0.9))),
    organicKeywords,
    organicTraffic,
    organicTrafficValue: Math.round(organicTraffic * random.between(0.3, 2.2) * 100) / 100,
    paidKeywords,
    paidTraffic,
    paidTrafficCost: Math.round(paidTraffic * random.between(0.8, 3.5) * 100) / 100,
    firstSeenMonth: `${Math.floor(firstIndex / 12)}-${String((firstIndex % 12) + 1).padStart(2, '0')}`,
  };
}

/**
 * The countries whose TLDs the sandbox's search world holds (see RANKED_TLDS): a site under one
 * of them (fitness.fr) writes for that country.
 */
const COUNTRY_TLDS = lookupTable<string>({ 'co.uk': 'gb', de: 'de', fr: 'fr' });

/** How much of a country site's audience another country holds, against a site written for everyone: little. */
const ABROAD_SHARE = 0.03;

/**
 * The location a site is written for, when it is a country's (fitness.fr → France): its profile
 * is its numbers there. None for a famous site (bbc.co.uk is read everywhere) or any other name.
 */
function homeMarketOf(domain: string): number | undefined {
  const site = registrableDomain(domain);
  if (FAMOUS_SITES[site] !== undefined) return undefined;
  const country = COUNTRY_TLDS[site.slice(site.indexOf('.') + 1)];
  return country === undefined ? undefined : locationCodeOfCountry(country);
}

/**
 * The profile as seen from one location: links are global, keywords and traffic local (the
 * United States being the profile itself; elsewhere a share of it as large as the location's
 * searches are against the United States', give or take the domain's standing there, seeded by
 * domain and location) — so the visits its keywords bring there, whose volumes are that same
 * share of the United States', fit in the traffic it reports there, as they do in the United States.
 * A country's site (fitness.fr, see homeMarketOf) is the other way round: the profile is its
 * numbers at home, and anywhere else it has a small share (ABROAD_SHARE) of a general site's.
 * `profile`: the domain's, when the caller has it already.
 */
export function localDomainProfile(domain: string, locationCode: number, profile = domainProfile(domain)): DomainProfile {
  const home = homeMarketOf(profile.domain);
  if (locationCode === (home ?? UNITED_STATES.locationCode)) return profile;
  const standing = new SeededRandom(`market:${profile.domain}:${locationCode}`).between(0.75, 1.25);
  const share = locationDemand(locationCode) * (home === undefined ? 1 : ABROAD_SHARE) * standing;
  const scale = (value: number) => Math.round(value * share);
  return {
    ...profile,
    organicKeywords: scale(profile.organicKeywords),
    organicTraffic: scale(profile.organicTraffic),
    organicTrafficValue: roundTo(profile.organicTrafficValue * share, 2),
    paidKeywords: scale(profile.paidKeywords),
    paidTraffic: scale(profile.paidTraffic),
    paidTrafficCost: roundTo(profile.paidTrafficCost * share, 2),
  };
}
