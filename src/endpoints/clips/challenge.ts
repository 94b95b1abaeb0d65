import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { ClipsChallenge } from '../../schemas/clips';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, numericId } from './fields';

const ChallengeRequest = z
  .strictObject({
    challenge_name: z
      .string()
      .trim()
      // The rule reads what is sent (so the OpenAPI document publishes it); the value is normalised after.
      .regex(/^#?[\p{L}\p{N}_]{1,100}$/u, 'must be a hashtag: letters, digits and underscores, with or without the #')
      .transform((value) => value.replace(/^#/, '').toLowerCase())
      .optional()
      .meta({ description: 'The challenge by its hashtag, with or without the #. Required unless challenge_id is sent; sent with it, the id decides and this is not used.', examples: [EXAMPLE.challengeName] }),
    challenge_id: numericId("the challenge's id", EXAMPLE.challengeId)
      .optional()
      .meta({ description: 'The challenge by its id. Required unless challenge_name is sent; sent with it, the id decides: it names one challenge exactly.' }),
  })
  .superRefine((body, context) => {
    if (body.challenge_name === undefined && body.challenge_id === undefined) {
      context.addIssue({ code: 'custom', path: ['challenge_name'], message: 'challenge_name or challenge_id is required (one of them)' });
    }
  });

export default defineEndpoint({
  id: 'clips.challenge',
  method: 'POST',
  path: '/v1/clips/challenge',
  summary: 'A challenge (hashtag) by name or id',
  description:
    "A challenge's details: id, name, description, videos, views, cover and whether it is branded. It takes `challenge_name` or `challenge_id`; " +
    'sent both (the catalog lists both), the id decides and the name is not used; neither is a 400 naming challenge_name. ' +
    `${DATA_SOURCE} A challenge the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: ChallengeRequest,
  output: ClipsChallenge,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { challenge_name: EXAMPLE.challengeName }, response: exampleResponse('clips.challenge') },
  async handler({ input, providers, call }) {
    const by = input.challenge_id !== undefined ? { id: input.challenge_id } : { name: input.challenge_name! };
    const field = 'id' in by ? 'challenge_id' : 'challenge_name';
    return found(await providers.clips.challenge(by, call), field, 'id' in by ? `no challenge with the id ${by.id}.` : `no challenge #${by.name}.`);
  },
});
