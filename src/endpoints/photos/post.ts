import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { Post } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, noPost, shortcodeField } from './fields';

export const EXAMPLE_SHORTCODE = 'DfuxqG1rZs1';

export default defineEndpoint({
  id: 'photos.post',
  method: 'POST',
  path: '/v1/photos/post',
  summary: 'A post by its shortcode',
  description:
    "A post's details: type (GraphImage, GraphVideo or GraphSidecar), caption, likes, comments, time (Unix seconds), image, video (null for images), owner, location (or null) and tagged accounts. " +
    `${DATA_SOURCE} A post the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ shortcode: shortcodeField() }),
  output: Post,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { shortcode: EXAMPLE_SHORTCODE }, response: exampleResponse('photos.post') },
  async handler({ input, providers, call }) {
    const { field, message } = noPost(input.shortcode);
    return found(await providers.photos.post(input, call), field, message);
  },
});
