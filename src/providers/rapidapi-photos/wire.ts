import { z } from 'zod';

/**
 * The photo-platform data API's JSON answers, as far as this adapter reads them: loose objects
 * (the vendor passes the platform's own media and user objects through, with dozens of fields we
 * ignore), every field optional or nullable. What public sources show (read 2026-11-25; ./index.ts
 * names the vendor and the sources):
 *
 * - Every answer is `{data, pagination_token?}`. Lists put their rows in `data.items` (with
 *   `data.count`); `pagination_token` continues a list and is null on its last page (the vendor's
 *   own pagination tutorial). `/v1/posts` adds `data.user`; `/v1/comments` and `/v1/hashtag` add
 *   `data.additional_data` (the post, the hashtag).
 * - Media items are the platform's: `id` (the numeric media id, as a string), `code` (the
 *   shortcode), `media_type` (1 photo, 2 video, 8 carousel), `product_type` (`feed`, `clips`,
 *   `igtv`, `carousel_container`), `taken_at` (Unix seconds), `caption` (`{text, created_at}` or
 *   null), `like_count`, `comment_count`, `play_count`, `is_video`, `video_url`, `video_duration`
 *   (seconds), `thumbnail_url`, `image_versions.items[].url` (the vendor's flattening of the
 *   platform's `image_versions2.candidates`), `user`/`owner`, `location` `{name, lat, lng, …}`,
 *   `tagged_users` (a list of `{user: {username, full_name}}`; some answers keep the platform's
 *   `{in: […]}`). Profiles (`/v1/info`): `id`, `username`, `full_name`, `biography`,
 *   `profile_pic_url(_hd)`, `follower_count`, `following_count`, `media_count`, `is_verified`,
 *   `is_private`, `is_business`, `account_type`, `category`, `external_url`, and with
 *   `include_about=true` an `about` `{country, date_joined, date_joined_as_timestamp,
 *   former_usernames}` where `former_usernames` is a count, not the names.
 * - Comments: `{id, text, created_at, like_count, child_comment_count, user}`. Highlights:
 *   `{id: "highlight:<digits>", title, cover_media: {cropped_image_version: {url}}}`; their items
 *   come from `/v1/highlight_info?highlight_id=<digits>` as story items.
 * - Assumed (not seen in a public answer): search answers' rows (`/v1/search_users`,
 *   `/v1/search_hashtags` `{name, media_count}`, `/v1/search_locations`), the hashtag's
 *   `additional_data` `{name, media_count}`, the comments' `additional_data.comment_count`, story
 *   items' `expiring_at`, and highlights' `media_count`; each is read leniently and its absence
 *   mapped as ./index.ts says.
 */

/** The platform's ids: strings in the vendor's answers; a number is read too (and may have lost digits). */
const rawId = z.union([z.string(), z.number()]).nullish();
const text = z.string().nullish();
const count = z.number().nullish();
const flag = z.boolean().nullish();
const url = z.looseObject({ url: text });

const ImageVersions = z.looseObject({ items: z.array(url).nullish() }).nullish();
const ImageVersions2 = z.looseObject({ candidates: z.array(url).nullish() }).nullish();

export const VendorAccount = z.looseObject({
  id: rawId,
  pk: rawId,
  username: text,
  full_name: text,
  profile_pic_url: text,
  is_verified: flag,
  is_private: flag,
  follower_count: count,
});
export type VendorAccount = z.infer<typeof VendorAccount>;

const Tag = z.looseObject({ user: z.looseObject({ username: text, full_name: text }).nullish() });
const TagList = z.union([z.array(Tag), z.looseObject({ in: z.array(Tag).nullish() })]).nullish();

/** A media item's fields that carousel children share (and that a story or highlight item has). */
const mediaFields = {
  id: rawId,
  pk: rawId,
  code: text,
  media_type: count,
  taken_at: count,
  taken_at_ts: count,
  expiring_at: count,
  is_video: flag,
  display_url: text,
  thumbnail_url: text,
  image_versions: ImageVersions,
  image_versions2: ImageVersions2,
  video_url: text,
  video_versions: z.array(url).nullish(),
  video_duration: count,
};

const CarouselChild = z.looseObject(mediaFields);

export const VendorMedia = z.looseObject({
  ...mediaFields,
  product_type: text,
  caption: z.union([z.string(), z.looseObject({ text, created_at: count })]).nullish(),
  like_count: count,
  comment_count: count,
  play_count: count,
  ig_play_count: count,
  view_count: count,
  video_view_count: count,
  accessibility_caption: text,
  user: VendorAccount.nullish(),
  owner: VendorAccount.nullish(),
  location: z.looseObject({ name: text, lat: count, lng: count }).nullish(),
  lat: count,
  lng: count,
  tagged_users: TagList,
  usertags: TagList,
  carousel_media: z.array(CarouselChild).nullish(),
});
export type VendorMedia = z.infer<typeof VendorMedia>;
export type VendorMediaFields = z.infer<typeof CarouselChild>;

/** `{data: {items, …extra}, pagination_token}`; `data` null: the vendor has nothing on what was asked. */
function listAnswer<Item extends z.ZodType, Extra extends z.ZodRawShape>(item: Item, extra: Extra) {
  return z.looseObject({
    data: z.looseObject({ items: z.array(item).nullish(), count, ...extra }).nullable(),
    pagination_token: text,
  });
}

export const ProfileAnswer = z.looseObject({
  data: VendorAccount.extend({
    biography: text,
    profile_pic_url_hd: text,
    hd_profile_pic_url_info: url.nullish(),
    following_count: count,
    media_count: count,
    is_business: flag,
    is_professional_account: flag,
    account_type: count,
    category: text,
    category_name: text,
    external_url: text,
    about: z
      .looseObject({
        country: text,
        date_joined: text,
        date_joined_as_timestamp: count,
        former_usernames: z.union([z.number(), z.array(z.string())]).nullish(),
      })
      .nullish(),
  }).nullable(),
});
export type VendorProfile = NonNullable<z.infer<typeof ProfileAnswer>['data']>;

/** Reels may come wrapped as the platform's clips feed has them (`{media: {…}}`). */
const ReelRow = z.union([z.looseObject({ media: VendorMedia }).transform((row) => row.media), VendorMedia]);

export const MediaListAnswer = listAnswer(VendorMedia, {});
export const ReelsAnswer = listAnswer(ReelRow, {});
export const AccountsAnswer = listAnswer(VendorAccount, {});
export const PostAnswer = z.looseObject({ data: VendorMedia.nullable() });

export const VendorComment = z.looseObject({
  id: rawId,
  pk: rawId,
  text,
  created_at: count,
  created_at_utc: count,
  like_count: count,
  comment_like_count: count,
  child_comment_count: count,
  user: VendorAccount.nullish(),
});
export type VendorComment = z.infer<typeof VendorComment>;
export const CommentsAnswer = listAnswer(VendorComment, {
  total: count,
  additional_data: z.looseObject({ comment_count: count }).nullish(),
});

export const VendorHighlight = z.looseObject({
  id: rawId,
  title: text,
  media_count: count,
  cover_media: z.looseObject({ cropped_image_version: url.nullish(), full_image_version: url.nullish() }).nullish(),
});
export type VendorHighlight = z.infer<typeof VendorHighlight>;
export const HighlightsAnswer = listAnswer(VendorHighlight, {});
export const StoryItemsAnswer = listAnswer(CarouselChild, {});

export const HashtagAnswer = listAnswer(VendorMedia, { additional_data: z.looseObject({ name: text, media_count: count }).nullish() });
export const HashtagSearchAnswer = listAnswer(z.looseObject({ name: text, media_count: count }), {});

const coordinates = { lat: count, lng: count };
export const PlaceSearchAnswer = listAnswer(
  z.looseObject({ title: text, name: text, ...coordinates, location: z.looseObject({ name: text, ...coordinates }).nullish() }),
  {},
);

/** An error envelope: the vendor's own (`detail`) or RapidAPI's gateway (`message`). */
export const VendorError = z.looseObject({ detail: z.unknown().optional(), message: z.unknown().optional() });
