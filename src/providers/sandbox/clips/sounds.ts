import type { ClipsMusic } from '../../../schemas/clips';
import { FIRST_NAMES, SURNAMES } from '../contacts/vocabulary';
import { remembering } from '../memo';
import { SeededRandom } from '../random';
import { creatorAt, MEDIA_HOST } from './creators';
import { seedOf, SOUND_COUNT, soundVideoKeys, videoById, videoIdFor, type Video } from './videos';
import { TRACK_WORDS } from './vocabulary';

/**
 * Sounds. The catalogue's every fourth sound is an original sound of one of the first hundred
 * notable creators, the rest label tracks; notable videos use them (./videos.ts). Every other
 * video has its own original sound, whose id is the video's id a second later: it leads back to
 * the one video that uses it, and no video has that id (a creator's k-th video has one time).
 */

// Creator 0 is nobody, so no catalogue id reads as a video's own sound.
const CATALOGUE = Array.from({ length: SOUND_COUNT }, (_, position) => videoIdFor(1_473_000_000 + (seedOf(5, position) % 100_000_000), 0, position).toString());
const BY_ID = new Map(CATALOGUE.map((id, position) => [id, position]));

/** A sound as a video shows it; how many videos use it is read only when the sound is asked for. */
type Sound = Omit<ClipsMusic, 'video_count'>;

const catalogueSound = remembering(SOUND_COUNT, (position: number): Sound => {
  const random = new SeededRandom(`clips-sound:${position}`);
  const creator = position % 4 === 3 ? creatorAt(Math.floor(position / 4) + 1) : null;
  const [firsts, seconds] = TRACK_WORDS;
  const id = CATALOGUE[position]!;
  return {
    music_id: id,
    title: creator ? `original sound - ${creator.handle}` : `${firsts[position % 20]} ${seconds[Math.floor(position / 20)]}`,
    author: creator ? creator.nickname : random.chance(0.4) ? `The ${random.pick(seconds)}` : `${random.pick(FIRST_NAMES).name} ${random.pick(SURNAMES)}`,
    album: creator || random.chance(0.3) ? '' : `${random.pick(firsts)} ${random.pick(seconds)}`,
    duration: random.integer(creator ? 8 : 15, 60),
    is_original: creator !== null,
    cover: `${MEDIA_HOST}/music/${id}.jpeg`,
    play_url: `${MEDIA_HOST}/music/${id}.mp3`,
  };
});

function ownSound(video: Video): Sound {
  const id = videoIdFor(video.createTime + 1, video.creator.index, video.index).toString();
  const { handle, nickname, avatar } = video.creator;
  return { music_id: id, title: `original sound - ${handle}`, author: nickname, album: '', duration: video.duration, is_original: true, cover: avatar, play_url: `${MEDIA_HOST}/music/${id}.mp3` };
}

export const soundOf = (video: Video): Sound => (video.sound === null ? ownSound(video) : catalogueSound(video.sound));

const counted = (sound: Sound, videoKeys: readonly number[]) => ({ music: { ...sound, video_count: videoKeys.length }, videoKeys });

/** The sound with this id and the keys of the videos using it (newest first), or null. */
export function soundById(id: string): { music: ClipsMusic; videoKeys: readonly number[] } | null {
  const position = BY_ID.get(id);
  if (position !== undefined) return counted(catalogueSound(position), soundVideoKeys(position));
  const video = /^\d{19}$/.test(id) ? videoById((BigInt(id) - (1n << 32n)).toString()) : null;
  return video?.sound === null ? counted(ownSound(video), [video.key]) : null;
}
