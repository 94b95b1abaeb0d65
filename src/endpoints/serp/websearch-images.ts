import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { pricePerPage, searchEngine, serpRequest } from './serp-request';

const PAGE_SIZE = 100;

export default defineEndpoint({
  id: 'serp.websearch_images',
  method: 'POST',
  path: '/v1/serp/websearch-images',
  summary: 'Image search results',
  description: 'Image results for a query: title, page URL, alt text, the image file URL and the site showing it. Related searches may appear among them.',
  input: serpRequest({ depthDescription: `Images to return. Billed per started page of ${PAGE_SIZE}.`, example: 'modern kitchen ideas' }),
  output: SERP_RESPONSES.images,
  price: () => pricePerPage(PAGE_SIZE),
  examples: {
    request: { query: 'modern kitchen ideas', depth: 100 },
    response: {
      query: 'modern kitchen ideas',
      totalResults: 18400000,
      itemTypes: ['imagesSearch'],
      results: [
        {
          position: 1,
          type: 'imagesSearch',
          title: 'Modern Kitchen Ideas in use — Homeandmaker',
          url: 'https://homeandmaker.com/gallery/modern-kitchen-ideas-1',
          description: 'Modern Kitchen Ideas in use',
          domain: 'homeandmaker.com',
          data: { subtitle: 'Homeandmaker', alt: 'Modern Kitchen Ideas in use', sourceUrl: 'https://homeandmaker.com/images/modern-kitchen-ideas-1.jpg', encodedUrl: 'https://images.search.example/cache/5120394471' },
        },
      ],
    },
  },
  handler: searchEngine('images'),
});
