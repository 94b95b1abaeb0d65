import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError } from '../../core/errors';
import { Place } from '../../schemas/place';
import { mapsLanguage, placeIdField, regionCode } from './fields';
import { examplePlace } from './examples';

const PlaceDetailsRequest = z.strictObject({
  place_id: placeIdField(),
  language: mapsLanguage(),
  region: regionCode(),
});

export default defineEndpoint({
  id: 'maps.place',
  method: 'POST',
  path: '/v1/maps/place',
  summary: 'Place details by place ID',
  description:
    'The full Place record of one place, by the ID a maps search returned (bare or `places/{id}`): address parts, phones, website, coordinates, rating, price level and range, status, opening hours, amenities, payments, parking, accessibility, up to 10 photos, top review, summaries and deep links. ' +
    'A place the maps service does not know is 404 NOT_FOUND, not charged.',
  input: PlaceDetailsRequest,
  output: Place,
  price: ({ perCall }) => perCall(0.05),
  examples: {
    request: { place_id: examplePlace.id, language: 'en', region: 'us' },
    response: examplePlace,
  },
  async handler({ input, providers, call }) {
    const place = await providers.places.placeDetails({ placeId: input.place_id, language: input.language, region: input.region }, call);
    if (!place) throw new ApiError('NOT_FOUND', `place_id: no place has the ID ${input.place_id}; use an ID returned by a maps search.`, { param: 'place_id' });
    return place;
  },
});
