import type { Hashtag, SearchResults } from '../../../schemas/photos';
import { remembering } from '../memo';
import { listedPostRecord, recentPostRecord } from './post-records';
import { postFrame, postModel, postOf } from './posts';
import { NOTABLE, notableUsers, STREAM_LENGTH, streamerOf, userAt, userNamed } from './users';
import { allVenues } from './venues';
import { GENERAL_HASHTAGS, HASHTAGS, PLACES, THEMES } from './vocabulary';
import { hashtagMediaCount } from './hashtag-counts';

/**
 * Hashtags and search. A hashtag's posts are its stream (./users.ts: the tag's newest posts,
 * as close together as its media_count implies) and those found among the newest posts of twenty
 * notable accounts that use it (its theme's accounts, or for a general tag two of every theme),
 * so each listed post carries the tag when fetched; its media_count is the platform-wide figure
 * (./hashtag-counts.ts).
 */

const SCANNED_POSTS = 40;

function taggingAccounts(tag: string): number[] {
  const theme = THEMES.findIndex((candidate) => candidate.hashtags.includes(tag));
  const general = GENERAL_HASHTAGS.indexOf(tag);
  return Array.from({ length: NOTABLE }, (_, offset) => offset + 1).filter((index) =>
    theme >= 0 ? (index - 1) % THEMES.length === theme : Math.floor((index - 1) / THEMES.length) % GENERAL_HASHTAGS.length === general,
  );
}

const hashtagPage = remembering(HASHTAGS.length, (tag: string): Hashtag => {
  const carrying = taggingAccounts(tag)
    .map(userAt)
    .flatMap((user) => Array.from({ length: Math.min(SCANNED_POSTS, user.mediaCount) }, (_, index) => postFrame(user, index)))
    .filter((frame) => frame.hashtags.includes(tag))
    .map(postModel)
    .concat(Array.from({ length: STREAM_LENGTH }, (_, slot) => postOf(userAt(streamerOf(tag, slot)), 0)));
  return {
    name: tag,
    media_count: hashtagMediaCount(tag),
    top_posts: [...carrying].sort((a, b) => b.likes - a.likes || b.takenAt - a.takenAt).slice(0, 9).map(listedPostRecord),
    recent_posts: [...carrying].sort((a, b) => b.takenAt - a.takenAt).slice(0, 12).map(recentPostRecord),
  };
});

/** The hashtag's page, or null for a tag outside the world's vocabulary. */
export const hashtagOf = (tag: string): Hashtag | null => (HASHTAGS.includes(tag) ? hashtagPage(tag) : null);

/** Lower-case without accents, so "reykjavik" finds Reykjavík. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Notable accounts (and a regular one named exactly), hashtags and places (the world's, then its accounts' venues) whose names contain the query. */
export function searchWorld(query: string): SearchResults {
  const needle = folded(query.trim()).replace(/^[#@]+/, '');
  if (needle === '') return { users: [], hashtags: [], places: [] };
  const exact = userNamed(needle);
  const notable = notableUsers()
    .filter((user) => user.index !== exact?.index && (user.username.includes(needle) || folded(user.fullName).includes(needle)))
    .sort((a, b) => b.followers - a.followers);
  return {
    users: [...(exact ? [exact] : []), ...notable].slice(0, 20).map((user) => ({
      username: user.username, full_name: user.fullName, profile_pic_url: user.profilePicUrl, is_verified: user.verified, follower_count: user.followers, is_private: user.private,
    })),
    hashtags: HASHTAGS.filter((tag) => tag.includes(needle))
      .map((name) => ({ name, media_count: hashtagMediaCount(name) }))
      .sort((a, b) => b.media_count - a.media_count),
    places: [
      ...PLACES.filter((place) => folded(place.name).includes(needle)),
      ...allVenues()
        .filter(({ place }) => folded(place.name).includes(needle))
        .sort((a, b) => b.followers - a.followers)
        .map(({ place }) => place),
    ].map((place) => ({ title: place.name, location: { lat: place.lat, lng: place.lng } })),
  };
}
