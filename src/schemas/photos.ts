import { z } from 'zod';

/**
 * The photo-sharing platform's records (SPEC.md "Photo-sharing records"; ENDPOINT-CATALOG.md
 * "photos"), snake_case as the spec has them. Ids are the platform's numeric ids as strings
 * (they exceed 2^53); times are Unix seconds.
 */

const text = (description: string, example?: string) => z.string().meta({ description, ...(example === undefined ? {} : { examples: [example] }) });
const maybeText = (description: string, example?: string) =>
  z.string().nullable().meta({ description: `${description}; null when there is none.`, ...(example === undefined ? {} : { examples: [example] }) });
const count = (description: string) => z.number().int().nonnegative().meta({ description });
const flag = (description: string) => z.boolean().meta({ description });
const unixSeconds = (description: string) => z.number().int().nonnegative().meta({ description: `${description}, Unix seconds.` });

export const POST_TYPES = ['GraphImage', 'GraphVideo', 'GraphSidecar'] as const;
const postType = z.enum(POST_TYPES).meta({ description: 'GraphImage (a photo), GraphVideo (a video) or GraphSidecar (a carousel).' });

export const PhotosUser = z
  .object({
    id: text('The user\'s numeric id.', '5821462185'),
    username: text('Username.', 'northern.trails'),
    full_name: text('Display name (may be empty).'),
    biography: text('Bio (may be empty).'),
    profile_pic_url: text('Profile picture URL.'),
    profile_pic_url_hd: text('Profile picture URL, full size.'),
    follower_count: count('Followers.'),
    following_count: count('Accounts followed.'),
    media_count: count('Posts (what /v1/photos/user-posts walks).'),
    is_verified: flag('Verified badge.'),
    is_private: flag('A private account: its posts, followers and stories are not public.'),
    is_business_account: flag('A business or creator account.'),
    category: maybeText('Business category', 'Travel Company'),
    external_url: maybeText('Link in bio'),
  })
  .meta({ id: 'PhotosUser' });
export type PhotosUser = z.infer<typeof PhotosUser>;

/** An account as lists show it (followers, likers): its profile's fields, the same values. */
export const UserSummary = PhotosUser.pick({ id: true, username: true, full_name: true, profile_pic_url: true, is_verified: true, is_private: true }).meta({ id: 'PhotosUserSummary' });
export type UserSummary = z.infer<typeof UserSummary>;

export const Location = z
  .object({ name: text('Place name.'), lat: z.number().min(-90).max(90).meta({ description: 'Latitude.' }), lng: z.number().min(-180).max(180).meta({ description: 'Longitude.' }) })
  .meta({ id: 'PhotosLocation' });

export const Post = z
  .object({
    id: text('The media id (what /v1/photos/media-id computes from the shortcode).', '3491528318201744123'),
    shortcode: text('The code in the post\'s URL.', 'DCz3xLbNdH7'),
    type: postType,
    caption: text('Caption (may be empty).'),
    like_count: count('Likes.'),
    comment_count: count('Comments.'),
    taken_at: unixSeconds('Posted at'),
    display_url: text('Image (or video cover) URL.'),
    is_video: flag('A video.'),
    video_url: z.string().nullable().meta({ description: 'Video URL; null for images and carousels.' }),
    video_view_count: z.number().int().nonnegative().nullable().meta({ description: 'Video views; null for images and carousels.' }),
    video_duration: z.number().nonnegative().nullable().meta({ description: 'Video length in seconds; null for images and carousels.' }),
    owner: z
      .object({ id: text('Numeric id.'), username: text('Username.'), full_name: text('Display name.'), profile_pic_url: text('Profile picture URL.'), is_verified: flag('Verified badge.') })
      .meta({ description: 'Who posted it.' }),
    location: Location.nullable().meta({ description: 'Where it was tagged; null when not.' }),
    tagged_users: z.array(z.object({ username: text('Username.'), full_name: text('Display name.') })).meta({ description: 'Accounts tagged in it.' }),
  })
  .meta({ id: 'PhotosPost' });
export type Post = z.infer<typeof Post>;

/** What every list's post record shares with the post itself (the same values). */
const postBasics = Post.pick({ id: true, shortcode: true, type: true, caption: true, like_count: true, comment_count: true, taken_at: true, display_url: true, is_video: true });

/** A post as a user's grid shows it (user-posts). */
export const GridPost = postBasics
  .extend({
    thumbnail_url: text('Square thumbnail URL.'),
    video_view_count: Post.shape.video_view_count,
    accessibility_caption: maybeText('Generated image description'),
  })
  .meta({ id: 'PhotosGridPost' });
export type GridPost = z.infer<typeof GridPost>;

/** A post as others' lists show it (a hashtag's top posts, a user's tagged posts). */
export const ListedPost = postBasics
  .extend({ owner: z.object({ username: text('Username.'), profile_pic_url: text('Profile picture URL.') }).meta({ description: 'Who posted it.' }) })
  .meta({ id: 'PhotosListedPost' });
export type ListedPost = z.infer<typeof ListedPost>;

export const RecentPost = ListedPost.omit({ caption: true, owner: true }).meta({ id: 'PhotosRecentPost' });
export type RecentPost = z.infer<typeof RecentPost>;

export const Reel = Post.pick({ id: true, shortcode: true, caption: true, like_count: true, comment_count: true, taken_at: true, display_url: true })
  .extend({
    play_count: count('Plays.'),
    video_duration: z.number().nonnegative().meta({ description: 'Length in seconds.' }),
    video_url: text('Video URL.'),
  })
  .meta({ id: 'PhotosReel' });
export type Reel = z.infer<typeof Reel>;

export const Comment = z
  .object({
    id: text('Comment id.'),
    text: text('Text.'),
    created_at: unixSeconds('Written at'),
    like_count: count('Likes.'),
    reply_count: count('Replies.'),
    owner: z.object({ username: text('Username.'), profile_pic_url: text('Profile picture URL.'), is_verified: flag('Verified badge.') }).meta({ description: 'Who wrote it.' }),
  })
  .meta({ id: 'PhotosComment' });
export type Comment = z.infer<typeof Comment>;

export const Story = z
  .object({
    id: text('Story item id.'),
    taken_at: unixSeconds('Posted at'),
    expiring_at: unixSeconds('Disappears at (24 hours after posting)'),
    is_video: flag('A video.'),
    display_url: text('Image (or video cover) URL.'),
    video_url: z.string().nullable().meta({ description: 'Video URL; null for images.' }),
    video_duration: z.number().nonnegative().nullable().meta({ description: 'Length in seconds; null for images.' }),
  })
  .meta({ id: 'PhotosStory' });
export type Story = z.infer<typeof Story>;

export const HighlightItem = z
  .object({
    id: text('Item id.'),
    taken_at: unixSeconds('Posted at'),
    is_video: flag('A video.'),
    display_url: text('Image (or video cover) URL.'),
    video_url: z.string().nullable().meta({ description: 'Video URL; null for images.' }),
  })
  .meta({ id: 'PhotosHighlightItem' });

export const Highlight = z
  .object({
    id: text('Highlight id.'),
    title: text('Title.'),
    cover_media_url: text('Cover image URL.'),
    item_count: count('Items in it.'),
    items: z.array(HighlightItem),
  })
  .meta({ id: 'PhotosHighlight' });
export type Highlight = z.infer<typeof Highlight>;

export const UserAbout = z
  .object({
    username: text('Username.'),
    full_name: text('Display name.'),
    biography: text('Bio.'),
    date_joined: maybeText('Month and year the account was created, as the platform shows it', 'March 2016'),
    account_type: z.enum(['personal', 'business', 'creator']).meta({ description: 'What kind of account.' }),
    category: maybeText('Business category'),
    country: maybeText('Where the account is based (country name)', 'Canada'),
    former_usernames: z.array(z.string()).meta({ description: 'Usernames it had before.' }),
    ads_count: count('Ads it is running now.'),
  })
  .meta({ id: 'PhotosUserAbout' });
export type UserAbout = z.infer<typeof UserAbout>;

export const SimilarAccount = PhotosUser.pick({ username: true, full_name: true, profile_pic_url: true, is_verified: true, follower_count: true }).meta({ id: 'PhotosSimilarAccount' });
export type SimilarAccount = z.infer<typeof SimilarAccount>;

export const HashtagSummary = z.object({ name: text('The hashtag, without #.'), media_count: count('Posts carrying it.') }).meta({ id: 'PhotosHashtagSummary' });

export const SearchResults = z
  .object({
    users: z.array(PhotosUser.pick({ username: true, full_name: true, profile_pic_url: true, is_verified: true, follower_count: true, is_private: true })),
    hashtags: z.array(HashtagSummary),
    places: z.array(z.object({ title: text('Place name.'), location: z.object({ lat: z.number().meta({ description: 'Latitude.' }), lng: z.number().meta({ description: 'Longitude.' }) }) })),
  })
  .meta({ id: 'PhotosSearchResults' });
export type SearchResults = z.infer<typeof SearchResults>;

export const Hashtag = z
  .object({ name: text('The hashtag, without #.'), media_count: count('Posts carrying it (the same as search says).'), top_posts: z.array(ListedPost), recent_posts: z.array(RecentPost) })
  .meta({ id: 'PhotosHashtag' });
export type Hashtag = z.infer<typeof Hashtag>;

/** A page of a list: `end_cursor` continues it; the last page has `has_next_page` false and `end_cursor` null. */
export function cursorPage<Shape extends z.ZodRawShape>(shape: Shape, id: string) {
  return z
    .object({
      has_next_page: z.boolean().meta({ description: 'More follow: send `end_cursor` back for the next page.' }),
      end_cursor: z.string().nullable().meta({ description: 'The cursor of the next page; null on the last.' }),
      ...shape,
    })
    .meta({ id });
}
