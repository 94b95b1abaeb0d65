import type { Micros } from '../../core/money';

/**
 * What one request to the real-time marketplace data API costs the operator, per channel, so a
 * test can hold every retail endpoint's upstream cost under its price
 * (test/unit/operator-economics.test.ts).
 *
 * What the sources say (read 2026-11-24): both channels sell monthly plans of a request quota,
 * with a free BASIC plan of 100 requests a month, hard-limited (the API's RapidAPI "About" tab;
 * OpenWeb Ninja's blog "How to Get Real-Time Amazon Product Data with Python", 2026-04-28). A
 * request is one request whatever it returns, except that a batch of ASINs in product-details or
 * product-offers counts one request per ASIN (the vendor's OpenAPI, `asin` parameter) — we send
 * one ASIN a request. A third party's field notes (2026-10-06) put the paid price at $0.003 to
 * $0.005 a request.
 *
 * What is assumed: neither openwebninja.com/pricing nor the RapidAPI pricing tab could be read
 * from here, so no plan's fee and quota are on record. The plan assumed on both channels is
 * priced at the top of the reported range — USD 50 a month for 10,000 requests, $0.005 a request
 * — an upper bound until the operator replaces it with the plan actually bought (fee ÷ included
 * requests, rounded up). RapidAPI's own cut is inside its listed prices, so the channels are
 * priced alike until one is known to differ.
 */

export type Channel = 'direct' | 'rapidapi';

export interface Plan {
  /** Which plan, and where its figures come from. */
  name: string;
  monthlyUsd: number;
  /** Requests the fee includes each month. */
  requests: number;
}

export const PLANS: Record<Channel, Plan> = {
  direct: { name: 'assumed: USD 50 / 10,000 requests (top of the reported $0.003–$0.005 a request)', monthlyUsd: 50, requests: 10_000 },
  rapidapi: { name: 'assumed: USD 50 / 10,000 requests (top of the reported $0.003–$0.005 a request)', monthlyUsd: 50, requests: 10_000 },
};

/** One request on the plan: its fee over its quota, rounded up. */
export function requestCostMicros(channel: Channel): Micros {
  const plan = PLANS[channel];
  return Math.ceil((plan.monthlyUsd * 1_000_000) / plan.requests);
}

/**
 * How many quota requests one request to each path draws. All one: we never batch ASINs, and no
 * other operation is documented as counting more.
 */
const REQUESTS_PER_CALL = {
  search: 1,
  'products-by-category': 1,
  'product-details': 1,
  'product-offers': 1,
  'product-reviews': 1,
  'best-sellers': 1,
  'deals-v2': 1,
  'product-category-list': 1,
  'seller-profile': 1,
  'seller-reviews': 1,
  'influencer-profile': 1,
} as const satisfies Record<string, number>;

/** The vendor's operations we call (paths under the base URL). */
export type RetailPath = keyof typeof REQUESTS_PER_CALL;
export const RETAIL_PATHS = Object.keys(REQUESTS_PER_CALL) as RetailPath[];

/** The cost of one request to `path`; on the dearer channel when the channel is not given. */
export function upstreamCostMicros(path: RetailPath, channel?: Channel): Micros {
  const requests = REQUESTS_PER_CALL[path] as number | undefined;
  if (requests === undefined) throw new Error(`No upstream price for the OpenWeb Ninja path ${path}; add it to openwebninja/costs.ts.`);
  const perRequest = channel === undefined ? Math.max(requestCostMicros('direct'), requestCostMicros('rapidapi')) : requestCostMicros(channel);
  return requests * perRequest;
}
