import type { BacklinkHistoryRequest, BacklinkIntersectionRequest, BacklinkListRequest, BacklinksProvider } from '../families/backlinks';
import type { Anchor, Backlink, DomainIntersection, HistoryRow, PageIntersection, ReferringDomain } from '../../schemas/backlinks';
import { lastDayOf, laterMonth, earlierMonth, monthAt, monthIndex, monthOf, type CalendarMonth } from '../../schemas/calendar-month';
import { domainProfile, isRegistered, type DomainProfile } from './domain-profile';
import { SANDBOX_DATA_MONTH } from './data-month';
import { SeededRandom } from './random';

/**
 * The sandbox's backlink index. Every number derives from `domainProfile`, so this family agrees
 * with every other endpoint: the summary's totals are the profile's, the last history month ends
 * on them, and the lists never hold more rows than the profile makes plausible. A domain nobody
 * registered has no links, so every list and its history are empty; linking sites are registered.
 */

const DATA_MONTH = monthIndex(SANDBOX_DATA_MONTH);

/** The profile of a domain, or of a page (a seeded slice of its domain's links) when the target is a URL. */
function targetProfile(target: string): DomainProfile {
  if (!/^https?:\/\//.test(target)) return domainProfile(target);
  const site = domainProfile(new URL(target).hostname);
  if (site.backlinks === 0) return site;
  const share = new SeededRandom(`page:${target}`).between(0.002, 0.05);
  const scale = (value: number) => Math.max(1, Math.round(value * share));
  const backlinks = scale(site.backlinks);
  const referringDomains = Math.min(backlinks, scale(site.referringDomains * 3));
  return {
    ...site,
    backlinks,
    dofollowBacklinks: Math.min(backlinks, scale(site.dofollowBacklinks)),
    brokenBacklinks: Math.min(backlinks, Math.round(site.brokenBacklinks * share)),
    referringDomains,
    referringMainDomains: Math.min(referringDomains, scale(site.referringMainDomains * 3)),
    referringIps: Math.min(referringDomains, scale(site.referringIps * 3)),
    referringPages: Math.min(backlinks, scale(site.referringPages)),
  };
}

/** A day between `fromMonth` (a month index) and the data month, YYYY-MM-DD. */
function dayBetween(random: SeededRandom, fromMonth: number): string {
  const month = monthAt(random.integer(fromMonth, DATA_MONTH));
  return `${lastDayOf(month).slice(0, 8)}${String(random.integer(1, 28)).padStart(2, '0')}`;
}

/** A day from `firstSeen` (included) to the end of the data month. */
function dayFrom(random: SeededRandom, firstSeen: string, fromMonth = monthIndex(monthOf(firstSeen))): string {
  const day = dayBetween(random, Math.max(fromMonth, monthIndex(monthOf(firstSeen))));
  return day < firstSeen ? firstSeen : day;
}

function firstSeenIndex(profile: DomainProfile): number {
  return monthIndex(monthOf(profile.firstSeenMonth));
}

/** Share of the total at each month: rising from near zero to exactly 1 in the data month, with a little noise. */
function growthShape(months: number, random: SeededRandom): number[] {
  const steepness = random.between(1, 2.4);
  return Array.from({ length: months }, (_, index) =>
    index === months - 1 ? 1 : ((index + 1) / months) ** steepness * (1 + Math.max(-0.03, Math.min(0.03, random.normal(0, 0.012)))),
  );
}

/** Month-end totals with the flows between them: total[m] = total[m-1] + gained[m] - lost[m]. */
function flows(totals: number[], random: SeededRandom): Array<{ gained: number; lost: number }> {
  return totals.map((total, index) => {
    const previous = index === 0 ? 0 : totals[index - 1]!;
    const lost = Math.max(previous - total, Math.round(previous * random.between(0.004, 0.04)));
    return { gained: total - previous + lost, lost };
  });
}

/** The whole history on record, from the first-seen month to the data month. */
function fullHistory(profile: DomainProfile): HistoryRow[] {
  const first = firstSeenIndex(profile);
  const months = DATA_MONTH - first + 1;
  const random = new SeededRandom(`backlink-history:${profile.domain}`);
  const linkShape = growthShape(months, random);
  const domainShape = growthShape(months, random);
  const brokenPageRatio = random.between(0.15, 0.45);
  const backlinks = linkShape.map((share) => Math.round(profile.backlinks * share));
  // A month with links has at least one linking domain, and never more domains than links.
  const referringDomains = domainShape.map((share, index) => Math.min(backlinks[index]!, Math.max(Math.sign(backlinks[index]!), Math.round(profile.referringDomains * share))));
  const linkFlows = flows(backlinks, random);
  const domainFlows = flows(referringDomains, random);
  return backlinks.map((total, index) => {
    const brokenBacklinks = Math.round(profile.brokenBacklinks * linkShape[index]!);
    return {
      date: lastDayOf(monthAt(first + index)),
      rank: Math.round(profile.domainRank * Math.sqrt(domainShape[index]!)),
      backlinks: total,
      newBacklinks: linkFlows[index]!.gained,
      lostBacklinks: linkFlows[index]!.lost,
      referringDomains: referringDomains[index]!,
      newReferringDomains: domainFlows[index]!.gained,
      lostReferringDomains: domainFlows[index]!.lost,
      referringMainDomains: Math.min(referringDomains[index]!, Math.round(profile.referringMainDomains * domainShape[index]!)),
      referringPages: Math.round(profile.referringPages * linkShape[index]!),
      brokenBacklinks,
      brokenPages: Math.round(brokenBacklinks * brokenPageRatio),
    };
  });
}

function history({ target, dateFrom, dateTo }: BacklinkHistoryRequest): HistoryRow[] {
  const profile = domainProfile(target);
  if (profile.backlinks === 0) return [];
  const first = firstSeenIndex(profile);
  const from: CalendarMonth = dateFrom ? laterMonth(monthOf(dateFrom), monthAt(first)) : monthAt(first);
  const to = earlierMonth(monthOf(dateTo), SANDBOX_DATA_MONTH);
  if (monthIndex(from) > monthIndex(to)) return [];
  return fullHistory(profile).slice(monthIndex(from) - first, monthIndex(to) - first + 1);
}

/**
 * The first `take` shares of a long tail over `total` items (Zipf): the head takes much, but the
 * tail of a big profile still holds most of it. The normaliser sums the first 100,000 terms and
 * integrates the rest.
 */
function zipfShares(take: number, total: number, random: SeededRandom): number[] {
  const exponent = random.between(0.9, 1.3);
  const summed = Math.min(total, 100_000);
  let normaliser = 0;
  for (let rank = 1; rank <= summed; rank += 1) normaliser += rank ** -exponent;
  if (total > summed) normaliser += (total ** (1 - exponent) - summed ** (1 - exponent)) / (1 - exponent);
  return Array.from({ length: Math.min(take, total) }, (_, index) => (index + 1) ** -exponent / normaliser);
}

const GENERIC_ANCHORS = ['click here', 'here', 'website', 'read more', 'learn more', 'source', 'this article', 'homepage', 'link', 'official site'];
const TOPICS = ['guide', 'pricing', 'review', 'tips', 'blog', 'news', 'tools', 'features', 'support', 'docs', 'tutorial', 'alternatives', 'comparison', 'download', 'app', 'store', 'deals', 'faq', 'careers', 'case study'];
const YEARS = [2020, 2021, 2022, 2023, 2024, 2025, 2026];
const QUALIFIERS = ['best', 'free', 'how to use', 'official', 'latest', 'top', 'cheap', 'new', 'online', 'complete', 'ultimate', 'easy', 'quick', 'honest', 'detailed'];

/** Anchor texts a site attracts: its brand and address first, generic phrases, then a long topical tail (1,000+). */
function anchorTexts(site: string): string[] {
  const random = new SeededRandom(`anchor-texts:${site}`);
  const brand = site.split('.')[0]!;
  const head = [brand, site, `https://${site}/`, '', `www.${site}`, `${brand} reviews`, `visit ${brand}`];
  const tail = [
    ...TOPICS.map((topic) => `${brand} ${topic}`),
    ...QUALIFIERS.flatMap((qualifier) => TOPICS.map((topic) => `${qualifier} ${topic}`)),
    ...QUALIFIERS.flatMap((qualifier) => TOPICS.map((topic) => `${qualifier} ${brand} ${topic}`)),
    ...YEARS.flatMap((year) => QUALIFIERS.flatMap((qualifier) => TOPICS.map((topic) => `${qualifier} ${topic} ${year}`))),
  ];
  return [...head, ...random.shuffle(GENERIC_ANCHORS), ...random.shuffle(tail)];
}

function siteOf(target: string): string {
  return /^https?:\/\//.test(target) ? new URL(target).hostname.replace(/^www\./, '') : target;
}

function anchors({ target, limit }: BacklinkListRequest): Anchor[] {
  const profile = targetProfile(target);
  if (profile.backlinks === 0) return [];
  const texts = anchorTexts(siteOf(target));
  const onRecord = Math.max(1, Math.min(Math.round(profile.referringDomains * 0.6) + 4, Math.floor(profile.backlinks / 2)));
  const random = new SeededRandom(`anchors:${target}`);
  const shares = zipfShares(Math.min(limit, texts.length), onRecord, random);
  const dofollowRatio = profile.dofollowBacklinks / profile.backlinks;
  const domainRatio = profile.referringDomains / profile.backlinks;
  const first = firstSeenIndex(profile);
  return shares.map((share, index) => {
    const backlinks = Math.max(1, Math.floor(profile.backlinks * share));
    const firstSeen = dayBetween(random, first);
    return {
      anchor: texts[index]!,
      backlinks,
      dofollow: Math.min(backlinks, Math.round(backlinks * dofollowRatio * random.between(0.85, 1.15))),
      firstSeen,
      lastSeen: random.chance(0.12) ? dayFrom(random, firstSeen) : '',
      referringDomains: Math.max(1, Math.min(backlinks, profile.referringDomains, Math.round(backlinks * domainRatio * random.between(0.7, 1.5)))),
    };
  });
}

const NAME_PREFIXES = ['daily', 'the', 'my', 'top', 'smart', 'green', 'urban', 'tech', 'open', 'bright', 'north', 'blue', 'prime', 'local', 'global', 'happy', 'modern', 'simple', 'wild', 'true'];
const NAME_NOUNS = ['journal', 'hub', 'review', 'insider', 'times', 'digest', 'post', 'wire', 'lab', 'guide', 'notes', 'forum', 'press', 'world', 'zone', 'spot', 'base', 'report', 'chronicle', 'media'];
const TLDS = ['com', 'org', 'net', 'io', 'co', 'news', 'blog', 'info'];

/** The sites that link: the registered ones of 3,200 names, found once. */
const LINKING_SITES = NAME_PREFIXES.flatMap((prefix) => NAME_NOUNS.flatMap((noun) => TLDS.map((tld) => `${prefix}${noun}.${tld}`))).filter(isRegistered);

/** Linking sites for a seed, in a seeded order, never one of `exclude`. */
function linkingSites(seed: string, exclude: readonly string[]): string[] {
  return new SeededRandom(`linking-sites:${seed}`).shuffle(LINKING_SITES.filter((name) => !exclude.includes(name)));
}

function referringDomains({ target, limit }: BacklinkListRequest): ReferringDomain[] {
  const profile = targetProfile(target);
  const sites = linkingSites(target, [siteOf(target)]);
  const random = new SeededRandom(`referring-domains:${target}`);
  const shares = zipfShares(Math.min(limit, sites.length), profile.referringDomains, random);
  const dofollowRatio = profile.dofollowBacklinks / profile.backlinks;
  const first = firstSeenIndex(profile);
  return shares.map((share, index) => {
    const backlinks = Math.max(1, Math.floor(profile.backlinks * share));
    const firstSeen = dayBetween(random, first);
    const domain = sites[index]!;
    return {
      domain,
      backlinks,
      dofollow: Math.min(backlinks, Math.round(backlinks * dofollowRatio * random.between(0.85, 1.15))),
      rank: domainProfile(domain).domainRank,
      firstSeen,
      lastSeen: random.chance(0.1) ? dayFrom(random, firstSeen) : '',
    };
  });
}

const SECTIONS = ['blog', 'news', 'reviews', 'articles', 'resources', 'guides', 'forum/thread'];
const TARGET_PATHS = ['', 'blog/', 'pricing', 'about', 'features', 'docs/getting-started', 'blog/annual-report'];

function backlinks({ target, limit }: BacklinkListRequest): Backlink[] {
  const profile = targetProfile(target);
  const site = siteOf(target);
  const sites = linkingSites(target, [site]).slice(0, Math.min(profile.referringDomains, 1000));
  const texts = anchorTexts(site).slice(0, 40);
  const random = new SeededRandom(`backlinks:${target}`);
  const dofollowRatio = profile.dofollowBacklinks / profile.backlinks;
  const brokenRatio = profile.brokenBacklinks / profile.backlinks;
  const first = firstSeenIndex(profile);
  const rows = Array.from({ length: Math.min(limit, profile.backlinks) }, (_, index): Backlink => {
    const fromDomain = sites[Math.floor(sites.length * random.next() ** 2.5)]!;
    const firstSeen = dayBetween(random, first);
    const broken = random.chance(brokenRatio);
    return {
      from: `https://${fromDomain}/${random.pick(SECTIONS)}/${site.split('.')[0]}-${index + 1}`,
      fromDomain,
      to: /^https?:\/\//.test(target) ? target : `https://${site}/${random.pick(TARGET_PATHS)}`,
      anchor: texts[Math.floor(texts.length * random.next() ** 2)]!,
      dofollow: random.chance(dofollowRatio),
      domainAuthority: domainProfile(fromDomain).domainRating,
      spamScore: Math.round(random.next() ** 3 * 60),
      status: broken ? 'broken' : 'live',
      firstSeen,
      lastSeen: dayFrom(random, firstSeen, DATA_MONTH - 1),
    };
  });
  return rows.sort((a, b) => b.domainAuthority - a.domainAuthority || a.from.localeCompare(b.from));
}

/** How many linking sites (or pages) the targets share: fewer the more targets there are. */
function sharedCount(request: BacklinkIntersectionRequest, random: SeededRandom, of: (profile: DomainProfile) => number): number {
  const smallest = Math.min(...request.targets.map((target) => of(targetProfile(target))));
  return Math.round(smallest * random.between(0.05, 0.35) ** (request.targets.length - 1));
}

function intersectionSeed(targets: readonly string[]): string {
  return [...targets].sort().join('|');
}

function domainIntersection(request: BacklinkIntersectionRequest): DomainIntersection[] {
  const seed = intersectionSeed(request.targets);
  const random = new SeededRandom(`domain-intersection:${seed}`);
  const sites = linkingSites(seed, request.targets.map(siteOf));
  const rows = sites.slice(0, Math.min(request.limit, sharedCount(request, random, (profile) => profile.referringDomains))).map((domain) => {
    const targets = Object.fromEntries(request.targets.map((target) => [target, 1 + Math.floor(random.next() ** 3 * 40)]));
    const total = Object.values(targets).reduce((sum, links) => sum + links, 0);
    return { domain, rank: domainProfile(domain).domainRank, backlinks: total, targets };
  });
  return rows.sort((a, b) => b.rank - a.rank || a.domain.localeCompare(b.domain));
}

function pageIntersection(request: BacklinkIntersectionRequest): PageIntersection[] {
  const seed = intersectionSeed(request.targets);
  const random = new SeededRandom(`page-intersection:${seed}`);
  const sites = linkingSites(seed, request.targets.map(siteOf));
  const pages = Math.min(request.limit, Math.round(sharedCount(request, random, (profile) => profile.referringPages) / 2));
  const rows = Array.from({ length: pages }, (_, index) => {
    const domain = sites[Math.floor(sites.length * random.next() ** 2)]!;
    return {
      url: `https://${domain}/${random.pick(SECTIONS)}/${random.pick(QUALIFIERS).replace(/ /g, '-')}-${random.pick(TOPICS).replace(/ /g, '-')}-${index + 1}`,
      domain,
      rank: Math.round(domainProfile(domain).domainRank * random.between(0.3, 0.9)),
      targets: Object.fromEntries(request.targets.map((target) => [target, 1 + Math.floor(random.next() ** 4 * 5)])),
    };
  });
  return rows.sort((a, b) => b.rank - a.rank || a.url.localeCompare(b.url));
}

export const sandboxBacklinks: BacklinksProvider = {
  name: 'sandbox',
  async history(request) {
    return history(request);
  },
  async anchors(request) {
    return anchors(request);
  },
  async summary({ target }) {
    const profile = targetProfile(target);
    return {
      target,
      totalBacklinks: profile.backlinks,
      referringDomains: profile.referringDomains,
      referringIps: profile.referringIps,
      dofollowBacklinks: profile.dofollowBacklinks,
      nofollowBacklinks: profile.backlinks - profile.dofollowBacklinks,
      brokenBacklinks: profile.brokenBacklinks,
      domainRank: profile.domainRank,
    };
  },
  async backlinks(request) {
    return backlinks(request);
  },
  async referringDomains(request) {
    return referringDomains(request);
  },
  async domainIntersection(request) {
    return domainIntersection(request);
  },
  async pageIntersection(request) {
    return pageIntersection(request);
  },
};
