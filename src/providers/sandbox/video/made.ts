import { o200k } from '../../../chat/tokens';
import { once } from '../../../core/once';
import { needleOf } from '../clips/search';
import { seedOf } from '../clips/videos';
import { remembering } from '../memo';
import { SeededRandom } from '../random';
import { allChannels, VIDEO, type Channel } from './channels';
import { decodeWideId, encodeWideId } from './ids';
import { NOW } from './texts';
import type { Video } from './videos';
import { TAGS, TOPICS } from './vocabulary';

/**
 * Videos made for a query: the seeded catalog only knows its topics' words, the platform has a
 * video about nearly anything. A query's phrase (its words, without function words at its ends)
 * has MADE_PER_PHRASE videos, one per title form, each uploaded by one of the world's creators
 * named after a person (a topic channel would not film "python for beginners").
 *
 * An id holds 66 bits: VALUE_BITS for form, word count and phrase, the rest check bits (./ids.ts).
 * The id spells the phrase, so every endpoint — on any instance, after any restart — rebuilds the
 * video from its id alone: a word is a FUNCTION_WORDS entry (5 bits) or a DICTIONARY entry (17
 * bits), so a phrase of two dictionary words and two function words fits ("how to tie a tie",
 * "receta de pan"). A longer phrase, or one with words the dictionary lacks, is the words it
 * spells, the first that fit; a query with none of the dictionary's words in the Latin script
 * (gibberish, another script) has no made videos: an id nothing can spell could open nowhere else.
 */

const VALUE_BITS = 56;
const FORM_BITS = 7;
const COUNT_BITS = 3;
const PHRASE_BITS = VALUE_BITS - FORM_BITS - COUNT_BITS;
const DICTIONARY_BITS = 16;
const FUNCTION_BITS = 5;
const DAY = 86_400;

/**
 * The short words of queries, cheap to spell ("how to" is one): English's, then the commonest of
 * Spanish, French, German, Italian, Dutch and Portuguese. A phrase opens with one only when it
 * reads as a title's start.
 */
const FUNCTION_WORDS = [
  'how to', 'best', 'my', 'your', 'a', 'an', 'the', 'to', 'for', 'of', 'in', 'on', 'and', 'with', 'vs', 'at',
  'de', 'la', 'el', 'y', 'en', 'der', 'die', 'das', 'und', 'le', 'les', 'et', 'di', 'van', 'het', 'da',
] as const;
const OPENING_WORDS = new Set<string>(['how to', 'best', 'my', 'your']);
/** Words a title never ends on, nor starts with (but OPENING_WORDS), in the common languages, as needleOf spells them. */
const STOP_WORDS = new Set<string>([
  ...FUNCTION_WORDS, 'or', 'by', 'from', 'is',
  'del', 'los', 'las', 'un', 'una', 'o', 'con', 'para', 'por', 'al', 'su', 'sus', 'que',
  'des', 'du', 'une', 'ou', 'au', 'aux', 'pour', 'avec', 'sur', 'dans', 'par',
  'den', 'dem', 'ein', 'eine', 'einen', 'oder', 'mit', 'von', 'zu', 'im', 'am', 'fur', 'auf',
  'il', 'lo', 'gli', 'e', 'per', 'nel', 'della', 'dei', 'delle', 'con',
  'os', 'as', 'um', 'uma', 'com', 'do', 'dos', 'na', 'no', 'em', 'ao',
  'een', 'met', 'voor', 'op', 'te', 'naar',
]);

/** Title forms: a phrase reads the same in each, whether it names a thing ("python") or a task ("how to tie a tie"). 16 templates × 8 tails. */
type TitleForms = { templates: readonly string[]; tails: readonly string[]; about: string };
const LATIN_FORMS: TitleForms = {
  templates: [
    '{} for beginners', '{}: the complete guide', '{} in 10 minutes', '{} explained', '{} (step by step)', '{} tips and tricks', '{}: what nobody tells you', '{} | full tutorial',
    '{} made easy', '{}: 5 mistakes to avoid', '{} the right way', '{}: everything you need to know', '{} (2026 guide)', '{} in under 5 minutes', '{}: my honest take', '{} masterclass',
  ],
  tails: ['', ' (2026)', ' - part 2', ' [4K]', ' | extended', ' (updated)', ' - part 3', ' | quick version'],
  about: '{}, start to finish.',
};
/** One video per title form: every title of a phrase differs. */
export const MADE_PER_PHRASE = LATIN_FORMS.templates.length * LATIN_FORMS.tails.length;
const MADE_TAGS = ['tutorial', 'howto', 'vlog'].map((tag) => TAGS.indexOf(tag));

/**
 * The words the world can spell: every whole word of Latin letters the o200k tokenizer has a token
 * for, as search reads it (lower case, without accents: 55,000 words of English and other
 * languages, so a misspelling or a random string is seldom one) and the topics' own words
 * ("sourdough" is two tokens), sorted, the function words left out.
 */
const dictionary = once(() => {
  const tokenizer = o200k();
  const words = new Set<string>();
  for (let token = 0; token < 200_000; token += 1) {
    let text: string;
    try {
      text = tokenizer.decode([token]);
    } catch {
      continue;
    }
    const word = /^ \p{L}{2,}$/u.test(text) ? needleOf(text) : '';
    if (/^[a-z]{2,}$/.test(word)) words.add(word);
  }
  const topicText = TOPICS.flatMap((topic) => [topic.label, ...topic.subjects, ...topic.tags, ...topic.templates]).join(' ');
  for (const word of wordsOf(topicText)) if (word.length >= 2) words.add(word);
  for (const word of FUNCTION_WORDS) words.delete(word);
  const sorted = [...words].sort();
  if (sorted.length > 2 ** DICTIONARY_BITS) throw new Error('video dictionary: too many words for its codes');
  return { words: sorted, positions: new Map(sorted.map((word, position) => [word, position])) };
});

const wordsOf = (text: string) => needleOf(text).split(/[^a-z]+/).filter(Boolean);

/** A phrase search makes videos for: its text as titles show it, and the codes an id spells it with. */
type Phrase = { text: string; codes: Code[] };

type Code = { function: number } | { word: number };
const codeBits = (code: Code) => 1 + ('function' in code ? FUNCTION_BITS : DICTIONARY_BITS);

/** A text's words ("how to" one), without function words at its ends (but an opening one). */
function phraseWords(text: string): string[] {
  const words = wordsOf(text).flatMap((word, at, all) => (word === 'to' && all[at - 1] === 'how' ? [] : word === 'how' && all[at + 1] === 'to' ? ['how to'] : [word]));
  while (words.length > 0 && STOP_WORDS.has(words.at(-1)!)) words.pop();
  while (words.length > 0 && STOP_WORDS.has(words[0]!) && !OPENING_WORDS.has(words[0]!)) words.shift();
  return words;
}

/** The code of a word the world spells, or null. */
function codeOf(word: string): Code | null {
  const functionWord = FUNCTION_WORDS.indexOf(word as (typeof FUNCTION_WORDS)[number]);
  if (functionWord >= 0) return { function: functionWord };
  const position = dictionary().positions.get(word);
  return position === undefined ? null : { word: position };
}

/**
 * The words of a phrase an id can spell: those the world spells, in order, the first that fit, then
 * without function words at the ends (see phraseWords) — all of "receta de pan", the first four of
 * a long query.
 */
function fittingWords(words: readonly string[]): string[] {
  const kept: string[] = [];
  let bits = 0;
  for (const word of words) {
    const code = codeOf(word);
    if (code === null) continue;
    if (kept.length === 2 ** COUNT_BITS - 1 || bits + codeBits(code) > PHRASE_BITS) break;
    kept.push(word);
    bits += codeBits(code);
  }
  return phraseWords(kept.join(' '));
}

/** The phrase of a query, or null when the platform makes nothing for it: none of the words the world spells (gibberish, another script). */
function phraseOf(query: string): Phrase | null {
  const words = fittingWords(phraseWords(query));
  if (!words.some((word) => dictionary().positions.has(word))) return null;
  return { text: words.join(' '), codes: words.map((word) => codeOf(word)!) };
}

const phraseText = (codes: readonly Code[]) => codes.map((code) => ('function' in code ? FUNCTION_WORDS[code.function] : dictionary().words[code.word])).join(' ');

/** The value an id spells: form, word count and the phrase's codes. */
function valueOf({ codes }: Phrase, form: number): bigint {
  let value = (BigInt(form) << BigInt(COUNT_BITS)) | BigInt(codes.length);
  let bits = 0;
  for (const code of codes) {
    value = 'function' in code ? (value << BigInt(1 + FUNCTION_BITS)) | BigInt(code.function) : (value << BigInt(1 + DICTIONARY_BITS)) | (1n << BigInt(DICTIONARY_BITS)) | BigInt(code.word);
    bits += codeBits(code);
  }
  return value << BigInt(PHRASE_BITS - bits);
}

/** The phrase text and form a value spells, or null when it is no phrase's. */
function readValue(value: bigint): { text: string; form: number } | null {
  const form = Number(value >> BigInt(VALUE_BITS - FORM_BITS));
  const count = Number((value >> BigInt(PHRASE_BITS)) & BigInt(2 ** COUNT_BITS - 1));
  if (form >= MADE_PER_PHRASE) return null;
  if (count === 0) return null;
  const codes: Code[] = [];
  let left = PHRASE_BITS;
  const take = (bits: number) => {
    left -= bits;
    return left < 0 ? -1 : Number((value >> BigInt(left)) & BigInt(2 ** bits - 1));
  };
  for (let index = 0; index < count; index += 1) {
    const code: Code = take(1) === 0 ? { function: take(FUNCTION_BITS) } : { word: take(DICTIONARY_BITS) };
    if (left < 0 || ('word' in code && code.word >= dictionary().words.length)) return null;
    codes.push(code);
  }
  return { text: phraseText(codes), form };
}

/** The world's creators named after a person, with videos: the uploaders of made videos. */
const creators = once(() => allChannels().filter((channel) => channel.personal && channel.counts[VIDEO]! > 0));

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function makeVideo(phrase: Phrase, form: number): Video {
  const value = valueOf(phrase, form);
  const id = encodeWideId('madeVideo', value, VALUE_BITS, 11);
  const seed = seedOf(24, Number(value & 0xffff_ffffn), Number(value >> 32n));
  const random = new SeededRandom(seed);
  const pool = creators();
  const channel: Channel = pool[random.integer(0, pool.length - 1)]!;
  const { templates, tails, about } = LATIN_FORMS;
  const title = sentenceCase(templates[form % templates.length]!.replace('{}', phrase.text) + tails[Math.floor(form / templates.length)]!);
  const published = NOW - random.integer(DAY, Math.max(2 * DAY, NOW - channel.joined));
  // Views follow the channel's audience and the video's age, as the catalog's do (./videos.ts).
  const reach = channel.subscribers * Math.exp(random.normal(Math.log(0.15), 1)) * (random.chance(0.03) ? random.between(5, 40) : 1);
  const views = Math.round(reach * (1 - Math.exp(-(NOW - published) / (3 * DAY)))) + random.integer(1, 40);
  const likes = Math.round(views * random.between(0.01, 0.06));
  const bucket = random.next();
  const lengthSeconds = bucket < 0.2 ? random.integer(45, 239) : bucket < 0.75 ? random.integer(240, 1_199) : random.integer(1_200, 5_400);
  const height = random.pick([1080, 1080, 1080, 720, 720, 480]);
  const captions = random.chance(0.5) ? 1 : 0;
  const tags = [MADE_TAGS[form % MADE_TAGS.length]!];
  return {
    key: 2 ** 31 + (seed >>> 1), channel, kind: VIDEO, index: form, published, form: channel.topicIndex * 100, tags, views, likes, lengthSeconds, height, captions,
    autoCaptions: random.chance(0.6),
    comments: Math.round(views * random.between(0.0003, 0.003)),
    detailSeed: random.next() * 4294967296,
    marker: 0, // no catalog marker: its title is its phrase's form's
    id,
    title,
    description: [sentenceCase(about.replace('{}', phrase.text)), `Subscribe to ${channel.name} for more.`, tags.map((tag) => `#${TAGS[tag]}`).join(' ')].join('\n\n'),
    keywords: [phrase.text, ...tags.map((tag) => TAGS[tag]!)],
    fps: 30,
  };
}

/** The videos made for a query's phrase, one per form (none for a query the platform makes nothing for). */
export const madeVideos = remembering(32, (query: string): Video[] => {
  const phrase = phraseOf(query);
  if (phrase === null) return [];
  return Array.from({ length: MADE_PER_PHRASE }, (_, form) => makeVideo(phrase, form));
});

/**
 * Up to `count` of the videos made for a query's phrase published before `before` (Unix seconds),
 * built alone, in form order: a results page's video carousel shows a few of the platform's
 * videos for its query without searching the whole catalog on every page.
 */
export function someMadeVideos(query: string, before: number, count: number): Video[] {
  const phrase = phraseOf(query);
  const videos: Video[] = [];
  for (let form = 0; phrase !== null && form < MADE_PER_PHRASE && videos.length < count; form += 1) {
    const video = makeVideo(phrase, form);
    if (video.published < before) videos.push(video);
  }
  return videos;
}

/** The made video with this id, or null. */
export function madeVideoById(id: string): Video | null {
  const value = decodeWideId('madeVideo', id, VALUE_BITS);
  const read = value === null ? null : readValue(value);
  if (read === null) return null;
  // Only a phrase the query's own reading gives back, spelt the same way, is one search made.
  const phrase = phraseOf(read.text);
  return phrase !== null && valueOf(phrase, read.form) === value ? makeVideo(phrase, read.form) : null;
}
