import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * A paged endpoint's continuation (the place searches' `nextPageToken`, the photo lists'
 * `end_cursor`): our own token around the provider's cursor (the vendor's page token, or the
 * sandbox's offset). It binds the cursor to the endpoint and to a fingerprint of the list (the
 * search's query and parameters, a user's or a post's id), so a token replayed with another list
 * is a 400 naming the field before anything is fetched or held. Base64url JSON with an integrity check: it detects truncated or
 * edited tokens; it is not a secret (a forged cursor reaches the provider, which rejects it).
 */

const INTEGRITY_SALT = 'tollgate/maps-page-token/v1';
const MAX_TOKEN_LENGTH = 4096;

const TokenPayload = z.strictObject({
  v: z.literal(1),
  /** The endpoint id that issued it. */
  s: z.string(),
  /** Fingerprint of the search it continues. */
  f: z.string(),
  /** The provider's cursor. */
  c: z.string(),
  /** Integrity check over the rest. */
  h: z.string(),
});

function integrity(scope: string, fingerprint: string, cursor: string): string {
  return createHash('sha256').update(JSON.stringify([INTEGRITY_SALT, 1, scope, fingerprint, cursor])).digest('base64url').slice(0, 22);
}

/** Canonical JSON: object keys sorted, so the fingerprint does not depend on field order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Identifies one search: the same parameters (in any field order) give the same fingerprint. */
export function searchFingerprint(parameters: Record<string, unknown>): string {
  return createHash('sha256').update(canonical(parameters)).digest('base64url').slice(0, 22);
}

export function encodePageToken(scope: string, fingerprint: string, cursor: string): string {
  const payload = { v: 1, s: scope, f: fingerprint, c: cursor, h: integrity(scope, fingerprint, cursor) };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export type PageTokenReading = { cursor: string } | { problem: string };

/** The cursor inside `token`, or why it cannot continue this search (a sentence for the 400). */
export function readPageToken(
  token: string,
  scope: string,
  fingerprint: string,
  mismatch = 'belongs to a different search: send it with the same query and parameters (all but limit) as the request that returned it',
): PageTokenReading {
  const unreadable = { problem: 'is not a page token this API issued (it may be truncated or altered); send the one of a previous response unchanged' };
  if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return unreadable;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return unreadable;
  }
  const payload = TokenPayload.safeParse(decoded);
  if (!payload.success) return unreadable;
  const { s, f, c, h } = payload.data;
  if (h !== integrity(s, f, c)) return unreadable;
  if (s !== scope || f !== fingerprint) {
    return { problem: mismatch };
  }
  return { cursor: c };
}
