import type { PhotosUser, SimilarAccount, UserAbout } from '../../../schemas/photos';
import { SeededRandom } from '../random';
import { circleOf, NOTABLE, userAt, type WorldUser } from './users';
import { MONTHS, THEMES } from './vocabulary';

export function userRecord(user: WorldUser): PhotosUser {
  return {
    id: user.publicId,
    username: user.username,
    full_name: user.fullName,
    biography: user.biography,
    profile_pic_url: user.profilePicUrl,
    profile_pic_url_hd: user.profilePicUrl.replace(/\.jpg$/, '_hd.jpg'),
    follower_count: user.followers,
    following_count: user.following,
    media_count: user.mediaCount,
    is_verified: user.verified,
    is_private: user.private,
    is_business_account: user.business,
    category: user.business ? user.theme.category : null,
    external_url: user.externalUrl,
  };
}

export function aboutRecord(user: WorldUser): UserAbout {
  const joined = new Date(user.joined * 1000);
  const random = new SeededRandom(`photos-about:${user.index}`);
  return {
    username: user.username,
    full_name: user.fullName,
    biography: user.biography,
    date_joined: `${MONTHS[joined.getUTCMonth()]} ${joined.getUTCFullYear()}`,
    account_type: user.notable ? user.theme.accountType : user.business ? 'business' : 'personal',
    category: user.business ? user.theme.category : null,
    country: user.country,
    former_usernames: user.formerUsernames,
    ads_count: user.business && random.chance(0.4) ? random.integer(1, 30) : 0,
  };
}

/** Ten accounts like this one: notable accounts of the same theme, or for regular people ten of their circle. */
export function similarOf(user: WorldUser): SimilarAccount[] {
  const theme = THEMES.indexOf(user.theme);
  const candidates = user.notable
    ? Array.from({ length: NOTABLE / THEMES.length }, (_, turn) => turn * THEMES.length + theme + 1).filter((index) => index !== user.index)
    : circleOf(user.index);
  return new SeededRandom(`photos-similar:${user.index}`)
    .shuffle(candidates)
    .slice(0, 10)
    .map(userAt)
    .map((other) => ({ username: other.username, full_name: other.fullName, profile_pic_url: other.profilePicUrl, is_verified: other.verified, follower_count: other.followers }));
}
