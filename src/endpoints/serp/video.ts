import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { pricePerPage, searchEngine, serpRequest } from './serp-request';

const PAGE_SIZE = 20;

export default defineEndpoint({
  id: 'serp.video',
  method: 'POST',
  path: '/v1/serp/video',
  summary: 'Video platform search results',
  description: 'Search results of the video platform for a query: videos with channel, views, publication date and duration, plus channels and playlists where the platform shows them.',
  input: serpRequest({ depthDescription: `Results to return. Billed per started page of ${PAGE_SIZE}.`, example: 'sourdough starter' }),
  output: SERP_RESPONSES.video,
  price: () => pricePerPage(PAGE_SIZE),
  examples: {
    request: { query: 'sourdough starter', depth: 20 },
    response: {
      query: 'sourdough starter',
      totalResults: 184000,
      itemTypes: ['videoSearch'],
      results: [
        {
          position: 1,
          type: 'videoSearch',
          title: 'Sourdough Starter | Full Guide',
          url: 'https://www.video.com/watch?v=k3Jx9QpL2aE',
          description: 'Sourdough Starter | Full Guide. Homeandmaker TV walks through sourdough starter.',
          domain: 'video.com',
          data: {
            videoId: 'k3Jx9QpL2aE',
            channelId: 'UC4tYq2mN8xRbW1pKs7dLe3A',
            channelName: 'Homeandmaker TV',
            channelUrl: 'https://www.video.com/@homeandmakertv',
            thumbnailUrl: 'https://i.video.com/vi/k3Jx9QpL2aE/maxresdefault.jpg',
            viewsCount: 1289000,
            publishedAt: '2026-03-14 09:00:00 +00:00',
            durationSeconds: 754,
            isLive: false,
            isShorts: false,
            isPaid: false,
          },
        },
      ],
    },
  },
  handler: searchEngine('video'),
});
