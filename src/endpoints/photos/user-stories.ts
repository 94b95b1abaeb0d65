import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { Story } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE_USERNAME, FAILURES, noUser, usernameField } from './fields';

export default defineEndpoint({
  id: 'photos.user_stories',
  method: 'POST',
  path: '/v1/photos/user-stories',
  summary: "A user's active stories",
  description: `The stories an account has up now (each lasts 24 hours): time, expiry, image or video and length. None is a success with an empty list; a private account's list is empty. ${DATA_SOURCE} An account the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ username: usernameField() }),
  output: z.object({ username: z.string().meta({ description: 'The account.' }), stories: z.array(Story) }).meta({ id: 'PhotosUserStories' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { username: EXAMPLE_USERNAME }, response: exampleResponse('photos.user_stories') },
  async handler({ input, providers, call }) {
    const { field, message } = noUser(input.username);
    return { username: input.username, stories: found(await providers.photos.userStories(input, call), field, message) };
  },
});
