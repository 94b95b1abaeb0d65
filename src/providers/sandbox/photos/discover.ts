import type { Hashtag, SearchResults } from '../../../schemas/photos';
import { SeededRandom } from '../random';
import { remembering } from '../memo';
import { listedPostRecord, recentPostRecord } from './post-records';
import { postFrame, postModel } from './posts';
import { NOTABLE, notableUsers, userAt, userNamed } from './users';
import { allVenues } from './venues';
import { GENERAL_HASHTAGS, HASHTAGS, PLACES, THEMES } from './vocabulary';

/**
 * Hashtags and search. A hashtag's posts are found among the newest posts of twenty notable
 * accounts that use it (its theme's accounts, or for a general tag two of every theme), so each
 * listed post carries the tag when fetched; its media_count is the platform-wide figure, fixed
 * per tag, and a broader tag counts at least as many posts as a narrower one written with it.
 */

const SCANNED_POSTS = 40;

/** The world's other tags written inside this one ("coffee" in "specialtycoffee"): the broader words it narrows. */
const broaderThan = (tag: string): string[] => HASHTAGS.filter((other) => other !== tag && tag.includes(other));
/** Whether another tag is written with this one: a word as broad as the general tags. */
const isBroad = (tag: string): boolean => GENERAL_HASHTAGS.includes(tag) || HASHTAGS.some((other) => other !== tag && other.includes(tag));

/**
 * 50k to 40M, general tags and the words others are built on in the upper part; a narrower tag
 * ("specialtycoffee") is 2–25% of its broadest word's count ("coffee"), so never above it.
 */
export function hashtagMediaCount(tag: string): number {
  const random = new SeededRandom(`photos-hashtag:${tag}`);
  const broader = broaderThan(tag);
  if (broader.length > 0) return Math.round(Math.min(...broader.map(hashtagMediaCount)) * random.between(0.02, 0.25));
  return Math.round(50_000 * 800 ** (isBroad(tag) ? random.between(0.6, 1) : random.next()));
}

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
    .map(postModel);
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
