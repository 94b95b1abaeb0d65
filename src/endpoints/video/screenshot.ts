import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError, found } from '../../core/errors';
import { DATA_SOURCE, EXAMPLE, FAILURES, noVideo, videoIdField } from './fields';

/** Where the frame is taken when no `timestamp` is sent (the catalog's default), or the middle of a shorter video. */
const DEFAULT_SECONDS = 50;

const TIMESTAMP = /^(?:(?:(\d{1,2}):)?([0-5]?\d):)?(\d{1,6})(?:\.(\d{1,3}))?$/;

/** "HH:MM:SS", "MM:SS" or seconds ("372", 372), fractions of a second allowed: the moment in seconds. */
const timestampField = z
  .union([
    z
      .string()
      .trim()
      .transform((value, context) => {
        const match = TIMESTAMP.exec(value);
        const [hours, minutes, seconds, fraction] = (match?.slice(1) ?? []).map((part) => part ?? '0');
        const valid = match !== null && (match[2] === undefined || Number(seconds) < 60);
        if (!valid) {
          context.addIssue({ code: 'custom', message: 'must be a time in the video: HH:MM:SS, MM:SS or seconds, e.g. "00:01:30", "1:30" or "90"' });
          return z.NEVER;
        }
        return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(`0.${fraction}`);
      }),
    z.number().nonnegative().max(86_400 * 7),
  ])
  .optional()
  .meta({ description: `When in the video: HH:MM:SS, MM:SS or seconds (default 00:00:50, or the middle of a video shorter than ${DEFAULT_SECONDS} s).`, examples: ['00:00:50', '372'] });

/** "720p", "720" or "highest available" (the default): a height, or undefined for the highest. */
const resolutionField = z
  .string()
  .trim()
  .default('highest available')
  .transform((value, context) => {
    if (/^(?:highest(?: available)?|max|best)$/i.test(value)) return undefined;
    const height = /^(\d{3,4})p?$/i.exec(value)?.[1];
    if (height === undefined) {
      context.addIssue({ code: 'custom', message: 'must be a height such as 1080p, 720p or 360p, or "highest available"' });
      return z.NEVER;
    }
    return Number(height);
  })
  .meta({ description: 'The size: a height such as 720p; the closest lower one the video has is given (its lowest when it has none lower). Default: the highest it has.', examples: ['720p'] });

const label = (height: number) => `${height}p`;

const Screenshot = z
  .object({
    status: z.literal('OK'),
    videoId: z.string(),
    timestamp: z.string().meta({ description: 'The moment taken, HH:MM:SS.mmm.', examples: ['00:00:50.000'] }),
    resolution: z.string().meta({ description: 'The height given.', examples: ['720p'] }),
    resolutions: z.array(z.string()).meta({ description: 'Every height the video has, highest first.' }),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    mimeType: z.literal('image/jpeg'),
    bytes: z.number().int().positive().meta({ description: "The JPEG's size." }),
    url: z.string().nullable().meta({ description: 'With format url: a signed link to the JPEG, valid until `expiresAt` (no API key needed); null with base64.' }),
    link: z.record(z.string(), z.string()).meta({ description: 'With format url: the same frame at every height the video has, by height ("1080p", "720p", …); empty with base64.' }),
    expiresAt: z.string().nullable().meta({ description: 'When the links stop working (the media retention period); null with base64.' }),
    image: z.string().optional().meta({ description: 'With format base64 only: the JPEG, base64-encoded.' }),
  })
  .meta({ id: 'VideoScreenshot' });

function clock(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}

export default defineEndpoint({
  id: 'video.screenshot',
  method: 'POST',
  path: '/v1/video/screenshot',
  summary: 'A frame of a video, as a JPEG',
  description:
    "A real frame of the video at `timestamp`, as a JPEG at the height asked (the closest lower one the video has): with `format` url, signed links to it at every " +
    'height the video has (valid for the media retention period, no API key needed); with base64, the image inline. ' +
    `A timestamp past the video's end is a 400 naming timestamp. ${DATA_SOURCE} A video the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({
    id: videoIdField(),
    timestamp: timestampField,
    format: z.enum(['url', 'base64']).default('url').meta({ description: 'url: signed links to the JPEG; base64: the JPEG inline.' }),
    resolution: resolutionField,
  }),
  output: Screenshot,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { id: EXAMPLE.videoId, timestamp: '00:00:50', format: 'url', resolution: '720p' },
    // Written by hand (scripts/sandbox-examples.ts): the links are signed anew on every call.
    response: {
      status: 'OK',
      videoId: EXAMPLE.videoId,
      timestamp: '00:00:50.000',
      resolution: '720p',
      resolutions: ['1080p', '720p', '480p', '360p', '240p', '144p'],
      width: 1280,
      height: 720,
      mimeType: 'image/jpeg',
      bytes: 48213,
      url: 'https://api.example.com/v1/media/files/pf_Qm9vdGhTdGFnZUZyYW1lMQ.jpg?expires=1764547200&signature=3vJ9…',
      link: {
        '1080p': 'https://api.example.com/v1/media/files/pf_a0Zr8cQ1nXv2LmT4pYw6Hs.jpg?expires=1764547200&signature=Xk2…',
        '720p': 'https://api.example.com/v1/media/files/pf_Qm9vdGhTdGFnZUZyYW1lMQ.jpg?expires=1764547200&signature=3vJ9…',
        '480p': 'https://api.example.com/v1/media/files/pf_T8wq3ZbL0cVn5RkJ2yHd1g.jpg?expires=1764547200&signature=pQ7…',
      },
      expiresAt: '2025-12-01T00:00:00.000Z',
    },
  },
  async handler({ input, providers, services, call }) {
    const missing = noVideo('id', input.id);
    const source = found(await providers.video.frameSource({ videoId: input.id }, call), missing.field, missing.message);
    // A video the platform will not play (private, removed, region-locked) has no frame to give.
    if (source.heights.length === 0) throw new ApiError('NOT_FOUND', `id: video ${input.id} cannot be played, so it has no frames to take.`, { param: 'id' });
    const at = input.timestamp ?? Math.min(DEFAULT_SECONDS, source.lengthSeconds / 2);
    if (at >= source.lengthSeconds) {
      throw new ApiError('VALIDATION_ERROR', `timestamp: ${clock(at)} is past the video's end (it is ${clock(source.lengthSeconds)} long).`, { param: 'timestamp' });
    }
    const heights = source.heights;
    const asked = input.resolution;
    const height = asked === undefined ? heights[0]! : (heights.find((available) => available <= asked) ?? heights.at(-1)!);
    const taken = input.format === 'url' ? heights : [height];
    const frames = await source.frames(at, taken, call);
    const frame = frames.find((each) => each.height === height)!;
    const common = {
      status: 'OK' as const,
      videoId: input.id,
      timestamp: clock(at),
      resolution: label(height),
      resolutions: heights.map(label),
      width: frame.width,
      height: frame.height,
      mimeType: 'image/jpeg' as const,
      bytes: frame.jpeg.length,
    };
    if (input.format === 'base64') return { ...common, url: null, link: {}, expiresAt: null, image: frame.jpeg.toString('base64') };
    const published = await Promise.all(frames.map(async (each) => ({ height: each.height, file: await services.files.publish(each.jpeg, 'jpg') })));
    const link = Object.fromEntries(published.map(({ height: each, file }) => [label(each), file.url]));
    return { ...common, url: link[label(height)]!, link, expiresAt: published[0]!.file.expiresAt };
  },
});
