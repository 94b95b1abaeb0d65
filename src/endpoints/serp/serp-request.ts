import { z } from 'zod';
import type { HandlerArgs } from '../../core/define-endpoint';
import { perPage, type PriceRule } from '../../core/price';
import { languageCode, locationCode, queryText, wholeNumber } from '../../schemas/request-fields';
import type { SerpEngine, SerpResponse } from '../../schemas/serp';

/**
 * The body every SERP engine takes (query, depth, location_code, language) and the two things
 * each engine endpoint derives from it: its per-page price and its call to the SERP provider.
 */
export function serpRequest({ depthDescription, maxDepth = 100, example }: { depthDescription: string; maxDepth?: number; example: string }) {
  return z.strictObject({
    query: queryText('Search query.', example),
    depth: wholeNumber(1, maxDepth).default(10).meta({ description: `${depthDescription} 1 to ${maxDepth}, default 10.` }),
    location_code: locationCode(),
    language: languageCode(),
  });
}

export type SerpRequestBody = z.output<ReturnType<typeof serpRequest>>;

/** $0.01 per started page of `pageSize` results requested (the catalog's SERP rate). */
export function pricePerPage(pageSize: number): PriceRule<SerpRequestBody> {
  return perPage({ usdPerPage: 0.01, pageSize, requested: (input: SerpRequestBody) => input.depth });
}

/** The handler of an engine endpoint: the body, as is, to that engine. */
export function searchEngine(engine: SerpEngine) {
  return ({ input, providers, call }: HandlerArgs<SerpRequestBody>): Promise<SerpResponse> =>
    providers.serp.search({ engine, query: input.query, depth: input.depth, locationCode: input.location_code, language: input.language }, call);
}
