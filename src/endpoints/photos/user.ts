import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { PhotosUser } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE_USERNAME, FAILURES, noUser, usernameField } from './fields';

export default defineEndpoint({
  id: 'photos.user',
  method: 'POST',
  path: '/v1/photos/user',
  summary: "A user's profile",
  description: `An account's profile: id, names, bio, pictures, followers, following, posts, verified, private and business flags, category and link. ${DATA_SOURCE} An account the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ username: usernameField() }),
  output: PhotosUser,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { username: EXAMPLE_USERNAME }, response: exampleResponse('photos.user') },
  async handler({ input, providers, call }) {
    const { field, message } = noUser(input.username);
    return found(await providers.photos.user(input, call), field, message);
  },
});
