import { z } from 'zod';
import { CHANNEL_SORTS } from '../../providers/families/video';
import { isoCountryField } from '../../schemas/iso-country';

/** Request fields the video endpoints share, and the sentences their descriptions share. */

export const DATA_SOURCE =
  "From the video-platform data provider: the configured vendor, or without one the sandbox's synthetic platform " +
  '(deterministic, coherent across the video endpoints, labelled `x-tollgate-provider: sandbox`).';

export const FAILURES = 'A request that breaks a rule is a 400 naming the field; a provider that fails is a 502; neither is charged.';

export const NOT_FOUND = 'What the platform does not know is 404 NOT_FOUND, not charged.';

/** The platform's id shapes (what the endpoints accept; a URL goes to /v1/video/resolve first). */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
export const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
export const PLAYLIST_ID = /^(?:PL|UU|LL|FL|OL|RD)[A-Za-z0-9_-]{10,40}$/;
export const POST_ID = /^Ug[A-Za-z0-9_-]{10,40}$/;

/**
 * The documented examples' subjects: the sandbox world's (src/providers/sandbox/video), so an
 * example call answers its example (test/unit/sandbox-examples.test.ts runs each).
 */
export const EXAMPLE = {
  channelId: 'UCsK9JdQFOyYSka-eb2ny-ba',
  channelHandle: '@saffronkitchen',
  videoId: '5-Jptq8oT_N',
  shortId: '1jXIqVhyJId',
  playlistId: 'PLM5pRwZYLNMKaCMvKLEObJIaOeGfgF9lX',
  postId: 'UgkxrYdWULOPdm2aeai50QycfTEca6F57PVR',
  hashtag: 'recipe',
  query: 'cooking',
} as const;

const idField = (pattern: RegExp, what: string, rule: string, example: string) =>
  z
    .string()
    .trim()
    .regex(pattern, `must be ${what}: ${rule}`)
    .meta({ description: `${what[0]!.toUpperCase()}${what.slice(1)}.`, examples: [example] });

export const videoIdField = () =>
  idField(VIDEO_ID, "a video's id", 'the 11 letters, digits, - and _ after watch?v= (send a URL to /v1/video/resolve first)', EXAMPLE.videoId);
export const shortIdField = () => idField(VIDEO_ID, "a Short's id", 'the 11 letters, digits, - and _ after /shorts/', EXAMPLE.shortId);
export const channelIdField = () =>
  idField(CHANNEL_ID, "a channel's id", 'UC and 22 letters, digits, - and _ (a handle or URL: /v1/video/resolve gives the id)', EXAMPLE.channelId);
export const playlistIdField = () => idField(PLAYLIST_ID, "a playlist's id", 'the value of list= in its URL (PL…, UU…, OL…)', EXAMPLE.playlistId);
export const postIdField = () => idField(POST_ID, "a community post's id", 'Ug and 10 to 40 letters, digits, - and _, from /post/<id>', EXAMPLE.postId);

/** `geo`: the country the platform answers for, an assigned ISO 3166-1 alpha-2 code (any case; sent upper-case). */
export const geoField = () => isoCountryField('Country to answer for, ISO 3166-1 alpha-2, any case (US, GB, IN).').optional();

/** A subtag in BCP 47's own case: a region upper-case (BR), a script title-case (Hant), anything else lower-case (419, valencia). */
const subtagCase = (subtag: string) =>
  /^[A-Za-z]{2}$/.test(subtag) ? subtag.toUpperCase() : /^[A-Za-z]{4}$/.test(subtag) ? subtag[0]!.toUpperCase() + subtag.slice(1).toLowerCase() : subtag.toLowerCase();

/** A BCP 47 language code, any case, answered in the form platforms write it: EN → en, pt-br → pt-BR. */
export const languageCode = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/, 'must be a language code such as en or pt-BR')
    .transform((code) => code.split('-').map((subtag, position) => (position === 0 ? subtag.toLowerCase() : subtagCase(subtag))).join('-'));

/** `lang`: the language of the platform's texts. */
export const langField = () =>
  languageCode().optional().meta({ description: "Language of the platform's texts (dates, counts), BCP 47, any case: en, de, pt-BR.", examples: ['en'] });

export const locale = () => ({ geo: geoField(), lang: langField() });

export const tokenField = () =>
  z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .meta({ description: 'The `continuation` of the previous page (sent with the same subject) for the next page; without it, the first page.' });

export const channelSortField = () => z.enum(CHANNEL_SORTS).meta({ description: 'Order: newest, popular (most viewed) or oldest.' });

export const noVideo = (field: string, id: string) => ({ field, message: `no video ${id} on the platform.` });
export const noChannel = (id: string) => ({ field: 'id', message: `no channel ${id} on the platform.` });
