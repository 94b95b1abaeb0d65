import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError } from '../../core/errors';
import { wholeNumber } from '../../schemas/request-fields';
import { examplePlace } from './examples';

const photoSide = (side: string) =>
  wholeNumber(1, 4800).optional().meta({ description: `Largest ${side} wanted, 1 to 4800 pixels; the photo is scaled down to fit, never up.`, examples: [800] });

const PlacePhotoRequest = z
  .strictObject({
    reference: z
      .string()
      .trim()
      .regex(/^(places\/)?[A-Za-z0-9_-]{1,512}\/photos\/[A-Za-z0-9_-]{1,2048}$/, 'must be a photo reference places/{place_id}/photos/{token} from a place record')
      .transform((reference) => (reference.startsWith('places/') ? reference : `places/${reference}`))
      .meta({ description: 'Photo reference from a place record (`photos[].reference`): places/{place_id}/photos/{token}; the `places/` prefix is optional.' }),
    max_width: photoSide('width'),
    max_height: photoSide('height'),
  })
  .superRefine((input, context) => {
    // The maps service cannot size a photo without a bound, so one of the two is required.
    if (input.max_width === undefined && input.max_height === undefined) {
      context.addIssue({ code: 'custom', path: ['max_width'], message: 'give max_width, max_height or both (the photo is scaled to fit within them)' });
    }
  });

const PlacePhotoResponse = z.object({
  reference: z.string().meta({ description: 'The reference as resolved, with its `places/` prefix.' }),
  photoUri: z.string().meta({ description: 'Short-lived URL of the image at the asked size; fetch it soon, do not store it.' }),
});

const exampleReference = examplePlace.photos![0]!.reference;

export default defineEndpoint({
  id: 'maps.photo',
  method: 'POST',
  path: '/v1/maps/photo',
  summary: 'Place photo URL',
  description:
    'Resolves a photo reference from a place record to a short-lived image URL, scaled to fit max_width and/or max_height (1 to 4800 pixels; at least one is required; never upscaled). ' +
    'A reference the maps service does not know is 404 NOT_FOUND, not charged.',
  input: PlacePhotoRequest,
  output: PlacePhotoResponse,
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { reference: exampleReference, max_width: 800 },
    response: { reference: exampleReference, photoUri: `https://photos.sandbox.example/${exampleReference.replace('/photos/', '/')}-800x450.jpg` },
  },
  async handler({ input, providers, call }) {
    const media = await providers.places.photoMedia({ reference: input.reference, maxWidth: input.max_width, maxHeight: input.max_height }, call);
    if (!media) throw new ApiError('NOT_FOUND', `reference: no photo has the reference ${input.reference}; use one from a place record.`, { param: 'reference' });
    return { reference: input.reference, photoUri: media.photoUri };
  },
});
