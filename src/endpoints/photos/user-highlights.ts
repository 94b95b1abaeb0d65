import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { Highlight } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE_USERNAME, FAILURES, noUser, usernameField } from './fields';

export default defineEndpoint({
  id: 'photos.user_highlights',
  method: 'POST',
  path: '/v1/photos/user-highlights',
  summary: "A user's story highlights",
  description: `The story highlights pinned to an account's profile: title, cover, how many items and the items. A private account's list is empty. ${DATA_SOURCE} An account the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ username: usernameField() }),
  output: z.object({ username: z.string().meta({ description: 'The account.' }), highlights: z.array(Highlight) }).meta({ id: 'PhotosUserHighlights' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { username: EXAMPLE_USERNAME }, response: exampleResponse('photos.user_highlights') },
  async handler({ input, providers, call }) {
    const { field, message } = noUser(input.username);
    return { username: input.username, highlights: found(await providers.photos.userHighlights(input, call), field, message) };
  },
});
