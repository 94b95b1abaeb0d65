import { remembering } from '../memo';
import { creatorNamed, notableCreators, type Creator } from './creators';
import { SEARCH_WINDOW, worldIndex, type VideoFrame } from './videos';
import { CHALLENGES, THEMES } from './vocabulary';

/** Lower-case without accents or a leading # or @: what a search looks for. */
export const needleOf = (keywords: string) => keywords.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/^[#@]+/, '');

const LINES = THEMES.flatMap((theme) => theme.lines);

/**
 * Videos and photo posts found: among the newest SEARCH_WINDOW posts of every notable creator,
 * those whose caption line, a challenge or author contains the needle, most played first. A
 * caption is a vocabulary line and its challenges, so the frames worldIndex keeps decide.
 */
export const searchPosts = remembering(32, (needle: string) => {
  if (needle === '') return { videos: [], photos: [] };
  const lines = new Set(LINES.filter((line) => needleOf(line).includes(needle)));
  const challenges = new Set(CHALLENGES.flatMap((name, position) => (name.includes(needle) ? [position] : [])));
  // By index: creators come from a bounded cache (./creators.ts), so the frames' and these may be different objects.
  const authors = new Set(notableCreators().flatMap((creator) => (creator.handle.includes(needle) || needleOf(creator.nickname).includes(needle) ? [creator.index] : [])));
  const found = worldIndex().searched.filter(
    (frame: VideoFrame) => authors.has(frame.creator.index) || lines.has(frame.line) || frame.challenges.some((challenge) => challenges.has(challenge)),
  );
  found.sort((a, b) => b.plays - a.plays || a.key - b.key);
  return { videos: found.filter((frame) => !frame.photo).map((frame) => frame.key), photos: found.filter((frame) => frame.photo).map((frame) => frame.key) };
});

/** An account whose handle is the needle, then the notable creators whose handle or nickname contain it, most followed first. */
export const searchCreators = remembering(32, (needle: string): Creator[] => {
  if (needle === '') return [];
  const exact = creatorNamed(needle);
  const notable = notableCreators()
    .filter((creator) => creator.index !== exact?.index && (creator.handle.includes(needle) || needleOf(creator.nickname).includes(needle)))
    .sort((a, b) => b.followers - a.followers);
  return [...(exact ? [exact] : []), ...notable];
});

/** Positions of the challenges whose name contains the needle, those with most videos first. */
export function searchChallengePositions(needle: string): number[] {
  const { byChallenge } = worldIndex();
  return CHALLENGES.flatMap((name, position) => (needle !== '' && name.includes(needle) ? [position] : [])).sort(
    (a, b) => byChallenge[b]!.length - byChallenge[a]!.length || a - b,
  );
}
