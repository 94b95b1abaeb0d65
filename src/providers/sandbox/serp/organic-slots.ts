/**
 * Where each ranked site's results fall among a web page's organic results. The first ten go to
 * ten different sites, best first; the rest of the sites' first results spread down the page to
 * the last organic result of its page of 100, so a weak site's best result is near the bottom, not
 * tenth; the places between go to deeper pages of the sites already shown, in turn. Decided by the
 * count of sites and the page's plan alone, so a page of 10 starts the page of 100, and the domain
 * endpoints know a site's place without laying the page out.
 */

/** Organic places that go to a new site each. */
const DISTINCT_TOP = 10;

/**
 * The organic place (0-based) of the `rank`-th site's (0-based) first result, of `siteCount` sites
 * on a page whose page of 100 shows `lastPlace` + 1 organic results.
 */
export function firstPlace(rank: number, siteCount: number, lastPlace: number): number {
  // Too few sites to spread, or more than there are places: one after the other.
  if (rank < DISTINCT_TOP || siteCount <= DISTINCT_TOP + 1 || siteCount - 1 > lastPlace) return rank;
  return DISTINCT_TOP + Math.floor(((rank - DISTINCT_TOP) * (lastPlace - DISTINCT_TOP)) / (siteCount - 1 - DISTINCT_TOP));
}

/** One organic result of a page: its site, and which of the site's pages about the query (0 = its first). */
export interface OrganicSlot {
  site: string;
  round: number;
}

/** The first `count` organic results of a page ranking `sites`, best first, whose page of 100 shows `lastPlace` + 1. */
export function organicSlots(sites: readonly string[], count: number, lastPlace: number): OrganicSlot[] {
  const slots: OrganicSlot[] = [];
  const rounds = new Array<number>(sites.length).fill(0);
  let shown = 0;
  let nextDeeper = 0;
  for (let place = 0; place < count; place += 1) {
    if (shown < sites.length && firstPlace(shown, sites.length, lastPlace) === place) {
      slots.push({ site: sites[shown]!, round: 0 });
      rounds[shown] = 1;
      shown += 1;
    } else {
      // A deeper page of a site already shown, taking them in turn (past the last first result, all sites).
      const rank = nextDeeper % Math.max(1, shown);
      nextDeeper += 1;
      slots.push({ site: sites[rank]!, round: rounds[rank]! });
      rounds[rank]! += 1;
    }
  }
  return slots;
}
