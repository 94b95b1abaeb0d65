import { SeededRandom } from '../random';
import { GENERAL_HASHTAGS, HASHTAGS } from './vocabulary';

/**
 * A hashtag's media_count: the platform-wide figure, fixed per tag. It sets how often the tag is
 * posted (./users.ts's hashtag streams), and a broader tag counts at least as many posts as a
 * narrower one written with it.
 */

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
