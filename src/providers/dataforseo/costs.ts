import { usdToMicros, type Micros } from '../../core/money';

/**
 * What one task costs the operator on the vendor's public price list (pay-as-you-go, USD), as a
 * function of the task we send, so a test can hold every endpoint's upstream cost under its price
 * at the largest input it allows (test/unit/operator-economics.test.ts). Where a row is not
 * confirmed from the vendor's own pages it is a conservative (high) figure, marked "assumed" and
 * listed in docs/vendors/seo-data-vendor.md. A task is billed at most for the rows it may return,
 * so the row count is the `limit` asked (or the vendor's default), never what came back.
 */

type Task = Record<string, unknown>;

/** The vendor's row limit when a task names none. */
const DEFAULT_LIMIT = 100;

/** Per task plus per row returned. */
function perRow(perTaskUsd: number, perRowUsd: number, rows: (task: Task) => number) {
  return (task: Task): Micros => usdToMicros(perTaskUsd) + usdToMicros(perRowUsd) * rows(task);
}

const limitOf = (task: Task) => (typeof task.limit === 'number' ? task.limit : DEFAULT_LIMIT);
const countOf = (field: string) => (task: Task) => (Array.isArray(task[field]) ? (task[field] as unknown[]).length : 1);
const oneRow = () => 1;

/** Months a backlink history covers (one row each); from the vendor's first month when no start is given. */
function historyMonths(task: Task): number {
  const from = typeof task.date_from === 'string' ? task.date_from : '2019-01-01';
  const to = typeof task.date_to === 'string' ? task.date_to : new Date().toISOString().slice(0, 10);
  const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
  return Math.max(1, months);
}

/**
 * SERP API, live method (confirmed, price list of 19 September 2025): $0.002 for the first page;
 * organic engines bill each further page of 10 at 75 %. Other engines bill each started page of
 * their own size; they are charged here at the full $0.002 per page (conservative).
 */
const SERP_FIRST_PAGE_USD = 0.002;
/** The standard queue, normal priority (task_post), confirmed: $0.0006 for the first page. */
const SERP_QUEUED_FIRST_PAGE_USD = 0.0006;

function serpPages(options: { pageSize: number; depthField?: string; organic?: boolean; queued?: boolean; firstPageUsd?: number }) {
  return (task: Task): Micros => {
    const depth = options.depthField && typeof task[options.depthField] === 'number' ? (task[options.depthField] as number) : options.pageSize;
    const pages = Math.max(1, Math.ceil(depth / options.pageSize));
    const first = usdToMicros(options.firstPageUsd ?? (options.queued ? SERP_QUEUED_FIRST_PAGE_USD : SERP_FIRST_PAGE_USD));
    const further = options.organic ? Math.ceil(first * 0.75) : first;
    return first + (pages - 1) * further;
  };
}

/** DataForSEO Labs: $0.01 per task plus $0.0001 per row (assumed: the published Labs rate as commonly quoted). */
const labsRows = (rows: (task: Task) => number) => perRow(0.01, 0.0001, rows);
/** Backlinks API: $0.02 per task plus $0.00003 per row (assumed). */
const backlinkRows = (rows: (task: Task) => number) => perRow(0.02, 0.00003, rows);

/** Cost rules by the path we POST to (after `/v3/`). */
export const TASK_COSTS: Record<string, (task: Task) => Micros> = {
  'dataforseo_labs/google/keyword_ideas/live': labsRows(limitOf),
  'dataforseo_labs/google/related_keywords/live': labsRows(limitOf),
  'dataforseo_labs/google/keyword_overview/live': labsRows(countOf('keywords')),
  'dataforseo_labs/google/bulk_keyword_difficulty/live': labsRows(countOf('keywords')),
  'dataforseo_labs/google/search_intent/live': labsRows(countOf('keywords')),
  // One row per location and language asked; every call of ours names them.
  'dataforseo_labs/google/domain_rank_overview/live': labsRows((task) => (task.location_code === undefined ? limitOf(task) : 1)),
  'dataforseo_labs/google/ranked_keywords/live': labsRows(limitOf),
  'dataforseo_labs/google/bulk_traffic_estimation/live': labsRows(countOf('targets')),
  'dataforseo_labs/google/competitors_domain/live': labsRows(limitOf),
  'dataforseo_labs/google/domain_intersection/live': labsRows(limitOf),
  'dataforseo_labs/google/page_intersection/live': labsRows(limitOf),
  'dataforseo_labs/google/serp_competitors/live': labsRows(limitOf),

  'backlinks/summary/live': backlinkRows(oneRow),
  'backlinks/history/live': backlinkRows(historyMonths),
  'backlinks/anchors/live': backlinkRows(limitOf),
  'backlinks/backlinks/live': backlinkRows(limitOf),
  'backlinks/referring_domains/live': backlinkRows(limitOf),
  'backlinks/domain_intersection/live': backlinkRows(limitOf),
  'backlinks/page_intersection/live': backlinkRows(limitOf),
  // One row per target (confirmed: $0.02 per request, $0.00003 per target's row, announcement of 25 April 2024).
  'backlinks/bulk_pages_summary/live': backlinkRows(countOf('targets')),

  // Content Analysis: $0.02 per task plus $0.00003 per row (assumed, like Backlinks).
  'content_analysis/search/live': perRow(0.02, 0.00003, limitOf),
  'content_analysis/summary/live': perRow(0.02, 0, oneRow),
  // Keywords Data, Google Trends explore, live: $0.01 per task (assumed).
  'keywords_data/google_trends/explore/live': perRow(0.01, 0, oneRow),
  // AI optimization: a model's answer with web search, billed at the model's token cost (assumed: at most $0.02).
  'ai_optimization/chat_gpt/llm_responses/live': perRow(0.02, 0, oneRow),
  // LLM Mentions search: $0.10 per task plus $0.001 per row (assumed).
  'ai_optimization/llm_mentions/search/live': perRow(0.1, 0.001, limitOf),
  // Domain Analytics (WHOIS is served from RDAP, free: ../rdap). Technologies: $0.01 per task (assumed, doubled to $0.02 for safety).
  'domain_analytics/technologies/domain_technologies/live': perRow(0.02, 0, oneRow),

  // Business Data, Google Reviews (queued only): billed per 10 reviews of the depth asked (confirmed: "charged for every
  // 10 reviews", depth 11 billed as 20). $0.0015 per 10 at high priority (assumed: twice the normal queue's $0.00075).
  'business_data/google/reviews/task_post': (task) => usdToMicros(task.priority === 2 ? 0.0015 : 0.00075) * Math.max(1, Math.ceil((typeof task.depth === 'number' ? task.depth : 10) / 10)),

  'serp/google/organic/live/advanced': serpPages({ pageSize: 10, depthField: 'depth', organic: true }),
  'serp/google/organic/live/html': serpPages({ pageSize: 10, depthField: 'depth', organic: true }),
  'serp/bing/organic/live/advanced': serpPages({ pageSize: 10, depthField: 'depth', organic: true }),
  'serp/yahoo/organic/live/advanced': serpPages({ pageSize: 10, depthField: 'depth', organic: true }),
  'serp/baidu/organic/task_post': serpPages({ pageSize: 10, depthField: 'depth', organic: true, queued: true }),
  // News moved to pages of 10 in 2025; images bill per 100, dataset search per 20, YouTube per 20, ads per 40 (confirmed sizes).
  'serp/google/news/live/advanced': serpPages({ pageSize: 10, depthField: 'depth' }),
  'serp/google/images/live/advanced': serpPages({ pageSize: 100, depthField: 'depth' }),
  'serp/google/dataset_search/live/advanced': serpPages({ pageSize: 20, depthField: 'depth' }),
  'serp/youtube/organic/live/advanced': serpPages({ pageSize: 20, depthField: 'block_depth' }),
  'serp/google/ads_search/live/advanced': serpPages({ pageSize: 40, depthField: 'depth' }),
  // Maps: the price list bills a SERP page ($0.002 live); charged here per started 20 places, the page the maps service loads (conservative).
  'serp/google/maps/live/advanced': serpPages({ pageSize: 20, depthField: 'depth' }),
  'serp/google/ads_advertisers/live/advanced': serpPages({ pageSize: 1 }),
  'serp/google/autocomplete/live/advanced': serpPages({ pageSize: 1 }),
  'serp/google/finance_ticker_search/live/advanced': serpPages({ pageSize: 1 }),
  // AI Mode: one page, assumed at twice the organic rate.
  'serp/google/ai_mode/live/advanced': serpPages({ pageSize: 1, firstPageUsd: 0.004 }),
};

/**
 * The operator's cost of POSTing `task` to `/v3/{path}`. A path without a known price throws: an
 * adapter calling a function nobody priced is a gap in this list, not a free call.
 */
export function upstreamCostMicros(path: string, task: Task): Micros {
  const cost = TASK_COSTS[path];
  if (!cost) throw new Error(`No upstream price for the vendor path ${path}; add it to dataforseo/costs.ts.`);
  return cost(task);
}

/**
 * Endpoints whose price cannot cover what this vendor charges for the requests they need, whatever
 * the adapter asks for, and why. They are not served live unless the operator accepts the loss
 * (TOLLGATE_SERVE_BELOW_COST); test/unit/operator-economics.test.ts holds each entry to be true.
 */
export const BELOW_COST: Readonly<Record<string, string>> = {
  'seo.domain_metrics':
    'the link figures need a Backlinks API task ($0.02 plus $0.00003 per target) and the traffic figures a Labs task (about $0.01): two bulk calls, about $0.03, for a $0.02 price; no cheaper public request gives both',
};
