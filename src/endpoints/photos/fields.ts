import { z } from 'zod';
import { ApiError, found } from '../../core/errors';
import { encodePageToken, readPageToken, searchFingerprint } from '../../core/page-token';
import type { CursorPage } from '../../providers/families/photos';
import { SHORTCODE_PATTERN } from '../../photos/shortcode';

/** Request fields the photos endpoints share, the sentences their descriptions share, and their paging. */

export const DATA_SOURCE =
  "From the photo-platform data provider: the configured vendor, or without one the sandbox's synthetic platform " +
  '(deterministic, coherent across the photos endpoints, labelled `x-tollgate-provider: sandbox`).';

export const FAILURES = 'A request that breaks a rule is a 400 naming the field; a provider that fails is a 502; neither is charged.';

export const EXAMPLE_USERNAME = 'northern.trails';

/** A username: 1 to 30 letters, digits, periods and underscores, not starting or ending with a period nor holding two in a row; `@` and case are ignored. */
export function usernameField() {
  return z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, '').toLowerCase())
    .pipe(
      z
        .string()
        .regex(/^(?!\.)(?!.*\.\.)[a-z0-9._]{1,30}(?<!\.)$/, 'must be a username: 1 to 30 letters, digits, periods and underscores (no leading, trailing or double period)'),
    )
    .meta({ description: 'The account\'s username (a leading @ and case are ignored).', examples: [EXAMPLE_USERNAME] });
}

export function shortcodeField() {
  return z
    .string()
    .trim()
    .regex(SHORTCODE_PATTERN, "must be a post's shortcode: the 5 to 64 letters, digits, - and _ after /p/ (or /reel/) in its URL")
    .meta({ description: "The post's shortcode: the part of its URL between /p/ (or /reel/) and the trailing slash.", examples: ['G_j8jgAABAA'] });
}

export function hashtagField() {
  return z
    .string()
    .trim()
    .transform((value) => value.replace(/^#/, '').toLowerCase())
    .pipe(z.string().regex(/^[\p{L}\p{N}_]{1,100}$/u, 'must be a hashtag: letters, digits and underscores, with or without the #'))
    .meta({ description: 'The hashtag, with or without the #; case is ignored.', examples: ['travel'] });
}

export const endCursorField = z
  .string()
  .min(1)
  .max(4096)
  .optional()
  .meta({ description: 'The end_cursor of the previous page (sent with the same username or shortcode) for the next page; without it, the first page.' });

/** Whose list a page belongs to: the endpoint and the user or post. */
function fingerprintOf(subject: string): string {
  return searchFingerprint({ subject });
}

const MISMATCH = 'belongs to another list: send it with the same endpoint and username or shortcode as the request that returned it';

/** The 400 for an end_cursor that does not continue this list, raised while the body is validated (before anything is held). */
export function endCursorRule(scope: string, subjectOf: (input: any) => string) {
  return (input: { end_cursor?: string | undefined }, context: z.RefinementCtx) => {
    if (input.end_cursor === undefined) return;
    const reading = readPageToken(input.end_cursor, scope, fingerprintOf(subjectOf(input)), MISMATCH);
    if ('problem' in reading) context.addIssue({ code: 'custom', path: ['end_cursor'], message: reading.problem });
  };
}

/**
 * One page of a list: the provider's cursor comes out of our end_cursor, and its next cursor goes
 * back into one bound to the same endpoint and subject; `null` from the provider is the 404.
 */
export async function listPage<Item, Extra extends object = object>(
  scope: string,
  subject: string,
  endCursor: string | undefined,
  fetch: (cursor: string | undefined) => Promise<(CursorPage<Item> & Extra) | null>,
  notFound: { field: string; message: string },
): Promise<{ has_next_page: boolean; end_cursor: string | null; items: Item[]; extra: Omit<Extra, 'items' | 'nextCursor'> }> {
  let cursor: string | undefined;
  if (endCursor !== undefined) {
    const reading = readPageToken(endCursor, scope, fingerprintOf(subject), MISMATCH);
    if ('problem' in reading) throw new ApiError('VALIDATION_ERROR', `end_cursor: ${reading.problem}`);
    cursor = reading.cursor;
  }
  const page = found(await fetch(cursor), notFound.field, notFound.message);
  const { items, nextCursor, ...extra } = page;
  return {
    has_next_page: nextCursor !== null,
    end_cursor: nextCursor === null ? null : encodePageToken(scope, fingerprintOf(subject), nextCursor),
    items,
    extra: extra as Omit<Extra, 'items' | 'nextCursor'>,
  };
}

export const noUser = (username: string) => ({ field: 'username', message: `no account '${username}' on the platform.` });
export const noPost = (shortcode: string) => ({ field: 'shortcode', message: `no post with the shortcode ${shortcode}.` });
