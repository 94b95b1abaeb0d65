import type { Backlink } from '../../schemas/backlinks';
import { lastDayOf, monthAt, monthIndex, monthOf } from '../../schemas/calendar-month';
import { registrableDomain } from '../../contacts/domain-lists';
import { domainProfile, isRegistered, type DomainProfile } from './domain-profile';
import { SANDBOX_DATA_MONTH } from './data-month';
import { longTailPartition, scaledDown, spreading, type LongTailPartition } from './long-tail';
import { remembering } from './memo';
import { SeededRandom } from './random';

/**
 * The sandbox's one link graph per target: which domains link to it, with how many links (and how
 * many of them dofollow), and each link itself, drawn once from the target's profile. Every backlink
 * endpoint reads it (summary, referring domains, the link lists, anchors, domain intersection), so
 * the summary's totals are exactly the sums over the referring domains and over the links.
 *
 * A big target has millions of referring domains and links: the graph holds only the first
 * `MAX_NAMED_DOMAINS` domains by name (all any list can show) and reaches a link by its index,
 * never materialising the rest; the aggregate counts stay exact (see `longTailPartition`).
 */

export const DATA_MONTH = monthIndex(SANDBOX_DATA_MONTH);

/** Domains held by name: the most a referring-domain list (limit ≤ 1000) can show. */
const MAX_NAMED_DOMAINS = 1000;

/** Below this many links the anchor counts are taken link by link, so they match a full link list exactly. */
const ENUMERABLE_LINKS = 5000;

// ── Profiles, names and days ────────────────────────────────────────────────────────────────

/** The profile of a domain, or of a page (a seeded slice of its domain's links) when the target is a URL. */
export function targetProfile(target: string): DomainProfile {
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

export function siteOf(target: string): string {
  return /^https?:\/\//.test(target) ? new URL(target).hostname.replace(/^www\./, '') : target;
}

/** One graph per target however it is spelled: `WWW.Example.com` and `example.com` have one profile, so one graph. */
function graphKey(target: string): string {
  return /^https?:\/\//.test(target) ? target : target.trim().toLowerCase().replace(/^www\./, '');
}

/** A day between `fromMonth` (a month index) and the data month, YYYY-MM-DD. */
export function dayBetween(random: SeededRandom, fromMonth: number): string {
  const month = monthAt(random.integer(fromMonth, DATA_MONTH));
  return `${lastDayOf(month).slice(0, 8)}${String(random.integer(1, 28)).padStart(2, '0')}`;
}

/** A day from `firstSeen` (included) to the end of the data month. */
export function dayFrom(random: SeededRandom, firstSeen: string, fromMonth = monthIndex(monthOf(firstSeen))): string {
  const day = dayBetween(random, Math.max(fromMonth, monthIndex(monthOf(firstSeen))));
  return day < firstSeen ? firstSeen : day;
}

export function firstSeenIndex(profile: DomainProfile): number {
  return monthIndex(monthOf(profile.firstSeenMonth));
}

const GENERIC_ANCHORS = ['click here', 'here', 'website', 'read more', 'learn more', 'source', 'this article', 'homepage', 'link', 'official site'];
export const TOPICS = ['guide', 'pricing', 'review', 'tips', 'blog', 'news', 'tools', 'features', 'support', 'docs', 'tutorial', 'alternatives', 'comparison', 'download', 'app', 'store', 'deals', 'faq', 'careers', 'case study'];
const YEARS = [2020, 2021, 2022, 2023, 2024, 2025, 2026];
export const QUALIFIERS = ['best', 'free', 'how to use', 'official', 'latest', 'top', 'cheap', 'new', 'online', 'complete', 'ultimate', 'easy', 'quick', 'honest', 'detailed'];

/** Anchor texts a site attracts: its brand and address first, generic phrases, then a long topical tail (1,000+). */
const anchorTexts = remembering(200, (site: string): string[] => {
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
});

const NAME_PREFIXES = ['daily', 'the', 'my', 'top', 'smart', 'green', 'urban', 'tech', 'open', 'bright', 'north', 'blue', 'prime', 'local', 'global', 'happy', 'modern', 'simple', 'wild', 'true'];
const NAME_NOUNS = ['journal', 'hub', 'review', 'insider', 'times', 'digest', 'post', 'wire', 'lab', 'guide', 'notes', 'forum', 'press', 'world', 'zone', 'spot', 'base', 'report', 'chronicle', 'media'];
const TLDS = ['com', 'org', 'net', 'io', 'co', 'news', 'blog', 'info'];

/** The sites that link: the registered ones of 3,200 names (about 1,100), found once. */
const LINKING_SITES = NAME_PREFIXES.flatMap((prefix) => NAME_NOUNS.flatMap((noun) => TLDS.map((tld) => `${prefix}${noun}.${tld}`))).filter(isRegistered);

/** Linking sites for a seed, in a seeded order, never one of `exclude`. */
export function linkingSites(seed: string, exclude: readonly string[]): string[] {
  return new SeededRandom(`linking-sites:${seed}`).shuffle(LINKING_SITES.filter((name) => !exclude.includes(name)));
}

// ── The graph ───────────────────────────────────────────────────────────────────────────────

export interface LinkGraph {
  /** The target, normalised: a page URL as sent, a domain lower-case without `www.`. */
  key: string;
  site: string;
  profile: DomainProfile;
  /** The target's links split over its referring domains, most links first. */
  domains: LongTailPartition;
  /** The named domains (`domains.head` of them), by index, with their profiles. */
  names: string[];
  profiles: DomainProfile[];
  indexOf: ReadonlyMap<string, number>;
  /** Dofollow links from each named domain. */
  headDofollow: number[];
  /** The target's links split over its anchor texts, most used first. */
  anchors: LongTailPartition;
  /** Link index ↦ position in the anchor split. */
  anchorSlot: (link: number) => number;
  /** Link index ↦ position in a line where the first `brokenBacklinks` are broken. */
  brokenSlot: (link: number) => number;
}

/** How many anchor texts a profile has on record: fewer than its domains, never more than half its links. */
function anchorsOnRecord(profile: DomainProfile): number {
  if (profile.backlinks === 0) return 0;
  return Math.max(1, Math.min(Math.round(profile.referringDomains * 0.6) + 4, Math.floor(profile.backlinks / 2)));
}

/**
 * Dofollow links per named domain: each domain its own ratio around the profile's, then evened
 * out so the named domains hold exactly their proportional share of the profile's dofollow links
 * (the tail takes the rest, evenly).
 */
function headDofollowCounts(profile: DomainProfile, domains: LongTailPartition, random: SeededRandom): number[] {
  const headLinks = domains.start(domains.head);
  const tailLinks = profile.backlinks - headLinks;
  const ratio = profile.dofollowBacklinks / Math.max(1, profile.backlinks);
  const wanted = Math.min(headLinks, profile.dofollowBacklinks, Math.max(profile.dofollowBacklinks - tailLinks, Math.round(ratio * headLinks)));
  const counts = Array.from({ length: domains.head }, (_, index) => {
    const links = domains.size(index);
    return random.chance(0.06) ? 0 : Math.min(links, Math.round(links * ratio * random.between(0.75, 1.25)));
  });
  const difference = wanted - counts.reduce((sum, count) => sum + count, 0);
  const room = counts.map((count, index) => (difference > 0 ? domains.size(index) - count : count));
  const totalRoom = room.reduce((sum, value) => sum + value, 0);
  let left = Math.abs(difference);
  // One pass: each domain moves its share of the difference (rounded up), until none is left.
  for (let index = 0; index < counts.length && left > 0; index += 1) {
    const step = Math.min(left, room[index]!, Math.ceil((Math.abs(difference) * room[index]!) / totalRoom));
    counts[index]! += Math.sign(difference) * step;
    left -= step;
  }
  return counts;
}

function buildGraph(key: string): LinkGraph {
  const profile = targetProfile(key);
  const site = siteOf(key);
  const random = new SeededRandom(`link-graph:${key}`);
  const pool = linkingSites(key, [site, registrableDomain(site)]);
  const domains = longTailPartition(profile.backlinks, profile.referringDomains, Math.min(MAX_NAMED_DOMAINS, pool.length), random.fork());
  const names = pool.slice(0, domains.head);
  return {
    key,
    site,
    profile,
    domains,
    names,
    profiles: names.map(domainProfile),
    indexOf: new Map(names.map((name, index) => [name, index])),
    headDofollow: headDofollowCounts(profile, domains, random.fork()),
    anchors: longTailPartition(profile.backlinks, anchorsOnRecord(profile), anchorTexts(site).length, random.fork()),
    anchorSlot: spreading(profile.backlinks, random.fork()),
    brokenSlot: spreading(profile.backlinks, random.fork()),
  };
}

const graphs = remembering(100, buildGraph);

/** The link graph of a domain, subdomain or page URL. */
export function linkGraph(target: string): LinkGraph {
  return graphs(graphKey(target));
}

/** Dofollow links from the domain at `index`: a named one's own count, a tail one its even share of the rest. */
export function dofollowFrom(graph: LinkGraph, index: number): number {
  if (index < graph.domains.head) return graph.headDofollow[index]!;
  const headLinks = graph.domains.start(graph.domains.head);
  const tailLinks = graph.profile.backlinks - headLinks;
  const tailDofollow = graph.profile.dofollowBacklinks - graph.headDofollow.reduce((sum, count) => sum + count, 0);
  const before = graph.domains.start(index) - headLinks;
  return scaledDown(before + graph.domains.size(index), tailDofollow, tailLinks) - scaledDown(before, tailDofollow, tailLinks);
}

/** Whether the `position`-th link from the domain at `index` is dofollow: exactly `dofollowFrom` of its links are. */
function isDofollow(graph: LinkGraph, index: number, position: number): boolean {
  const dofollow = graph.headDofollow[index]!;
  const links = graph.domains.size(index);
  return scaledDown(position + 1, dofollow, links) - scaledDown(position, dofollow, links) === 1;
}

/** When the domain at `index` first linked: the first-seen day of its first link. */
export function domainFirstSeen(graph: LinkGraph, index: number): string {
  return dayBetween(new SeededRandom(`referring-domain:${graph.key}:${index}`), firstSeenIndex(graph.profile));
}

export function anchorText(graph: LinkGraph, index: number): string {
  const texts = anchorTexts(graph.site);
  return index < texts.length ? texts[index]! : `${texts[index % texts.length]} (${Math.floor(index / texts.length) + 1})`;
}

export const SECTIONS = ['blog', 'news', 'reviews', 'articles', 'resources', 'guides', 'forum/thread'];
const TARGET_PATHS = ['', 'blog/', 'pricing', 'about', 'features', 'docs/getting-started', 'blog/annual-report'];

/** The `position`-th link from the named domain at `index`. */
export function linkAt(graph: LinkGraph, index: number, position: number): Backlink {
  const link = graph.domains.start(index) + position;
  const random = new SeededRandom(`link:${graph.key}:${link}`);
  const domain = graph.names[index]!;
  const domainSince = domainFirstSeen(graph, index);
  const firstSeen = position === 0 ? domainSince : dayFrom(random, domainSince);
  return {
    from: `https://${domain}/${random.pick(SECTIONS)}/${graph.site.split('.')[0]}-${position + 1}`,
    fromDomain: domain,
    to: /^https?:\/\//.test(graph.key) ? graph.key : `https://${graph.site}/${random.pick(TARGET_PATHS)}`,
    anchor: anchorText(graph, graph.anchors.partOf(graph.anchorSlot(link))),
    dofollow: isDofollow(graph, index, position),
    domainAuthority: graph.profiles[index]!.domainRating,
    spamScore: Math.round(random.next() ** 3 * 60),
    status: graph.brokenSlot(link) < graph.profile.brokenBacklinks ? 'broken' : 'live',
    firstSeen,
    lastSeen: dayFrom(random, firstSeen, DATA_MONTH - 1),
  };
}

/**
 * Up to `limit` links, strongest linking domains first: every link of the strongest named domain,
 * then of the next. A target with no more links than `limit` gets all of them.
 */
export function strongestLinks(graph: LinkGraph, limit: number): Backlink[] {
  const byStrength = graph.names.map((_, index) => index).sort((a, b) => graph.profiles[b]!.domainRating - graph.profiles[a]!.domainRating || a - b);
  const links: Backlink[] = [];
  for (const index of byStrength) {
    for (let position = 0; position < graph.domains.size(index) && links.length < limit; position += 1) links.push(linkAt(graph, index, position));
    if (links.length >= limit) break;
  }
  return links.sort((a, b) => b.domainAuthority - a.domainAuthority || a.from.localeCompare(b.from));
}

export interface AnchorCounts {
  anchor: string;
  backlinks: number;
  dofollow: number;
  referringDomains: number;
  firstSeen: string;
}

/** The first `limit` anchors' counts, taken link by link: what a full link list shows. */
function countedAnchors(graph: LinkGraph, limit: number): AnchorCounts[] {
  const shown = Math.min(limit, graph.anchors.parts);
  const rows = Array.from({ length: shown }, (_, index) => ({ anchor: anchorText(graph, index), backlinks: 0, dofollow: 0, domains: new Set<number>(), firstSeen: '9999-12-31' }));
  for (let index = 0; index < graph.domains.parts; index += 1) {
    for (let position = 0; position < graph.domains.size(index); position += 1) {
      const slot = graph.anchors.partOf(graph.anchorSlot(graph.domains.start(index) + position));
      const row = rows[slot];
      if (!row) continue;
      const link = linkAt(graph, index, position);
      row.backlinks += 1;
      row.dofollow += link.dofollow ? 1 : 0;
      row.domains.add(index);
      if (link.firstSeen < row.firstSeen) row.firstSeen = link.firstSeen;
    }
  }
  return rows.map(({ domains, ...row }) => ({ ...row, referringDomains: domains.size }));
}

/** The first `limit` anchors' counts for a target too big to walk: exact link and dofollow counts, estimated domains. */
function estimatedAnchors(graph: LinkGraph, limit: number): AnchorCounts[] {
  const { anchors, profile } = graph;
  const random = new SeededRandom(`anchors:${graph.key}`);
  const dofollowBefore = (index: number) => scaledDown(anchors.start(index), profile.dofollowBacklinks, profile.backlinks);
  return Array.from({ length: Math.min(limit, anchors.parts) }, (_, index) => {
    const backlinks = anchors.size(index);
    return {
      anchor: anchorText(graph, index),
      backlinks,
      dofollow: dofollowBefore(index + 1) - dofollowBefore(index),
      referringDomains: Math.max(1, Math.min(backlinks, profile.referringDomains, Math.round((backlinks * profile.referringDomains / profile.backlinks) * random.between(0.7, 1.5)))),
      firstSeen: earliestDay(random, firstSeenIndex(profile), backlinks),
    };
  });
}

/**
 * The day the first of `links` links seen since `fromMonth` (a month index) was seen: the earliest
 * of that many days between then and the data month — the site's first months for an anchor of
 * millions (its brand's), any month for an anchor of a few.
 */
function earliestDay(random: SeededRandom, fromMonth: number, links: number): string {
  // The least of n uniform draws is 1 − (1 − u)^(1/n) of the way.
  const way = 1 - (1 - random.next()) ** (1 / Math.max(1, links));
  const month = monthAt(fromMonth + Math.floor(way * (DATA_MONTH - fromMonth + 1)));
  return `${lastDayOf(month).slice(0, 8)}${String(random.integer(1, 28)).padStart(2, '0')}`;
}

/**
 * The anchors used most, with their counts: over all anchors on record the links add up to the
 * summary's backlinks and the dofollow ones to its dofollow backlinks.
 */
export function anchorCounts(graph: LinkGraph, limit: number): AnchorCounts[] {
  // Every domain of a target this small is named (its referring domains are a fraction of its links).
  return graph.profile.backlinks <= ENUMERABLE_LINKS && graph.domains.head === graph.domains.parts ? countedAnchors(graph, limit) : estimatedAnchors(graph, limit);
}
