import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { Place, PRICE_LEVELS, PriceLevel } from '../../schemas/place';
import { biasCircleIssues, biasCircleOf } from './bias-circle';
import { isKnownPlaceType } from './place-types';
import { pageTokenRule, placeSearchFields, placeSearchResponse, searchPlaces } from './place-search';
import { examplePlace } from './examples';

const ID = 'serp.websearch_maps';

const WebsearchMapsRequest = z
  .strictObject({
    ...placeSearchFields,
    rank_by: z.enum(['relevance', 'distance']).default('relevance').meta({ description: 'relevance (default) or distance; distance needs latitude, longitude and radius.' }),
    open_now: z.boolean().default(false).meta({ description: 'Only places open at request time.' }),
    min_rating: z.number().min(0).max(5).optional().meta({ description: 'Leave out places rated below this, 0.0 to 5.0, in half stars rounded up as the maps service applies it (4.2 acts as 4.5).', examples: [4] }),
    price_levels: z
      .array(PriceLevel)
      .max(PRICE_LEVELS.length)
      // One canonical order, so the same set always makes the same search (and the same page token).
      .transform((levels) => PRICE_LEVELS.filter((level) => levels.includes(level)))
      .optional()
      .meta({ description: 'Only places at these price levels: any of free, inexpensive, moderate, expensive, very_expensive.', examples: [['inexpensive', 'moderate']] }),
    included_type: z
      .string()
      .trim()
      .refine(isKnownPlaceType, 'is not a known place type (examples: restaurant, cafe, bar, gym, hotel, pharmacy, museum)')
      .optional()
      .meta({ description: 'Only places of this type, e.g. restaurant, cafe, bar, gym.', examples: ['cafe'] }),
    latitude: z.number().min(-90).max(90).optional().meta({ description: 'Centre of the bias circle, -90 to 90 (with longitude and radius).', examples: [47.6062] }),
    longitude: z.number().min(-180).max(180).optional().meta({ description: 'Centre of the bias circle, -180 to 180 (with latitude and radius).', examples: [-122.3321] }),
    radius: z.number().min(1).max(50000).optional().meta({ description: 'Radius of the bias circle in metres, 1 to 50000 (with latitude and longitude).', examples: [2000] }),
  })
  .superRefine((input, context) => {
    for (const issue of biasCircleIssues(input)) context.addIssue({ code: 'custom', ...issue });
  })
  .superRefine(pageTokenRule(ID));

const WebsearchMapsResponse = placeSearchResponse(Place, 'WebsearchMapsResponse');

/** The maps variant of web search: Place records from the SERP family's maps results, filters, one flat price. */
export default defineEndpoint({
  id: ID,
  method: 'POST',
  path: '/v1/serp/websearch-maps',
  summary: 'Maps search results with full place records',
  description:
    'Live maps results for a text query as Place records: name, categories, address and its parts, phone, website, location, rating and rating count, ' +
    'price level, open now, weekly hours, business status and a short description, as the maps results page shows them (fields it does not show are absent). ' +
    'Filters: open_now, min_rating, price_levels, included_type; results can be biased to a circle (latitude, longitude, radius, all three or none) and ranked by distance from its centre. ' +
    'Pages of up to 20: send the returned nextPageToken with the same query and parameters for the next page. One price per call, however many places come back.',
  input: WebsearchMapsRequest,
  output: WebsearchMapsResponse,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { query: 'coffee in seattle', limit: 10, min_rating: 4, price_levels: ['inexpensive', 'moderate'] },
    response: { query: 'coffee in seattle', totalResults: 1, nextPageToken: 'eyJ2IjoxLCJzIjoic2VycC53ZWJzZWFyY2hfbWFwcyIsImYiOiJnenYwQzZCUzYtcG1SMWYxNnJhM3FSIiwiYyI6IjEwIiwiaCI6IjRqVHhGY3RtZk1oMURuRE5LMl9BSjcifQ', searchUrl: 'https://www.google.com/maps/search/?api=1&query=coffee%20in%20seattle', results: [examplePlace] },
  },
  async handler({ input, providers, call }) {
    return searchPlaces(
      ID,
      input,
      {
        query: input.query,
        limit: input.limit,
        language: input.language,
        region: input.region,
        rankBy: input.rank_by,
        openNow: input.open_now,
        // The maps service filters in half stars, rounding up; every provider gets the value it applies.
        minRating: input.min_rating === undefined ? undefined : Math.ceil(input.min_rating * 2) / 2,
        priceLevels: input.price_levels?.length ? input.price_levels : undefined,
        includedType: input.included_type,
        bias: biasCircleOf(input),
        fields: 'full',
      },
      // A SERP product: served from the SERP family's maps results, not the places family.
      (request, options) => providers.serp.searchMaps(request, options),
      call,
    );
  },
});
