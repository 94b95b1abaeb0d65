import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { ClipsStory } from '../../schemas/clips';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, handleField } from './fields';

export default defineEndpoint({
  id: 'clips.user_story',
  method: 'POST',
  path: '/v1/clips/user-story',
  summary: "A creator's active stories",
  description: `The stories a creator has up now (each lasts 24 hours): time, expiry, length, cover and video. None is a success with an empty list. ${DATA_SOURCE} An account the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ unique_id: handleField() }),
  output: z
    .object({ user_id: z.string().meta({ description: "The creator's numeric id." }), unique_id: z.string().meta({ description: 'Their handle.' }), stories: z.array(ClipsStory) })
    .meta({ id: 'ClipsUserStory' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { unique_id: EXAMPLE.uniqueId }, response: exampleResponse('clips.user_story') },
  async handler({ input, providers, call }) {
    return found(await providers.clips.userStory({ uniqueId: input.unique_id }, call), 'unique_id', `no account @${input.unique_id} on the platform.`);
  },
});
