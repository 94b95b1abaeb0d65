import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { Hashtag } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, hashtagField } from './fields';

export default defineEndpoint({
  id: 'photos.hashtag',
  method: 'POST',
  path: '/v1/photos/hashtag',
  summary: "A hashtag's top and recent posts",
  description: `How many posts carry a hashtag, its top posts (with their owners) and its most recent ones. ${DATA_SOURCE} A hashtag no post carries is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ hashtag: hashtagField() }),
  output: Hashtag,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { hashtag: 'travel' }, response: exampleResponse('photos.hashtag') },
  async handler({ input, providers, call }) {
    return found(await providers.photos.hashtag(input, call), 'hashtag', `no post carries #${input.hashtag}.`);
  },
});
