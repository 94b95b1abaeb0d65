import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { ClipsUser } from '../../schemas/clips';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, handleField } from './fields';

export default defineEndpoint({
  id: 'clips.user',
  method: 'POST',
  path: '/v1/clips/user',
  summary: "A creator's profile by handle",
  description: `A creator's profile: numeric id (what the user-* lists take), handle, name, avatar, bio, verified badge, region, language, followers, following, likes received, videos and likes given. ${DATA_SOURCE} An account the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ unique_id: handleField() }),
  output: ClipsUser,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { unique_id: EXAMPLE.uniqueId }, response: exampleResponse('clips.user') },
  async handler({ input, providers, call }) {
    return found(await providers.clips.user({ uniqueId: input.unique_id }, call), 'unique_id', `no account @${input.unique_id} on the platform.`);
  },
});
