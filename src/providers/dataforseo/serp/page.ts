import { z } from 'zod';
import { readUpstream } from '../../http/upstream-request';
import { SERP_ENGINE_TYPES, serpPage, type SerpEngine, type SerpResponse, type SerpResultDraft } from '../../../schemas/serp';
import { VERTICAL_ITEMS } from './vertical-items';
import { WEB_ITEMS } from './web-items';
import { VENDOR } from '../errors';
import { count, type ItemMapping } from './wire';

/** The one table from the vendor's item types to ours, every engine's. */
const ITEM_MAPPINGS: Record<string, ItemMapping> = { ...WEB_ITEMS, ...VERTICAL_ITEMS };

const ResultPage = z.looseObject({
  se_results_count: count,
  items: z.array(z.looseObject({ type: z.string() })).nullish(),
});

/**
 * Our page from the vendor's `result[0]`: each item mapped through its type's mapping, items of a
 * type we do not model (or the engine does not return) skipped, the rest renumbered 1..n in page
 * order and cut at `depth`. An empty answer (no result, `items: null`) is an empty page.
 */
export function mapResultPage(engine: SerpEngine, query: string, depth: number, result: unknown): SerpResponse {
  if (result === undefined || result === null) return serpPage(query, 0, []);
  const page = readUpstream(VENDOR, ResultPage, result);
  const allowed: readonly string[] = SERP_ENGINE_TYPES[engine];
  const drafts: SerpResultDraft[] = [];
  for (const item of page.items ?? []) {
    const itemMapping = ITEM_MAPPINGS[item.type];
    if (!itemMapping) continue;
    const draft = itemMapping.map(readUpstream(VENDOR, itemMapping.schema, item));
    if (allowed.includes(draft.type)) drafts.push(draft);
  }
  const results = drafts.slice(0, depth);
  return serpPage(query, Math.max(results.length, Math.round(page.se_results_count ?? 0)), results);
}
