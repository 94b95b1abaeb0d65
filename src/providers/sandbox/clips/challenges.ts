import type { ClipsChallenge, ClipsChallengeSummary } from '../../../schemas/clips';
import { remembering } from '../memo';
import { SeededRandom } from '../random';
import { MEDIA_HOST } from './creators';
import { seedOf, worldIndex } from './videos';
import { CHALLENGES, SPONSORS } from './vocabulary';

/** Challenges: the vocabulary's hashtags, carried by notable videos only, so worldIndex knows every video of each. */

const idOf = (position: number) => String(1_600_000_000_000_000_000n + BigInt(seedOf(7, position)) * 1_000n + BigInt(position));
const BY_ID = new Map(CHALLENGES.map((_, position) => [idOf(position), position]));

export const challengeAt = remembering(CHALLENGES.length, (position: number): ClipsChallenge => {
  const random = new SeededRandom(`clips-challenge:${position}`);
  const name = CHALLENGES[position]!;
  const commercial = random.chance(0.1);
  const id = idOf(position);
  const plain = [`Show us your best #${name} moment.`, `Everything #${name}, all in one place.`, ''];
  return {
    challenge_id: id,
    challenge_name: name,
    description: commercial ? `Presented by ${random.pick(SPONSORS)}: join the #${name} challenge.` : random.pick(plain),
    video_count: worldIndex().byChallenge[position]!.length,
    view_count: worldIndex().challengePlays[position]!,
    cover: `${MEDIA_HOST}/challenges/${id}.jpeg`,
    is_commercial: commercial,
  };
});

/** The challenge's position in the vocabulary, by its name (any case, with or without #) or id; null for none. */
export function challengePosition(request: { name: string } | { id: string }): number | null {
  const position = 'name' in request ? CHALLENGES.indexOf(request.name.toLowerCase().replace(/^#/, '')) : (BY_ID.get(request.id) ?? -1);
  return position < 0 ? null : position;
}

export function challengeSummary(position: number): ClipsChallengeSummary {
  const { is_commercial: _, ...summary } = challengeAt(position);
  return summary;
}
