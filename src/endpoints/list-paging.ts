import type { z } from 'zod';
import { ApiError, found } from '../core/errors';
import { encodePageToken, readPageToken, searchFingerprint, type PageTokenReading } from '../core/page-token';
import type { CursorPage } from '../providers/providers';

/**
 * Paging of the platforms' lists (the photo platform's `end_cursor`, the short-video platform's
 * `cursor`, the video platform's `token`): the continuation a client sees is our token around the provider's cursor, bound to
 * the endpoint and to whose list it is (an account, a post, a search's keywords), so one sent
 * with another list, or altered, is a 400 naming the field before anything is held or fetched.
 */
export interface ListPaging {
  /** The request and response field: `end_cursor`, `cursor` or `token`. */
  field: string;
  /** The endpoint's id. */
  scope: string;
  /**
   * What makes the list: the request fields it is bound to (an account, a post, keywords, a channel
   * and its order, a query and its filters), by name, with the values that tell one list from
   * another. The 400 for another list's continuation names these fields.
   */
  subjectOf(input: any): Record<string, unknown>;
}

/** The 400's sentence for a continuation of another list: what to send it with, by the fields this one is bound to. */
function mismatch(subject: Record<string, unknown>): string {
  const fields = Object.keys(subject);
  const same = fields.length <= 1 ? fields.join('') : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
  return `belongs to another list: send it to the endpoint that returned it${same === '' ? '' : `, with the same ${same}`}`;
}

/** The provider's cursor inside `token`, or why it does not continue the list `input` names (a sentence for the 400). */
function readContinuation(paging: ListPaging, input: Record<string, unknown>, token: string): PageTokenReading {
  const subject = paging.subjectOf(input);
  return readPageToken(token, paging.scope, searchFingerprint(subject), mismatch(subject));
}

/** The 400 for a continuation that does not continue this list, raised while the body is validated. */
export function continuationRule(paging: ListPaging) {
  return (input: Record<string, unknown>, context: z.RefinementCtx) => {
    const token = input[paging.field];
    // A continuation its own field's rules refused (empty, too long) is described by them alone.
    if (typeof token !== 'string' || context.issues.some((issue) => issue.path?.[0] === paging.field)) return;
    const reading = readContinuation(paging, input, token);
    if ('problem' in reading) context.addIssue({ code: 'custom', path: [paging.field], message: reading.problem });
  };
}

/**
 * A continuation of the list `input` names, around the provider's `cursor`: what a page's next
 * cursor becomes, and any other cursor an answer hands out for the same list (a comment's replies).
 */
export function continuationOf(paging: ListPaging, input: Record<string, unknown>, cursor: string): string {
  return encodePageToken(paging.scope, searchFingerprint(paging.subjectOf(input)), cursor);
}

/**
 * One page of a list: the provider's cursor comes out of the request's continuation, and its next
 * cursor goes back into one bound to the same list; `null` from the provider is the 404.
 */
export async function listPage<Item, Extra extends object = object>(
  paging: ListPaging,
  input: Record<string, unknown>,
  fetch: (cursor: string | undefined) => Promise<(CursorPage<Item> & Extra) | null>,
  notFound: { field: string; message: string },
): Promise<{ more: boolean; next: string | null; items: Item[]; extra: Omit<Extra, 'items' | 'nextCursor'> }> {
  const token = input[paging.field];
  let cursor: string | undefined;
  if (typeof token === 'string') {
    const reading = readContinuation(paging, input, token);
    if ('problem' in reading) throw new ApiError('VALIDATION_ERROR', `${paging.field}: ${reading.problem}`, { param: paging.field });
    cursor = reading.cursor;
  }
  const { items, nextCursor, ...extra } = found(await fetch(cursor), notFound.field, notFound.message);
  return {
    more: nextCursor !== null,
    next: nextCursor === null ? null : continuationOf(paging, input, nextCursor),
    items,
    extra: extra as Omit<Extra, 'items' | 'nextCursor'>,
  };
}
