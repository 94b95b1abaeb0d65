import type { Comment, GridPost, Hashtag, Highlight, ListedPost, PhotosUser, Post, Reel, SearchResults, SimilarAccount, Story, UserAbout, UserSummary } from '../../schemas/photos';
import type { CallOptions, CursorPage, PagedRequest, ProviderFamily } from '../providers';

export type { CursorPage } from '../providers';

/**
 * Photo-sharing platform data: a vendor's (a RapidAPI photo-platform data API) or the sandbox's
 * seeded world of users and posts. Usernames arrive validated and lower-cased, shortcodes
 * validated, hashtags without `#` and lower-cased. `null`: the platform has no such user, post or
 * hashtag (the endpoint answers 404 NOT_FOUND, uncharged).
 *
 * Lists are pages (`CursorPage`, ../providers.ts).
 */
export interface PhotosProvider extends ProviderFamily {
  user(request: { username: string }, call: CallOptions): Promise<PhotosUser | null>;
  userAbout(request: { username: string }, call: CallOptions): Promise<UserAbout | null>;
  userPosts(request: { username: string } & PagedRequest, call: CallOptions): Promise<CursorPage<GridPost> | null>;
  userReels(request: { username: string } & PagedRequest, call: CallOptions): Promise<CursorPage<Reel> | null>;
  userTagged(request: { username: string } & PagedRequest, call: CallOptions): Promise<CursorPage<ListedPost> | null>;
  userFollowers(request: { username: string } & PagedRequest, call: CallOptions): Promise<CursorPage<UserSummary> | null>;
  userSimilar(request: { username: string }, call: CallOptions): Promise<SimilarAccount[] | null>;
  userStories(request: { username: string }, call: CallOptions): Promise<Story[] | null>;
  userHighlights(request: { username: string }, call: CallOptions): Promise<Highlight[] | null>;
  post(request: { shortcode: string }, call: CallOptions): Promise<Post | null>;
  postComments(request: { shortcode: string } & PagedRequest, call: CallOptions): Promise<(CursorPage<Comment> & { comment_count: number }) | null>;
  postLikers(request: { shortcode: string } & PagedRequest, call: CallOptions): Promise<CursorPage<UserSummary> | null>;
  hashtag(request: { hashtag: string }, call: CallOptions): Promise<Hashtag | null>;
  search(request: { query: string }, call: CallOptions): Promise<SearchResults>;
}
