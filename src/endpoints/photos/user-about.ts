import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { UserAbout } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE_USERNAME, FAILURES, noUser, usernameField } from './fields';

export default defineEndpoint({
  id: 'photos.user_about',
  method: 'POST',
  path: '/v1/photos/user-about',
  summary: "About an account: when it joined, where it is based, former names",
  description: `What the platform discloses about an account: when it joined, its type, category, country, former usernames and how many ads it runs. ${DATA_SOURCE} An account the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ username: usernameField() }),
  output: UserAbout,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { username: EXAMPLE_USERNAME }, response: exampleResponse('photos.user_about') },
  async handler({ input, providers, call }) {
    const { field, message } = noUser(input.username);
    return found(await providers.photos.userAbout(input, call), field, message);
  },
});
