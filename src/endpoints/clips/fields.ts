import { z } from 'zod';
import { wholeNumber } from '../../schemas/request-fields';

/** Request fields the clips endpoints share, and the sentences their descriptions share. */

export const DATA_SOURCE =
  "From the short-video data provider: the configured vendor, or without one the sandbox's synthetic platform " +
  '(deterministic, coherent across the clips endpoints, labelled `x-tollgate-provider: sandbox`).';

export const FAILURES = 'A request that breaks a rule is a 400 naming the field; a provider that fails is a 502; neither is charged.';

/** `word` in either case, as a pattern: a JSON Schema pattern takes no flags, so the published rule spells the cases out. */
const anyCase = (word: string) => word.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
/** The platform's address: scheme and `www.`/`m.` optional, host in any case. */
const SITE = `^(?:${anyCase('http')}[sS]?://)?(?:${anyCase('www')}\\.|${anyCase('m')}\\.)?${anyCase('clips')}\\.${anyCase('com')}/`;
/** What may follow an id: a trailing slash, a query, a fragment (all dropped). */
const TAIL = '/?(?:[?#].*)?$';
/** Ids are digits, as numericId's: a well-formed id the platform does not have is the endpoint's 404, not a malformed URL. */
const ID = '(\\d{1,25})';
const VIDEO_URL = new RegExp(`${SITE}@[A-Za-z0-9._]{1,30}/(?:${anyCase('video')}|${anyCase('photo')})/${ID}${TAIL}`);
const MUSIC_URL = new RegExp(`${SITE}${anyCase('music')}/(?:[^/?#]*-)?${ID}${TAIL}`);

/**
 * A URL read for the id in it. The rule is a pattern on what the caller sends (so the OpenAPI
 * document publishes it, as it does a username's); the id is taken out after.
 */
function platformUrlField<Read>(pattern: RegExp, rule: string, read: (url: string, id: string) => Read) {
  return z
    .string()
    .trim()
    .max(2048)
    .regex(pattern, rule)
    .transform((value) => read(value, pattern.exec(value)![1]!));
}

/** A video's URL, read for its id: `https://www.clips.com/@<handle>/video/<id>` (or `/photo/`; scheme and www optional, any case, query dropped). */
export function videoUrlField() {
  return platformUrlField(VIDEO_URL, "must be a video's URL, https://www.clips.com/@<handle>/video/<id> (the app's share link, opened, gives it)", (url, videoId) => ({ url, videoId }))
    .meta({ description: "The video's full URL: https://www.clips.com/@<handle>/video/<id>.", examples: ['https://www.clips.com/@waffles.pup/video/7709547295108311040'] });
}

/** A sound's URL, read for its id: `https://www.clips.com/music/<title>-<id>` (scheme and www optional, any case, query dropped). */
export function musicUrlField() {
  return platformUrlField(MUSIC_URL, "must be a sound's URL, https://www.clips.com/music/<title>-<id>", (url, musicId) => ({ url, musicId }))
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
  commentId: '7710036433164042241',
  musicId: '6388568234219536683',
  challengeName: 'puppy',
  challengeId: '1600002863659946018',
  keywords: 'pup',
} as const;

export const exampleVideoUrl = () => `https://www.clips.com/@${EXAMPLE.uniqueId}/video/${EXAMPLE.videoId}`;
export const exampleMusicUrl = () => `https://www.clips.com/music/original-sound-${EXAMPLE.musicId}`;

export const noUserId = (userId: string) => ({ field: 'user_id', message: `no account with the id ${userId} on the platform.` });
