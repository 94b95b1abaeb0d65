import { remembering } from '../memo';
import { audienceMember, creatorAt, NOTABLE, POPULATION, hasFollowers, REGULAR_FOLLOWERS_MAX, type Creator } from './creators';
import { modularInverse } from '../modular';

/**
 * Who follows whom: one relation, read both ways, so A is in B's followers exactly when B is in
 * A's following. A follows B when
 * - B is notable: A holds one of B's first `followers` positions of B's audience (../audience.ts);
 * - B is regular: A stands at most B's follower count behind B on the follow circle, a fixed
 *   permutation of the population (so an account's followers do not look like neighbours).
 * B's followers are read off directly. A's following is found by asking each notable creator where
 * A stands in its audience, and by looking at the REGULAR_FOLLOWERS_MAX accounts ahead of A on the
 * circle (no regular account reaches further back): about 50,000 cheap counts, once per account.
 * Nobody follows themselves: the audience puts its owner last, past every count, and the circle
 * starts one step behind.
 */

/** Coprime with POPULATION (2⁹·3·5⁶), so the circle is a permutation of it. */
const CIRCLE_STRIDE = 9_999_991;
const CIRCLE_INVERSE = modularInverse(CIRCLE_STRIDE, POPULATION);

/** The account's place on the follow circle, 0..POPULATION−1. */
const placeOf = (index: number): number => ((index - 1) * CIRCLE_STRIDE) % POPULATION;
/** The account at a place of the circle. */
const atPlace = (place: number): number => ((((place % POPULATION) + POPULATION) % POPULATION) * CIRCLE_INVERSE) % POPULATION + 1;

/** Follower `position` of a creator (0 = the first listed). */
export function followerOf(creator: Creator, position: number): number {
  return creator.notable ? audienceMember(creator.followerStride, creator.index, position) : atPlace(placeOf(creator.index) - 1 - position);
}

/** Inverse strides of the notable creators' audiences, by index. */
const notableInverses = new Map<number, number>();
/** Where account `index` stands in a notable creator's audience: it follows the creator when that is below its follower count. */
export function followerPosition(notable: Creator, index: number): number {
  let inverse = notableInverses.get(notable.index);
  if (inverse === undefined) notableInverses.set(notable.index, (inverse = modularInverse(notable.followerStride, POPULATION)));
  // audienceMember is (stride · position + shift) mod size + 1; undo it.
  const shift = (notable.index - 1 + notable.followerStride) % POPULATION;
  return ((((index - 1 - shift) % POPULATION) + POPULATION) % POPULATION) * inverse % POPULATION;
}

/** The indexes of the accounts `index` follows: notable creators first (by index), then regular accounts nearest first on the circle. */
export const followingOf = remembering(1_024, (index: number): Int32Array => {
  const followed: number[] = [];
  for (let notable = 1; notable <= NOTABLE; notable += 1) {
    const creator = creatorAt(notable);
    if (followerPosition(creator, index) < creator.followers) followed.push(notable);
  }
  // One step ahead on the circle is CIRCLE_INVERSE further in the population.
  for (let distance = 1, ahead = atPlace(placeOf(index) + 1); distance <= REGULAR_FOLLOWERS_MAX; distance += 1) {
    if (ahead > NOTABLE && hasFollowers(ahead, distance)) followed.push(ahead);
    ahead += CIRCLE_INVERSE;
    if (ahead > POPULATION) ahead -= POPULATION;
  }
  return Int32Array.from(followed);
});
