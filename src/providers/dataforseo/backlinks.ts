import { z } from 'zod';
import type { BacklinkIntersectionRequest, BacklinksProvider } from '../families/backlinks';
import type { Anchor, Backlink, DomainIntersection, HistoryRow, PageIntersection, ReferringDomain } from '../../schemas/backlinks';
import { dateOfTimestamp, lastDayOf, monthOf } from '../../schemas/calendar-month';
import type { DataForSeoClient } from './client';
import { itemsOf, present, vendorNumber as count, vendorText as text, whole } from './vendor-values';
import type { CallOptions } from '../providers';

/**
 * The vendor's Backlinks API (`backlinks/<function>/live`). Its counts may be null; they read as 0
 * here. Ranks stay on the vendor's default 0–1000 scale, except the linking-domain authority of
 * single backlinks, asked on the 0–100 scale our record uses.
 */

const HISTORY_STARTS = '2019-01-01';

/** Link counts by attribute (`{"nofollow": 120, "noopener": 40, …}`). */
const attributes = z.record(z.string(), z.number().nullish()).nullish();

const HistoryItem = z.looseObject({
  date: text,
  rank: count,
  backlinks: count,
  new_backlinks: count,
  lost_backlinks: count,
  new_referring_domains: count,
  lost_referring_domains: count,
  referring_domains: count,
  referring_main_domains: count,
  referring_pages: count,
  broken_backlinks: count,
  broken_pages: count,
});
const AnchorItem = z.looseObject({ anchor: text, backlinks: count, first_seen: text, lost_date: text, referring_domains: count, referring_links_attributes: attributes });
const SummaryResult = z.looseObject({ rank: count, backlinks: count, broken_backlinks: count, referring_domains: count, referring_ips: count, referring_links_attributes: attributes });
const BacklinkItem = z.looseObject({
  url_from: text,
  domain_from: text,
  url_to: text,
  anchor: text,
  dofollow: z.boolean().nullish(),
  domain_from_rank: count,
  page_from_rank: count,
  backlink_spam_score: count,
  is_lost: z.boolean().nullish(),
  is_broken: z.boolean().nullish(),
  first_seen: text,
  last_seen: text,
});
const ReferringDomainItem = z.looseObject({ domain: text, rank: count, backlinks: count, first_seen: text, lost_date: text, referring_links_attributes: attributes });
const DomainIntersectionItem = z.looseObject({
  domain_intersection: z.record(z.string(), z.looseObject({ target: text, rank: count, backlinks: count }).nullish()).nullish(),
});
const PageIntersectionItem = z.looseObject({ page_intersection: z.record(z.string(), z.array(BacklinkItem.nullish()).nullish()).nullish() });


/** Dofollow links: the total less those the vendor counts with a nofollow attribute. */
function dofollowOf(backlinks: number, linkAttributes: Record<string, number | null | undefined> | null | undefined): number {
  return Math.max(0, backlinks - whole(linkAttributes?.nofollow));
}

function historyRow(item: z.output<typeof HistoryItem>): HistoryRow {
  return {
    date: lastDayOf(monthOf(item.date!)),
    rank: whole(item.rank, 1000),
    backlinks: whole(item.backlinks),
    newBacklinks: whole(item.new_backlinks),
    lostBacklinks: whole(item.lost_backlinks),
    referringDomains: whole(item.referring_domains),
    newReferringDomains: whole(item.new_referring_domains),
    lostReferringDomains: whole(item.lost_referring_domains),
    referringMainDomains: whole(item.referring_main_domains),
    referringPages: whole(item.referring_pages),
    brokenBacklinks: whole(item.broken_backlinks),
    brokenPages: whole(item.broken_pages),
  };
}

/** One row per month, oldest first; if the vendor sends a month twice, its latest reading wins. */
function monthlyRows(items: Array<z.output<typeof HistoryItem> | null | undefined>): HistoryRow[] {
  const dated = items.filter((item): item is z.output<typeof HistoryItem> => typeof item?.date === 'string' && /^\d{4}-(0[1-9]|1[0-2])/.test(item.date));
  dated.sort((a, b) => a.date!.localeCompare(b.date!));
  const byMonth = new Map<string, HistoryRow>();
  for (const item of dated) {
    const row = historyRow(item);
    byMonth.set(row.date, row);
  }
  return [...byMonth.values()];
}

function anchorRow(item: z.output<typeof AnchorItem>): Anchor {
  const backlinks = whole(item.backlinks);
  return {
    anchor: item.anchor ?? '',
    backlinks,
    dofollow: dofollowOf(backlinks, item.referring_links_attributes),
    firstSeen: dateOfTimestamp(item.first_seen),
    lastSeen: dateOfTimestamp(item.lost_date),
    referringDomains: whole(item.referring_domains),
  };
}

function backlinkRow(item: z.output<typeof BacklinkItem>): Backlink {
  return {
    from: item.url_from ?? '',
    fromDomain: item.domain_from ?? '',
    to: item.url_to ?? '',
    anchor: item.anchor ?? '',
    dofollow: item.dofollow ?? false,
    domainAuthority: whole(item.domain_from_rank, 100),
    spamScore: whole(item.backlink_spam_score, 100),
    status: item.is_broken ? 'broken' : item.is_lost ? 'lost' : 'live',
    firstSeen: dateOfTimestamp(item.first_seen),
    lastSeen: dateOfTimestamp(item.last_seen),
  };
}

function referringDomainRow(item: z.output<typeof ReferringDomainItem>): ReferringDomain {
  const backlinks = whole(item.backlinks);
  return {
    domain: item.domain ?? '',
    backlinks,
    dofollow: dofollowOf(backlinks, item.referring_links_attributes),
    rank: whole(item.rank, 1000),
    firstSeen: dateOfTimestamp(item.first_seen),
    lastSeen: dateOfTimestamp(item.lost_date),
  };
}

/** The vendor wants domains without `www.` (page URLs stay as they are). */
function vendorTarget(target: string): string {
  return /^https?:\/\//.test(target) ? target : target.replace(/^www\./, '');
}

/** The vendor numbers intersection targets "1", "2", …; ours are keyed by the target itself. */
function numberedTargets(targets: readonly string[]): Record<string, string> {
  return Object.fromEntries(targets.map((target, index) => [String(index + 1), vendorTarget(target)]));
}

function domainIntersectionRow(item: z.output<typeof DomainIntersectionItem>, targets: readonly string[]): DomainIntersection {
  const perTarget = targets.map((_, index) => item.domain_intersection?.[String(index + 1)]);
  const links = perTarget.map((entry) => whole(entry?.backlinks));
  return {
    domain: perTarget.find((entry) => entry?.target)?.target ?? '',
    // The vendor rates the linking domain once per target; its strongest link stands for it.
    rank: Math.max(0, ...perTarget.map((entry) => whole(entry?.rank, 1000))),
    backlinks: links.reduce((sum, value) => sum + value, 0),
    targets: Object.fromEntries(targets.map((target, index) => [target, links[index]!])),
  };
}

function pageIntersectionRow(item: z.output<typeof PageIntersectionItem>, targets: readonly string[]): PageIntersection {
  const perTarget = targets.map((_, index) => (item.page_intersection?.[String(index + 1)] ?? []).filter((link) => link != null));
  const first = perTarget.flat()[0];
  return {
    url: first?.url_from ?? '',
    domain: first?.domain_from ?? '',
    rank: Math.max(0, ...perTarget.flat().map((link) => whole(link.page_from_rank, 1000))),
    targets: Object.fromEntries(targets.map((target, index) => [target, perTarget[index]!.length])),
  };
}

export function dataForSeoBacklinks(client: DataForSeoClient): BacklinksProvider {
  async function items<Item extends z.ZodType>(fn: string, task: Record<string, unknown>, item: Item, options: CallOptions): Promise<Array<z.output<Item>>> {
    const result = await client.liveOne(`backlinks/${fn}/live`, task, itemsOf(item), options);
    return present(result?.items as Array<z.output<Item> | null | undefined> | null | undefined);
  }
  async function intersection<Item extends z.ZodType>(fn: string, request: BacklinkIntersectionRequest, item: Item, options: CallOptions) {
    return items(fn, { targets: numberedTargets(request.targets), limit: request.limit }, item, options);
  }

  return {
    name: client.name,

    async history({ target, dateFrom, dateTo }, options) {
      if (dateTo < HISTORY_STARTS) return [];
      const from = dateFrom === undefined ? {} : { date_from: dateFrom < HISTORY_STARTS ? HISTORY_STARTS : dateFrom };
      const result = await client.liveOne('backlinks/history/live', { target: vendorTarget(target), ...from, date_to: dateTo }, itemsOf(HistoryItem), options);
      return monthlyRows(result?.items ?? []);
    },

    async anchors({ target, limit }, options) {
      return (await items('anchors', { target: vendorTarget(target), limit, order_by: ['backlinks,desc'] }, AnchorItem, options)).map(anchorRow);
    },

    async summary({ target }, options) {
      const result = await client.liveOne('backlinks/summary/live', { target: vendorTarget(target) }, SummaryResult, options);
      const backlinks = whole(result?.backlinks);
      const dofollow = dofollowOf(backlinks, result?.referring_links_attributes);
      return {
        target,
        totalBacklinks: backlinks,
        referringDomains: whole(result?.referring_domains),
        referringIps: whole(result?.referring_ips),
        dofollowBacklinks: dofollow,
        nofollowBacklinks: backlinks - dofollow,
        brokenBacklinks: whole(result?.broken_backlinks),
        domainRank: whole(result?.rank, 1000),
      };
    },

    async backlinks({ target, limit }, options) {
      return (await items('backlinks', { target: vendorTarget(target), limit, mode: 'as_is', rank_scale: 'one_hundred' }, BacklinkItem, options)).map(backlinkRow);
    },

    async referringDomains({ target, limit }, options) {
      return (await items('referring_domains', { target: vendorTarget(target), limit, order_by: ['backlinks,desc'] }, ReferringDomainItem, options)).map(referringDomainRow);
    },

    async domainIntersection(request, options) {
      return (await intersection('domain_intersection', request, DomainIntersectionItem, options)).map((item) => domainIntersectionRow(item, request.targets));
    },

    async pageIntersection(request, options) {
      return (await intersection('page_intersection', request, PageIntersectionItem, options)).map((item) => pageIntersectionRow(item, request.targets));
    },
  };
}
