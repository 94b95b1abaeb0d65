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
 * video about nearly anything. A query's phrase (its words the world can spell, in order) has
 * MADE_PER_PHRASE videos, one per title form, each uploaded by one of the world's creators named
 * after a person (a topic channel would not film "python for beginners"). Nothing is stored: the
 * 11-character id spells the phrase and the form, so /v1/video/video and every other endpoint
 * rebuild the same video from its id alone.
 *
 * An id holds 66 bits: VALUE_BITS for form, word count and the phrase's words, the rest check
 * bits (./ids.ts). A word is a FUNCTION_WORDS entry (5 bits) or a DICTIONARY entry (17 bits), so
 * a phrase holds two dictionary words and two function words ("how to tie a tie", "best running
 * shoes"); a longer query's phrase is its first words that fit, a query with none of the words
 * (gibberish) has no made videos.
 */

const VALUE_BITS = 54;
const FORM_BITS = 7;
const COUNT_BITS = 3;
const PHRASE_BITS = VALUE_BITS - FORM_BITS - COUNT_BITS;
const DICTIONARY_BITS = 16;
const FUNCTION_BITS = 4;
const DAY = 86_400;

/** The short words of queries, cheap to spell; "how to" is one. A phrase opens with one only when it reads as a title's start. */
const FUNCTION_WORDS = ['how to', 'best', 'my', 'your', 'a', 'an', 'the', 'to', 'for', 'of', 'in', 'on', 'and', 'with', 'vs', 'at'] as const;
const OPENING_WORDS = new Set<string>(['how to', 'best', 'my', 'your']);

/** Title forms: a phrase reads the same in each, whether it names a thing ("python") or a task ("how to tie a tie"). */
const TEMPLATES = [
  '{} for beginners', '{}: the complete guide', '{} in 10 minutes', '{} explained', '{} (step by step)', '{} tips and tricks', '{}: what nobody tells you', '{} | full tutorial',
  '{} made easy', '{}: 5 mistakes to avoid', '{} the right way', '{}: everything you need to know', '{} (2026 guide)', '{} in under 5 minutes', '{}: my honest take', '{} masterclass',
] as const;
const TAILS = ['', ' (2026)', ' - part 2', ' [4K]', ' | extended', ' (updated)', ' - part 3', ' | quick version'] as const;
/** One video per title form: every title of a phrase differs. */
export const MADE_PER_PHRASE = TEMPLATES.length * TAILS.length;
const MADE_TAGS = ['tutorial', 'howto', 'vlog'].map((tag) => TAGS.indexOf(tag));

/**
 * The words the world can spell: every whole lower-case word the o200k tokenizer has a token for
 * (47,000 words of English and other languages, so a misspelling or a random string is seldom
 * one) and the topics' own words ("sourdough" is two tokens), sorted, the function words left out.
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
    if (/^ [a-z]{2,}$/.test(text)) words.add(text.slice(1));
  }
  const topicText = TOPICS.flatMap((topic) => [topic.label, ...topic.subjects, ...topic.tags, ...topic.templates]).join(' ');
  for (const word of wordsOf(topicText)) if (word.length >= 2) words.add(word);
  for (const word of FUNCTION_WORDS) words.delete(word);
  const sorted = [...words].sort();
  if (sorted.length > 2 ** DICTIONARY_BITS) throw new Error('video dictionary: too many words for its codes');
  return { words: sorted, positions: new Map(sorted.map((word, position) => [word, position])) };
});

const wordsOf = (text: string) => needleOf(text).split(/[^a-z]+/).filter(Boolean);

type Code = { function: number } | { word: number };
const codeBits = (code: Code) => 1 + ('function' in code ? FUNCTION_BITS : DICTIONARY_BITS);

/** The codes of a text's phrase: its words the world spells, in order, the first that fit, without function words at its ends (but an opening one). */
function phraseCodes(text: string): Code[] {
  const { positions } = dictionary();
  const words = wordsOf(text);
  const codes: Code[] = [];
  let bits = 0;
  for (let at = 0; at < words.length; at += 1) {
    const joined = words[at] === 'how' && words[at + 1] === 'to' ? 'how to' : words[at]!;
    if (joined === 'how to') at += 1;
    const functionWord = FUNCTION_WORDS.indexOf(joined as (typeof FUNCTION_WORDS)[number]);
    const word = positions.get(joined);
    const code: Code | null = functionWord >= 0 ? { function: functionWord } : word !== undefined ? { word } : null;
    if (code === null) continue;
    if (codes.length === 2 ** COUNT_BITS - 1 || bits + codeBits(code) > PHRASE_BITS) break;
    codes.push(code);
    bits += codeBits(code);
  }
  const functionWord = (code: Code | undefined) => (code !== undefined && 'function' in code ? FUNCTION_WORDS[code.function]! : null);
  while (functionWord(codes.at(-1)) !== null) codes.pop();
  for (let first = functionWord(codes[0]); first !== null && !OPENING_WORDS.has(first); first = functionWord(codes[0])) codes.shift();
  return codes;
}

const phraseText = (codes: readonly Code[]) => codes.map((code) => ('function' in code ? FUNCTION_WORDS[code.function] : dictionary().words[code.word])).join(' ');

function valueOf(codes: readonly Code[], form: number): bigint {
  let value = (BigInt(form) << BigInt(COUNT_BITS)) | BigInt(codes.length);
  let bits = 0;
  for (const code of codes) {
    value = 'function' in code ? (value << 5n) | BigInt(code.function) : (value << 17n) | (1n << 16n) | BigInt(code.word);
    bits += codeBits(code);
  }
  return value << BigInt(PHRASE_BITS - bits);
}

/** The phrase and form a value spells, or null when its codes are no phrase's. */
function readValue(value: bigint): { codes: Code[]; form: number } | null {
  const form = Number(value >> BigInt(VALUE_BITS - FORM_BITS));
  const count = Number((value >> BigInt(PHRASE_BITS)) & BigInt(2 ** COUNT_BITS - 1));
  if (form >= MADE_PER_PHRASE) return null;
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
  return { codes, form };
}

/** The world's creators named after a person, with videos: the uploaders of made videos. */
const creators = once(() => allChannels().filter((channel) => channel.personal && channel.counts[VIDEO]! > 0));

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function makeVideo(codes: readonly Code[], form: number): Video {
  const value = valueOf(codes, form);
  const id = encodeWideId('madeVideo', value, VALUE_BITS, 11);
  const seed = seedOf(24, Number(value & 0xffff_ffffn), Number(value >> 32n));
  const random = new SeededRandom(seed);
  const pool = creators();
  const channel: Channel = pool[random.integer(0, pool.length - 1)]!;
  const phrase = phraseText(codes);
  const title = sentenceCase(TEMPLATES[form % TEMPLATES.length]!.replace('{}', phrase) + TAILS[Math.floor(form / TEMPLATES.length)]!);
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
    id,
    title,
    description: [`${sentenceCase(phrase)}, start to finish.`, `Subscribe to ${channel.name} for more.`, tags.map((tag) => `#${TAGS[tag]}`).join(' ')].join('\n\n'),
    keywords: [phrase, ...tags.map((tag) => TAGS[tag]!)],
    fps: 30,
  };
}

/** The videos made for a query's phrase, one per form (none when the world spells none of its words). */
export const madeVideos = remembering(32, (query: string): Video[] => {
  const codes = phraseCodes(query);
  if (!codes.some((code) => 'word' in code)) return [];
  return Array.from({ length: MADE_PER_PHRASE }, (_, form) => makeVideo(codes, form));
});

/** The made video with this id, or null. */
export function madeVideoById(id: string): Video | null {
  const value = decodeWideId('madeVideo', id, VALUE_BITS);
  const read = value === null ? null : readValue(value);
  if (read === null) return null;
  // Only a phrase the query's own reading gives back, spelt the same way, is one search made.
  const codes = phraseCodes(phraseText(read.codes));
  return codes.some((code) => 'word' in code) && valueOf(codes, read.form) === value ? makeVideo(codes, read.form) : null;
}
