import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { TRENDING_TYPES } from '../../providers/families/video';
import { VideoTrendingItem } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, locale } from './fields';

export default defineEndpoint({
  id: 'video.trending',
  method: 'POST',
  path: '/v1/video/trending',
  summary: 'Trending videos by country and category',
  description: `What is trending in a country (\`geo\`) now, or in music, gaming or movies (\`type\`): each video with its channel, views, comments, likes, date, length and previews. ${DATA_SOURCE} ${FAILURES}`,
  input: z.strictObject({ type: z.enum(TRENDING_TYPES).default('now').meta({ description: 'Which chart: now, music, gaming or movies.' }), ...locale() }),
  output: z.object({ data: z.array(VideoTrendingItem) }).meta({ id: 'VideoTrending' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { geo: 'US', type: 'now' }, response: exampleResponse('video.trending') },
  async handler({ input, providers, call }) {
    return { data: await providers.video.trending({ type: input.type, geo: input.geo, lang: input.lang }, call) };
  },
});
