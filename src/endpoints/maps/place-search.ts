import { z } from 'zod';
import { ApiError } from '../../core/errors';
import type { PlaceTextSearchPage, PlaceTextSearchRequest } from '../../providers/families/places';
import type { CallOptions } from '../../providers/providers';
import type { Place } from '../../schemas/place';
import { queryText, resultLimit } from '../../schemas/request-fields';
import { mapsLanguage, regionCode } from './fields';
import { encodePageToken, readPageToken, searchFingerprint } from '../../core/page-token';

/** What the two place searches (`/v1/serp/websearch-maps`, `/v1/maps/search`) share: fields, paging, response. */

export const placeSearchFields = {
  query: queryText('Text query: what and where ("coffee in seattle", "pizza near Alexanderplatz").', 'coffee in seattle'),
  limit: resultLimit(10, 20).meta({ description: 'Places on this page, 1 to 20 (default 10); use nextPageToken for more.' }),
  language: mapsLanguage(),
  region: regionCode(),
  nextPageToken: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'The nextPageToken of a previous response, sent with the same query and parameters (limit may differ) to get the next page.' }),
};

interface PagedInput {
  query: string;
  limit: number;
  nextPageToken?: string | undefined;
}

/** Everything that identifies the search a page belongs to: the input without `limit` and the token. */
function fingerprintOf(input: PagedInput): string {
  const { limit: _limit, nextPageToken: _token, ...search } = input;
  return searchFingerprint(search);
}

/** The 400 for a token that does not continue this search, raised while the body is validated. */
export function pageTokenRule(scope: string) {
  return (input: PagedInput, context: z.RefinementCtx) => {
    if (input.nextPageToken === undefined) return;
    const reading = readPageToken(input.nextPageToken, scope, fingerprintOf(input));
    if ('problem' in reading) context.addIssue({ code: 'custom', path: ['nextPageToken'], message: reading.problem });
  };
}

/** The response of a place search, over the full or the subset record. */
export function placeSearchResponse<Record extends z.ZodType>(record: Record, id: string) {
  return z
    .object({
      query: z.string().meta({ description: 'The query as sent.' }),
      totalResults: z.number().int().nonnegative().meta({ description: 'Places in this response (at most limit).' }),
      nextPageToken: z.string().optional().meta({ description: 'Present when more places follow: send it back, with the same query and parameters, for the next page.' }),
      searchUrl: z.string().optional().meta({ description: 'The same search on the maps service.' }),
      results: z.array(record),
    })
    .meta({ id });
}

export interface PlaceSearchPage {
  query: string;
  totalResults: number;
  nextPageToken?: string;
  searchUrl?: string;
  results: Place[];
}

/** The provider method that serves a place search (the places family's, or the SERP family's maps results). */
export type PlaceSearcher = (request: PlaceTextSearchRequest, call: CallOptions) => Promise<PlaceTextSearchPage>;

/**
 * Runs one page of a place search: the provider's cursor comes out of our page token, and its next
 * cursor goes back into one bound to the same search.
 */
export async function searchPlaces(
  scope: string,
  input: PagedInput,
  request: Omit<PlaceTextSearchRequest, 'cursor'>,
  search: PlaceSearcher,
  call: CallOptions,
): Promise<PlaceSearchPage> {
  const fingerprint = fingerprintOf(input);
  let cursor: string | undefined;
  if (input.nextPageToken !== undefined) {
    const reading = readPageToken(input.nextPageToken, scope, fingerprint);
    if ('problem' in reading) throw new ApiError('VALIDATION_ERROR', `nextPageToken: ${reading.problem}`);
    cursor = reading.cursor;
  }
  const page = await search({ ...request, cursor }, call);
  const results = page.places.slice(0, input.limit);
  return {
    query: input.query,
    totalResults: results.length,
    ...(page.nextCursor !== undefined ? { nextPageToken: encodePageToken(scope, fingerprint, page.nextCursor) } : {}),
    ...(page.searchUrl !== undefined ? { searchUrl: page.searchUrl } : {}),
    results,
  };
}
