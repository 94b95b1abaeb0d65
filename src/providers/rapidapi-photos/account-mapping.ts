import type { Comment, PhotosUser, SearchResults, SimilarAccount, UserAbout, UserSummary } from '../../schemas/photos';
import { whole } from './media-mapping';
import type { VendorAccount, VendorComment, VendorProfile } from './wire';

/**
 * The vendor's accounts, profiles and comments in our records, field by field. Missing texts are
 * empty (null where the record allows), flags false, counts 0.
 */

const idOf = (account: { id?: string | number | null; pk?: string | number | null } | null | undefined): string => String(account?.id ?? account?.pk ?? '');
const orNull = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value : null);

/** The platform's account types: 2 business, 3 creator; anything else is a personal account. */
function accountType(profile: VendorProfile): UserAbout['account_type'] {
  if (profile.account_type === 2) return 'business';
  if (profile.account_type === 3) return 'creator';
  return 'personal';
}

export function userOf(profile: VendorProfile): PhotosUser {
  const type = accountType(profile);
  return {
    id: idOf(profile),
    username: profile.username ?? '',
    full_name: profile.full_name ?? '',
    biography: profile.biography ?? '',
    profile_pic_url: profile.profile_pic_url ?? '',
    profile_pic_url_hd: profile.profile_pic_url_hd ?? profile.hd_profile_pic_url_info?.url ?? profile.profile_pic_url ?? '',
    follower_count: whole(profile.follower_count),
    following_count: whole(profile.following_count),
    media_count: whole(profile.media_count),
    is_verified: profile.is_verified === true,
    is_private: profile.is_private === true,
    is_business_account: profile.is_business === true || type !== 'personal',
    category: orNull(profile.category) ?? orNull(profile.category_name),
    external_url: orNull(profile.external_url),
  };
}

/** "March 2016", as the platform's "About this account" shows the month an account was created. */
function monthOf(unixSeconds: number): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(unixSeconds * 1000));
}

/**
 * The "About this account" page. The vendor gives how many usernames an account had before, not
 * which: `former_usernames` is empty unless it sends the names. It says nothing of ads: 0.
 */
export function aboutOf(profile: VendorProfile): UserAbout {
  const about = profile.about;
  const joined = orNull(about?.date_joined) ?? (typeof about?.date_joined_as_timestamp === 'number' ? monthOf(about.date_joined_as_timestamp) : null);
  return {
    username: profile.username ?? '',
    full_name: profile.full_name ?? '',
    biography: profile.biography ?? '',
    date_joined: joined,
    account_type: accountType(profile),
    category: orNull(profile.category) ?? orNull(profile.category_name),
    country: orNull(about?.country),
    former_usernames: Array.isArray(about?.former_usernames) ? about.former_usernames : [],
    ads_count: 0,
  };
}

export function summaryOf(account: VendorAccount): UserSummary {
  return {
    id: idOf(account),
    username: account.username ?? '',
    full_name: account.full_name ?? '',
    profile_pic_url: account.profile_pic_url ?? '',
    is_verified: account.is_verified === true,
    is_private: account.is_private === true,
  };
}

/** A suggested account; the vendor's suggestions rarely carry a follower count (0 then). */
export function similarOf(account: VendorAccount): SimilarAccount {
  return {
    username: account.username ?? '',
    full_name: account.full_name ?? '',
    profile_pic_url: account.profile_pic_url ?? '',
    is_verified: account.is_verified === true,
    follower_count: whole(account.follower_count),
  };
}

export function searchUserOf(account: VendorAccount): SearchResults['users'][number] {
  const { username, full_name, profile_pic_url, is_verified, is_private } = summaryOf(account);
  return { username, full_name, profile_pic_url, is_verified, follower_count: whole(account.follower_count), is_private };
}

export function commentOf(comment: VendorComment): Comment {
  return {
    id: idOf(comment),
    text: comment.text ?? '',
    created_at: whole(comment.created_at ?? comment.created_at_utc),
    like_count: whole(comment.like_count ?? comment.comment_like_count),
    reply_count: whole(comment.child_comment_count),
    owner: {
      username: comment.user?.username ?? '',
      profile_pic_url: comment.user?.profile_pic_url ?? '',
      is_verified: comment.user?.is_verified === true,
    },
  };
}
