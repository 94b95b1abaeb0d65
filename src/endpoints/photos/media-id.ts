import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { mediaIdOf } from '../../photos/shortcode';
import { exampleResponse } from './examples';
import { FAILURES, shortcodeField } from './fields';
import { EXAMPLE_SHORTCODE } from './post';

const MediaIdAnswer = z
  .object({
    shortcode: z.string().meta({ description: 'The shortcode as sent.' }),
    media_id: z.string().meta({ description: 'The numeric media id it stands for (a decimal string: it exceeds 2^53).', examples: ['908540701891980503'] }),
    media_id_with_owner: z.string().nullable().meta({ description: "`<media_id>_<owner id>`, the form the platform's API uses; null when the post is not found (the media id is computed all the same)." }),
  })
  .meta({ id: 'PhotosMediaId' });

export default defineEndpoint({
  id: 'photos.media_id',
  method: 'POST',
  path: '/v1/photos/media-id',
  summary: "A post's numeric media id from its shortcode",
  description:
    "The shortcode is the media id written in the platform's base-64 alphabet (A–Z, a–z, 0–9, - and _), so the id is computed, not looked up; a private post's longer share code holds the id in its first 11 characters. " +
    "`media_id_with_owner` adds the owner's id, which the post's lookup gives (null when the platform does not know the post). A code beyond 64 bits is a 400 naming `shortcode`. " +
    FAILURES,
  input: z.strictObject({ shortcode: shortcodeField() }),
  output: MediaIdAnswer,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { shortcode: EXAMPLE_SHORTCODE }, response: exampleResponse('photos.media_id') },
  async handler({ input, providers, call }) {
    // The field refused a code that stands for no media id.
    const mediaId = mediaIdOf(input.shortcode)!;
    const post = await providers.photos.post({ shortcode: input.shortcode }, call);
    return { shortcode: input.shortcode, media_id: mediaId, media_id_with_owner: post ? `${mediaId}_${post.owner.id}` : null };
  },
});
