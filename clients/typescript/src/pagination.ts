import type { Operations } from './generated/operations';
import type { ApiResponse, CallOptions } from './runtime';

/**
 * How one list's pages link, as the API documents it: the request field the next call sends, and
 * where the answer's `data` says what to send there. A continuation that is absent, null or empty
 * ends the list. Paths are dotted (`data.has_next_page`: the retail answers' own wrapper).
 */
export type PageLink<Field extends string = string> =
  /** `request` takes the answer's `response`; with `more`, only while that flag is true. */
  | { request: Field; response: string; more?: string }
  /** `page` numbers: the next while the answer's `more` flag is true. */
  | { request: Field & 'page'; more: string }
  /** `page` numbers: the next while fewer than `total` items sit on this page and those before it, `pageSize` (a number, or the request field that sets it, with its default) a page. */
  | { request: Field & 'page'; total: string; pageSize: number | { field: string; fallback: number } };

type RequestField<Name extends keyof Operations> = keyof NonNullable<Parameters<Operations[Name]>[0]> & string;

const cursor = { request: 'cursor', response: 'cursor', more: 'has_more' } as const;
const endCursor = { request: 'end_cursor', response: 'end_cursor', more: 'has_next_page' } as const;
const continuation = { request: 'token', response: 'continuation' } as const;

/**
 * Every list the helper pages through, by operation. Each entry's request field is checked against
 * the operation's type; test/unit/ts-client-pagination.test.ts checks the response fields against
 * the OpenAPI document, and that no paged operation is missing. Not here: the retail lists whose
 * answers do not say whether a next page exists (best-sellers, deals, product-offers,
 * product-reviews); page those with `page` yourself.
 */
export const PAGINATION = {
  accountLedger: { request: 'before', response: 'nextBefore' },
  seoAiLlmMentions: { request: 'search_after_token', response: 'searchAfterToken' },
  serpWebsearchMaps: { request: 'nextPageToken', response: 'nextPageToken' },
  mapsSearch: { request: 'nextPageToken', response: 'nextPageToken' },
  emailDomainSearch: { request: 'page', total: 'total', pageSize: { field: 'limit', fallback: 10 } },
  retailSearch: { request: 'page', total: 'data.total_products', pageSize: 16 },
  retailProductsByCategory: { request: 'page', total: 'data.total_products', pageSize: 48 },
  retailSellerReviews: { request: 'page', more: 'data.has_next_page' },
  photosPostComments: endCursor,
  photosPostLikers: endCursor,
  photosUserFollowers: endCursor,
  photosUserPosts: endCursor,
  photosUserReels: endCursor,
  photosUserTagged: endCursor,
  clipsChallengeVideos: cursor,
  clipsCommentReplies: cursor,
  clipsComments: cursor,
  clipsMusicVideos: cursor,
  clipsSearch: cursor,
  clipsSearchChallenge: cursor,
  clipsSearchPhoto: cursor,
  clipsSearchUser: cursor,
  clipsUserFavorites: cursor,
  clipsUserFollowers: cursor,
  clipsUserFollowing: cursor,
  clipsUserPosts: cursor,
  clipsUserReposts: cursor,
  videoChannelCommunity: continuation,
  videoChannelLivestreams: continuation,
  videoChannelPlaylists: continuation,
  videoChannelSearch: continuation,
  videoChannelShorts: continuation,
  videoChannelVideos: continuation,
  videoComments: continuation,
  videoHashtag: continuation,
  videoHome: continuation,
  videoHype: continuation,
  videoPlaylist: continuation,
  videoPostComments: continuation,
  videoRelated: continuation,
  videoSearch: continuation,
  videoShorts: { request: 'params', response: 'continuation' },
} as const satisfies { [Name in keyof Operations]?: PageLink<RequestField<Name>> };

export type PagedOperation = keyof typeof PAGINATION;

/** What each page's call is sent with: no Idempotency-Key of yours, since each page is a call of its own (each gets its own key). */
export type PageOptions = Omit<CallOptions, 'idempotencyKey'>;

type Input<Name extends PagedOperation> = Parameters<Operations[Name]>[0];
type PageData<Name extends PagedOperation> = Awaited<ReturnType<Operations[Name]>>['data'];

/** Each paged operation as an async iterator of its pages' data, from the page its arguments ask for to the last. */
export type Pages = {
  [Name in PagedOperation]: undefined extends Input<Name>
    ? (input?: Input<Name>, options?: PageOptions) => AsyncGenerator<PageData<Name>, void, undefined>
    : (input: Input<Name>, options?: PageOptions) => AsyncGenerator<PageData<Name>, void, undefined>;
};

type PageCall = (input: Record<string, unknown>, options?: CallOptions) => Promise<ApiResponse<unknown>>;

/**
 * Calls `operation` with `input`, then with each next page's continuation, yielding each page's
 * data; every call gets `options` (its signal too) and is charged as a call of its own. Leaving
 * the loop early sends no further call.
 */
export async function* pages(link: PageLink, operation: PageCall, input: Record<string, unknown> = {}, options: PageOptions = {}): AsyncGenerator<unknown, void, undefined> {
  let request = input;
  for (;;) {
    const { data } = await operation(request, options);
    yield data;
    const next = nextValue(link, data, request);
    // A continuation that does not move is a list that would never end.
    if (next === undefined || next === request[link.request]) return;
    request = { ...request, [link.request]: next };
  }
}

function nextValue(link: PageLink, data: unknown, request: Record<string, unknown>): unknown {
  if ('more' in link && link.more !== undefined && valueAt(data, link.more) !== true) return undefined;
  if ('response' in link) {
    const value = valueAt(data, link.response);
    return value === null || value === '' ? undefined : value;
  }
  const page = Number(request.page ?? 1);
  if ('total' in link) {
    const pageSize = typeof link.pageSize === 'number' ? link.pageSize : Number(request[link.pageSize.field] ?? link.pageSize.fallback);
    if (!(page * pageSize < Number(valueAt(data, link.total)))) return undefined;
  }
  return page + 1;
}

function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), data);
}
