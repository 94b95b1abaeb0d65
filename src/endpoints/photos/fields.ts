import { z } from 'zod';
import { mediaIdOf, SHORTCODE_PATTERN } from '../../photos/shortcode';

/** Request fields the photos endpoints share, and the sentences their descriptions share. */

export const DATA_SOURCE =
  "From the photo-platform data provider: the configured vendor, or without one the sandbox's synthetic platform " +
  '(deterministic, coherent across the photos endpoints, labelled `x-tollgate-provider: sandbox`).';

export const FAILURES = 'A request that breaks a rule is a 400 naming the field; a provider that fails is a 502; neither is charged.';

export const EXAMPLE_USERNAME = 'northern.trails';

/**
 * A username: 1 to 30 letters, digits, periods and underscores, not starting or ending with a period nor holding two in a row; `@` and case are ignored.
 * The rule reads what the caller sends (a leading @, either case), so the OpenAPI document publishes it; the value is normalised after.
 */
export function usernameField() {
  return z
    .string()
    .trim()
    .regex(/^@?(?!\.)(?!.*\.\.)[A-Za-z0-9._]{1,30}(?<!\.)$/, 'must be a username: 1 to 30 letters, digits, periods and underscores (no leading, trailing or double period)')
    .transform((value) => value.replace(/^@/, '').toLowerCase())
    .meta({ description: 'The account\'s username (a leading @ and case are ignored).', examples: [EXAMPLE_USERNAME] });
}

/**
 * A post's shortcode, standing for a media id some post could have: one that stands for none (all
 * `A`s, the alphabet's zero; more than 64 bits) is a 400 on every endpoint that takes it, before
 * the platform is asked.
 */
export function shortcodeField() {
  return z
    .string()
    .trim()
    .regex(SHORTCODE_PATTERN, { error: "must be a post's shortcode: the 5 to 64 letters, digits, - and _ after /p/ (or /reel/) in its URL", abort: true })
    .superRefine((shortcode, context) => {
      const problem = mediaIdProblem(mediaIdOf(shortcode));
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .meta({
      description: "The post's shortcode: the part of its URL between /p/ (or /reel/) and the trailing slash. One that stands for no media id (all A's, or beyond 64 bits) is a 400.",
      examples: ['DfuxqG1rZs1'],
    });
}

function mediaIdProblem(mediaId: string | null): string | undefined {
  if (mediaId === null) return 'stands for a number beyond 64 bits, so no media id; check it was copied whole';
  // Media ids start at 1.
  if (mediaId === '0') return 'stands for media id 0, which no post has; check it was copied whole';
  return undefined;
}

/** A hashtag, with or without its #; case is ignored. Like the username, the rule reads what is sent, so it is published. */
export function hashtagField() {
  return z
    .string()
    .trim()
    .regex(/^#?[\p{L}\p{N}_]{1,100}$/u, 'must be a hashtag: letters, digits and underscores, with or without the #')
    .transform((value) => value.replace(/^#/, '').toLowerCase())
    .meta({ description: 'The hashtag, with or without the #; case is ignored.', examples: ['travel'] });
}

export const endCursorField = z
  .string()
  .min(1)
  .max(4096)
  .optional()
  .meta({ description: 'The end_cursor of the previous page (sent with the same username or shortcode) for the next page; without it, the first page.' });

export const noUser = (username: string) => ({ field: 'username', message: `no account '${username}' on the platform.` });
export const noPost = (shortcode: string) => ({ field: 'shortcode', message: `no post with the shortcode ${shortcode}.` });
