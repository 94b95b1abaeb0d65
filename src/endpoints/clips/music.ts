import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { ClipsMusic } from '../../schemas/clips';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, exampleMusicUrl, musicUrlField } from './fields';

export default defineEndpoint({
  id: 'clips.music',
  method: 'POST',
  path: '/v1/clips/music',
  summary: 'A sound by its URL',
  description: `A sound's details from its URL: title, author, album, length, whether it is original, cover, audio and how many videos use it. ${DATA_SOURCE} A sound the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ url: musicUrlField() }),
  output: ClipsMusic,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { url: exampleMusicUrl() }, response: exampleResponse('clips.music') },
  async handler({ input, providers, call }) {
    return found(await providers.clips.music({ musicId: input.url.musicId }, call), 'url', `no sound ${input.url.musicId} on the platform.`);
  },
});
