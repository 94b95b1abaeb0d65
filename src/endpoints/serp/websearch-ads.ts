import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { pricePerPage, searchEngine, serpRequest } from './serp-request';

const PAGE_SIZE = 40;

export default defineEndpoint({
  id: 'serp.websearch_ads',
  method: 'POST',
  path: '/v1/serp/websearch-ads',
  summary: 'Ads transparency: an advertiser’s ads',
  description:
    'The ads an advertiser runs, from the ads transparency library: one result per ad creative with its advertiser, format, preview and first/last shown dates. ' +
    '`query` is the advertiser’s domain (`nike.com`) or name (`nike`); a name may match several advertiser accounts. `location_code` picks the region whose ads are listed; `language` has no effect.',
  input: serpRequest({ depthDescription: `Ad creatives to return. Billed per started page of ${PAGE_SIZE}.`, example: 'bluebottle.example' }),
  output: SERP_RESPONSES.ads,
  price: () => pricePerPage(PAGE_SIZE),
  examples: {
    request: { query: 'bluebottle.example', depth: 40 },
    response: {
      query: 'bluebottle.example',
      totalResults: 1280,
      itemTypes: ['adsSearch'],
      results: [
        {
          position: 1,
          type: 'adsSearch',
          title: 'Bluebottle Inc.',
          url: 'https://adstransparency.example/advertiser/AR01234567890123456789/creative/CR09876543210987654321',
          description: '',
          domain: 'adstransparency.example',
          data: {
            advertiserId: 'AR01234567890123456789',
            creativeId: 'CR09876543210987654321',
            verified: true,
            format: 'image',
            previewImage: { url: 'https://ads-preview.example/CR09876543210987654321.jpg', width: 300, height: 250 },
            previewUrl: 'https://ads-preview.example/creative/CR09876543210987654321',
            firstShown: '2025-11-03 00:00:00 +00:00',
            lastShown: '2026-09-28 00:00:00 +00:00',
          },
        },
      ],
    },
  },
  handler: searchEngine('ads'),
});
