import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { SimilarAccount } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE_USERNAME, FAILURES, noUser, usernameField } from './fields';

export default defineEndpoint({
  id: 'photos.user_similar',
  method: 'POST',
  path: '/v1/photos/user-similar',
  summary: 'Accounts similar to a user',
  description: `The accounts the platform suggests as similar, with their followers. ${DATA_SOURCE} An account the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ username: usernameField() }),
  output: z.object({ similar_accounts: z.array(SimilarAccount) }).meta({ id: 'PhotosSimilarAccounts' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { username: EXAMPLE_USERNAME }, response: exampleResponse('photos.user_similar') },
  async handler({ input, providers, call }) {
    const { field, message } = noUser(input.username);
    return { similar_accounts: found(await providers.photos.userSimilar(input, call), field, message) };
  },
});
