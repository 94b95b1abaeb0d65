import { z } from 'zod';
import { wholeNumber } from '../../schemas/request-fields';

/** Request fields the clips endpoints share, and the sentences their descriptions share. */

export const DATA_SOURCE =
  "From the short-video data provider: the configured vendor, or without one the sandbox's synthetic platform " +
  '(deterministic, coherent across the clips endpoints, labelled `x-tollgate-provider: sandbox`).';

export const FAILURES = 'A request that breaks a rule is a 400 naming the field; a provider that fails is a 502; neither is charged.';

const VIDEO_URL = /^(?:https?:\/\/)?(?:www\.|m\.)?clips\.com\/@[A-Za-z0-9._]{1,30}\/(?:video|photo)\/(\d{5,25})\/?(?:[?#].*)?$/i;
const MUSIC_URL = /^(?:https?:\/\/)?(?:www\.|m\.)?clips\.com\/music\/(?:[^/?#]*-)?(\d{5,25})\/?(?:[?#].*)?$/i;

/** A video's URL, read for its id: `https://www.clips.com/@<handle>/video/<id>` (or `/photo/`; scheme and www optional, query dropped). */
export function videoUrlField() {
  return z
    .string()
    .trim()
    .max(2048)
    .transform((value, context) => {
      const id = VIDEO_URL.exec(value)?.[1];
      if (id === undefined) {
        context.addIssue({ code: 'custom', message: "must be a video's URL, https://www.clips.com/@<handle>/video/<id> (the app's share link, opened, gives it)" });
        return z.NEVER;
      }
      return { url: value, videoId: id };
    })
    .meta({ description: "The video's full URL: https://www.clips.com/@<handle>/video/<id>.", examples: ['https://www.clips.com/@waffles.pup/video/7709547295108311040'] });
}

export function musicUrlField() {
  return z
    .string()
    .trim()
    .max(2048)
    .transform((value, context) => {
      const id = MUSIC_URL.exec(value)?.[1];
      if (id === undefined) {
        context.addIssue({ code: 'custom', message: "must be a sound's URL, https://www.clips.com/music/<title>-<id>" });
        return z.NEVER;
      }
      return { url: value, musicId: id };
    })
    .meta({ description: "The sound's full URL: https://www.clips.com/music/<title>-<id>.", examples: ['https://www.clips.com/music/original-sound-6388568234219536683'] });
}

/** A numeric id (a user's, a sound's, a challenge's, a video's, a comment's), as a string of digits. */
export function numericId(what: string, example: string) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,25}$/, `must be ${what}: digits only`)
    .meta({ description: `${what[0]!.toUpperCase()}${what.slice(1)} (digits).`, examples: [example] });
}

/** A handle, with or without its @; case is ignored. The rule reads what the caller sends, so the OpenAPI document publishes it; the value is normalised after. */
export function handleField() {
  return z
    .string()
    .trim()
    .regex(/^@?[A-Za-z0-9._]{2,24}$/, 'must be a handle: 2 to 24 letters, digits, periods and underscores, with or without the @')
    .transform((value) => value.replace(/^@/, '').toLowerCase())
    .meta({ description: "The account's handle (unique_id), with or without the @.", examples: ['waffles.pup'] });
}

/**
 * `count`: a string as the catalog has it ("20"), a number accepted too; 1 to 50. Each form
 * carries the range itself (the string's pattern, the number's bounds), so the OpenAPI document
 * publishes it.
 */
export const countField = z
  .union([z.string().trim().regex(/^0{0,2}(?:[1-9]|[1-4]\d|50)$/, 'must be a whole number from 1 to 50, e.g. "20"').transform(Number), wholeNumber(1, 50)])
  .default(20)
  .meta({ description: 'Items per page, 1 to 50, as a string ("20") or a number (default 20); the platform may answer fewer.' });

export const cursorField = z
  .string()
  .min(1)
  .max(4096)
  .optional()
  .meta({ description: 'The cursor of the previous page (sent with the same subject) for the next page; without it, the first page.' });

/** The documented examples' subjects: the sandbox world's (src/providers/sandbox/clips), so an example call answers its example. */
export const EXAMPLE = {
  uniqueId: 'waffles.pup',
  userId: '6800000319749062134',
  videoId: '7709547295108311040',
  commentId: '7710036471818747905',
  musicId: '6388568234219536683',
  challengeName: 'puppy',
  challengeId: '1600002863659946018',
  keywords: 'pup',
} as const;

export const exampleVideoUrl = () => `https://www.clips.com/@${EXAMPLE.uniqueId}/video/${EXAMPLE.videoId}`;
export const exampleMusicUrl = () => `https://www.clips.com/music/original-sound-${EXAMPLE.musicId}`;

export const noUserId = (userId: string) => ({ field: 'user_id', message: `no account with the id ${userId} on the platform.` });
