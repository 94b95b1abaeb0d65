import type { BacklinkHistoryRequest, BacklinkIntersectionRequest, BacklinkListRequest, BacklinksProvider } from '../families/backlinks';
import type { Anchor, Backlink, DomainIntersection, HistoryRow, PageIntersection, ReferringDomain } from '../../schemas/backlinks';
import type { DomainBacklink } from '../../schemas/domain-analytics';
import { lastDayOf, laterMonth, earlierMonth, monthAt, monthIndex, monthOf, type CalendarMonth } from '../../schemas/calendar-month';
import { domainProfile, type DomainProfile } from './domain-profile';
import { SANDBOX_DATA_MONTH } from './data-month';
import { SeededRandom } from './random';
import {
  DATA_MONTH, QUALIFIERS, SECTIONS, TOPICS, anchorCounts, domainFirstSeen, dofollowFrom, firstSeenIndex, linkGraph, strongestLinks, targetProfile,
  type LinkGraph,
} from './link-graph';

/**
 * The sandbox's backlink index. Every number derives from `domainProfile`, so this family agrees
 * with every other endpoint: the summary's totals are the profile's and the last history month ends
 * on them. The lists all read the target's one link graph (`linkGraph`), so the summary's totals
 * are exactly the sums over its referring domains, over its anchors and over its links. A domain
 * nobody registered has no links, so every list and its history are empty; linking sites are registered.
 */

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

function anchors({ target, limit }: BacklinkListRequest): Anchor[] {
  // Every anchor is still in use by a live link, so none has a last-seen day.
  return anchorCounts(linkGraph(target), limit).map((row) => ({ ...row, lastSeen: '' }));
}

function referringDomains({ target, limit }: BacklinkListRequest): ReferringDomain[] {
  const graph = linkGraph(target);
  return Array.from({ length: Math.min(limit, graph.domains.head) }, (_, index) => ({
    domain: graph.names[index]!,
    backlinks: graph.domains.size(index),
    dofollow: dofollowFrom(graph, index),
    rank: graph.profiles[index]!.domainRank,
    firstSeen: domainFirstSeen(graph, index),
    // Counted among the target's referring domains, so still linking.
    lastSeen: '',
  }));
}

function backlinks({ target, limit }: BacklinkListRequest): Backlink[] {
  return strongestLinks(linkGraph(target), limit);
}

/**
 * The links of the domain backlinks endpoint (`/v1/seo/domain/backlinks`): the same links as the
 * backlink list, in that endpoint's shape, with a time of day added to the first-seen day.
 */
export function domainBacklinks(domain: string, limit: number): DomainBacklink[] {
  return strongestLinks(linkGraph(domain), limit).map((link) => {
    const random = new SeededRandom(`link-time:${link.from}`);
    const time = [random.integer(0, 23), random.integer(0, 59), random.integer(0, 59)].map((part) => String(part).padStart(2, '0')).join(':');
    return {
      sourceUrl: link.from,
      sourceDomain: link.fromDomain,
      anchorText: link.anchor,
      isDofollow: link.dofollow,
      domainAuthority: link.domainAuthority,
      firstSeen: `${link.firstSeen}T${time}+00:00`,
    };
  });
}

/** The named domains in every target's graph, each with its links to each target as that graph counts them. */
function sharedDomains(targets: readonly string[]): Array<{ domain: string; rank: number; links: Array<[string, number]> }> {
  const graphs = targets.map((target) => ({ target, graph: linkGraph(target) }));
  const fewest = graphs.reduce((smallest, entry) => (entry.graph.domains.head < smallest.graph.domains.head ? entry : smallest)).graph;
  return fewest.names.flatMap((domain, index) => {
    const links = graphs.map(({ target, graph }): [string, number] => [target, linksFrom(graph, domain)]);
    return links.every(([, count]) => count > 0) ? [{ domain, rank: fewest.profiles[index]!.domainRank, links }] : [];
  });
}

function linksFrom(graph: LinkGraph, domain: string): number {
  const index = graph.indexOf.get(domain);
  return index === undefined ? 0 : graph.domains.size(index);
}

/**
 * The domains linking to every target. Only named domains can be listed, and a domain missing
 * from any target's graph does not link to it, so the candidates are the named domains of the
 * target with the fewest.
 */
function domainIntersection(request: BacklinkIntersectionRequest): DomainIntersection[] {
  const rows = sharedDomains(request.targets).map(({ domain, rank, links }) => ({
    domain,
    rank,
    backlinks: links.reduce((sum, [, count]) => sum + count, 0),
    targets: Object.fromEntries(links),
  }));
  return rows.sort((a, b) => b.rank - a.rank || a.domain.localeCompare(b.domain)).slice(0, request.limit);
}

/** Pages on the domains linking to every target, each with no more links to a target than its domain has. */
function pageIntersection(request: BacklinkIntersectionRequest): PageIntersection[] {
  const random = new SeededRandom(`page-intersection:${[...request.targets].sort().join('|')}`);
  const domains = sharedDomains(request.targets);
  const smallest = Math.min(...request.targets.map((target) => targetProfile(target).referringPages));
  const pages = Math.min(request.limit, domains.length === 0 ? 0 : Math.round((smallest * random.between(0.05, 0.35) ** (request.targets.length - 1)) / 2));
  const rows = Array.from({ length: pages }, (_, index) => {
    const { domain, links } = domains[Math.floor(domains.length * random.next() ** 2)]!;
    return {
      url: `https://${domain}/${random.pick(SECTIONS)}/${random.pick(QUALIFIERS).replace(/ /g, '-')}-${random.pick(TOPICS).replace(/ /g, '-')}-${index + 1}`,
      domain,
      rank: Math.round(domainProfile(domain).domainRank * random.between(0.3, 0.9)),
      targets: Object.fromEntries(links.map(([target, count]) => [target, Math.min(count, 1 + Math.floor(random.next() ** 4 * 5))])),
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
    const { profile } = linkGraph(target);
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
