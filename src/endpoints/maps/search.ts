import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { PlaceSummary, placeSummaryOf } from '../../schemas/place';
import { pageTokenRule, placeSearchFields, placeSearchResponse, searchPlaces } from './place-search';
import { examplePlace } from './examples';

const ID = 'maps.search';

const MapsSearchRequest = z.strictObject(placeSearchFields).superRefine(pageTokenRule(ID));

const MapsSearchResponse = placeSearchResponse(PlaceSummary, 'MapsSearchResponse');

export default defineEndpoint({
  id: ID,
  method: 'POST',
  path: '/v1/maps/search',
  summary: 'Maps search (place summaries)',
  description:
    'Live text search on the maps service ("coffee in seattle"), answered with the subset Place record: id, name, types, address, phone, website, coordinates, rating, price level, status, opening hours, amenities, photos, top review and deep links. ' +
    'Pages of up to 20: send the returned nextPageToken with the same query, language and region for the next page. One price per call, however many places come back.',
  input: MapsSearchRequest,
  output: MapsSearchResponse,
  price: ({ perCall }) => perCall(0.07),
  examples: {
    request: { query: 'coffee in seattle', limit: 10 },
    response: { query: 'coffee in seattle', totalResults: 1, searchUrl: 'https://www.google.com/maps/search/?api=1&query=coffee%20in%20seattle', results: [PlaceSummary.parse(examplePlace)] },
  },
  async handler({ input, providers, call }) {
    const page = await searchPlaces(
      ID,
      input,
      { query: input.query, limit: input.limit, language: input.language, region: input.region, rankBy: 'relevance', openNow: false, fields: 'summary' },
      (request, options) => providers.places.searchText(request, options),
      call,
    );
    // The subset record exactly, whoever served the places.
    return { ...page, results: page.results.map(placeSummaryOf) };
  },
});
