import type { VideoSubtitles, VideoTranscript } from '../../../schemas/video';
import type { TranscriptAnswer } from '../../families/video';
import { seedOf } from '../clips/videos';
import { SeededRandom } from '../random';
import { WEB } from './channels';
import { clockText } from './texts';
import type { Video } from './videos';
import { CAPTION_LANGUAGES, SCRIPT, TRANSLATION_LANGUAGES } from './vocabulary';

/** A video's caption tracks (bit i of its mask: CAPTION_LANGUAGES[i]), their files and transcripts. */

export function tracksOf(video: Video) {
  return CAPTION_LANGUAGES.flatMap(({ code, name }, language) => {
    if ((video.captions & (1 << language)) === 0) return [];
    const automatic = code === 'en' && video.autoCaptions;
    return [{ code, name, language, automatic, title: automatic ? `${name} (auto-generated)` : name }];
  });
}

export function subtitlesOf(video: Video): VideoSubtitles {
  return {
    format: 'srv1',
    subtitles: tracksOf(video).map(({ code, name, automatic }) => ({
      languageName: name,
      languageCode: code,
      isTranslatable: true,
      url: `${WEB}/api/timedtext?v=${video.id}&lang=${code}&fmt=srv1${automatic ? '&kind=asr' : ''}`,
    })),
    translationLanguages: TRANSLATION_LANGUAGES.map(([languageCode, languageName]) => ({ languageCode, languageName })),
  };
}

/**
 * What the video says: cues of 1.5–6 s with short pauses between, from near the start to within
 * the video's end, each a line of the script (-1: the title introduced), welcome first and thanks
 * last. Every track of the video has these cues, so a translated track says the same at the same times.
 */
function cuesOf(video: Video): Array<{ startMs: number; endMs: number; line: number }> {
  const random = new SeededRandom(seedOf(71, video.key));
  const cues: Array<{ startMs: number; endMs: number; line: number }> = [];
  for (let startMs = random.integer(0, 1_500); ; ) {
    const endMs = startMs + random.integer(1_500, 6_000);
    if (endMs > video.lengthSeconds * 1_000) break;
    cues.push({ startMs, endMs, line: cues.length === 0 ? SCRIPT.welcome : cues.length === 1 ? -1 : random.pick(SCRIPT.middle) });
    startMs = endMs + random.integer(0, 800);
  }
  if (cues.length > 2) cues.at(-1)!.line = SCRIPT.thanks;
  return cues;
}

/** The track in `lang` (its code, or its language's: `es-MX` finds `es`): the video's cues in the track's language. */
export function transcriptOf(video: Video, lang: string): TranscriptAnswer {
  const tracks = tracksOf(video);
  const languageMenu: VideoTranscript['languageMenu'] = tracks.map(({ code, title }) => ({ languageCode: code, title }));
  const wanted = lang.toLowerCase();
  const track = tracks.find(({ code }) => code === wanted) ?? tracks.find(({ code }) => code === wanted.split('-')[0]);
  if (track === undefined) return { missingLanguage: lang, languageMenu };
  const { about, lines } = CAPTION_LANGUAGES[track.language]!;
  const transcript: VideoTranscript['transcript'] = cuesOf(video).map(({ startMs, endMs, line }) => ({
    startMs, endMs, startTime: clockText(startMs / 1_000), text: line < 0 ? about.replace('{}', video.title) : lines[line]!,
  }));
  return { id: video.id, selected: { languageCode: track.code, title: track.title }, languageMenu, transcript };
}
