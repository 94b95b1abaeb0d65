import type { Micros } from '../../core/money';

/**
 * What one Tomba request costs the operator, so a test can hold every endpoint's upstream cost
 * under its price (test/unit/operator-economics.test.ts). Tomba sells monthly plans, each a fee
 * for separate quotas of searches, verifications, phone lookups and email counts; a request
 * draws one unit from one quota (docs.tomba.io/rate-limits, "Overview of Request Costs": Email
 * Finder, Author Finder, Enrichment, LinkedIn Finder count 1 search each; Domain Search 1 search
 * per 1–10 addresses returned; Email Verifier 1 verification; Phone Search and Validate 1 phone).
 *
 * The plan assumed (README, "Configuration"): Enterprise, USD 389 a month for 50,000 searches,
 * 100,000 verifications, 5,000 phone lookups and 80,000 email counts — the plan record of Tomba's
 * own API documentation (`GET /me` example, tomba-io/docs `source/includes/v1/_account.md`, 2023
 * edition, read 2026-11-24; tomba.io/pricing itself could not be read from here). A unit is priced
 * as if the whole fee bought that one quota (fee ÷ quota, rounded up): an upper bound, since real
 * use spreads the fee over several quotas. Requests Tomba does not charge (nothing found, the same
 * request again within 30 days) are still priced here, which errs on the operator's side. Smaller
 * plans cost more per unit: see the README's note on plans.
 */

export const PLAN = { name: 'Enterprise', monthlyUsd: 389, searches: 50_000, verifications: 100_000, phones: 5_000, emailCounts: 80_000 } as const;

const perUnit = (quota: number): Micros => Math.ceil((PLAN.monthlyUsd * 1_000_000) / quota);

export const UNIT_COSTS = {
  search: perUnit(PLAN.searches),
  verification: perUnit(PLAN.verifications),
  phone: perUnit(PLAN.phones),
  emailCount: perUnit(PLAN.emailCounts),
  free: 0,
} as const;
export type Unit = keyof typeof UNIT_COSTS;

/**
 * The quota each path we call draws on. `email-format`, `location`, `similar` and
 * `email-sources` have no documented quota of their own that fits (the plan record's
 * `available_sources: 500` is not documented as a lookup quota): they are priced as one search,
 * assumed. `domain-status` is free and needs no key (old API docs, `_domain-status.md`).
 */
const PATH_UNITS = {
  'email-finder': 'search',
  enrich: 'search',
  linkedin: 'search',
  'author-finder': 'search',
  /** We ask pages of at most 10 addresses: one search each at most. */
  'domain-search': 'search',
  'people/find': 'search',
  'companies/find': 'search',
  /** One request, one search ("pay for 1 request, not 2": the Clearbit combined migration guide). */
  'combined/find': 'search',
  'email-format': 'search',
  location: 'search',
  similar: 'search',
  'email-sources': 'search',
  'email-verifier': 'verification',
  'phone-finder': 'phone',
  'email-count': 'emailCount',
  'domain-status': 'free',
} as const satisfies Record<string, Unit>;

export type TombaPath = keyof typeof PATH_UNITS;

/** Addresses per domain-search page we ask for: one search covers up to 10. */
export const DOMAIN_SEARCH_PAGE_SIZE = 10;

/**
 * The cost of one request to `path`; with its 2xx answer when known. A domain-search page that
 * returned no address is not counted by Tomba ("1 request per 1–10 emails"), and our price for
 * it is per address returned, so it is priced 0; without the answer (pricing what an endpoint
 * asks for), the most the request may cost.
 */
export function upstreamCostMicros(path: TombaPath, answer?: unknown): Micros {
  const unit = PATH_UNITS[path] as Unit | undefined;
  if (unit === undefined) throw new Error(`No upstream price for the Tomba path ${path}; add it to tomba/costs.ts.`);
  if (path === 'domain-search' && answer !== undefined && addressesIn(answer) === 0) return 0;
  return UNIT_COSTS[unit];
}

/** How many addresses a domain-search answer holds; undefined when it is not the documented shape. */
function addressesIn(answer: unknown): number | undefined {
  const data = (answer as { data?: unknown } | null | undefined)?.data;
  if (data === null) return 0;
  const emails = (data as { emails?: unknown } | undefined)?.emails;
  return emails === null ? 0 : Array.isArray(emails) ? emails.length : undefined;
}
