import type { KeywordListRequest, KeywordsProvider, SearchIntentRequest, SeedKeywordsRequest } from '../families/keywords';
import type { Keyword, KeywordDifficulty, KeywordSearchIntent } from '../../schemas/keyword';
import { keywordMetrics } from './keyword-metrics';
import { normaliseKeyword } from '../../schemas/keyword';
import { SeededRandom, roundTo } from './random';
import { applyKeywordFilters } from '../../filters/keyword-filter/evaluate';
import { lookupTable } from '../../core/lookup-table';
import { PREFIXES, SUFFIXES } from './keyword-grid';

/** Ideas are the seed with searchers' usual modifiers, in a seeded order: up to 1,271 per seed. */
function ideaCandidates(seed: string): string[] {
  const random = new SeededRandom(`ideas:${seed}`);
  const single = [...PREFIXES.map((prefix) => `${prefix} ${seed}`), ...SUFFIXES.map((suffix) => `${seed} ${suffix}`)];
  const double = PREFIXES.flatMap((prefix) => SUFFIXES.map((suffix) => `${prefix} ${seed} ${suffix}`));
  return [seed, ...random.shuffle(single), ...random.shuffle(double)];
}

/** Words searchers swap for one another; a seed word found here yields the seed's synonyms. */
const SYNONYMS = lookupTable<readonly string[]>({
  shoes: ['sneakers', 'trainers', 'footwear'], running: ['jogging', 'marathon', 'trail running'],
  coffee: ['espresso', 'cappuccino', 'latte'], machine: ['maker', 'appliance'], car: ['vehicle', 'auto'],
  phone: ['smartphone', 'mobile'], laptop: ['notebook', 'computer'], house: ['home', 'property'],
  dog: ['puppy', 'canine'], cat: ['kitten', 'feline'], bike: ['bicycle', 'cycling'], hotel: ['resort', 'accommodation'],
  insurance: ['coverage', 'policy'], loan: ['credit', 'mortgage'], job: ['career', 'employment'],
  course: ['class', 'training'], shirt: ['tee', 'top'], watch: ['smartwatch', 'timepiece'], tv: ['television'],
  camera: ['dslr', 'mirrorless camera'], garden: ['backyard', 'yard'], book: ['novel', 'ebook'],
  game: ['video game', 'board game'], music: ['songs', 'playlist'], travel: ['trip', 'vacation'],
  flight: ['airfare', 'plane ticket'], bed: ['mattress', 'bed frame'], chair: ['seat', 'stool'], table: ['desk'],
  software: ['app', 'tool', 'platform'], website: ['site', 'web page'], marketing: ['advertising', 'promotion'],
  seo: ['search engine optimization', 'search ranking'], headphones: ['earbuds', 'earphones'],
  yoga: ['pilates', 'stretching'], recipe: ['dish', 'meal'], tea: ['matcha', 'herbal tea'], wine: ['champagne', 'prosecco'],
});

/** Neighbouring topics of a subject, as related-searches panels show them. */
const NEIGHBOURING_TOPICS = [
  'history', 'types', 'brands', 'materials', 'parts', 'maintenance', 'cleaning', 'care', 'storage', 'sizes',
  'colors', 'trends', 'statistics', 'facts', 'myths', 'problems', 'safety', 'regulations', 'careers', 'events',
  'community', 'forum', 'books', 'podcast', 'documentary', 'photos', 'quotes', 'science', 'technology',
  'innovations', 'industry', 'market', 'manufacturers', 'stores', 'magazine', 'blog', 'news', 'awards', 'experts',
  'club', 'association', 'certification', 'training', 'equipment', 'culture', 'terminology', 'research', 'inventions',
  'origins', 'varieties', 'production', 'sustainability', 'environmental impact', 'health effects', 'design',
  'photography', 'trivia', 'glossary', 'timeline', 'collectors',
];

/** Questions people also ask about the subject itself. */
const QUESTIONS: readonly ((subject: string) => string)[] = [
  (subject) => `what is ${subject}`, (subject) => `what are ${subject}`, (subject) => `how does ${subject} work`,
  (subject) => `how to use ${subject}`, (subject) => `how to clean ${subject}`, (subject) => `how long do ${subject} last`,
  (subject) => `why are ${subject} so expensive`, (subject) => `where to find ${subject}`,
  (subject) => `when to replace ${subject}`, (subject) => `which ${subject} is right for me`,
  (subject) => `are ${subject} worth it`, (subject) => `is ${subject} good for you`, (subject) => `can you recycle ${subject}`,
  (subject) => `who invented ${subject}`, (subject) => `what to look for in ${subject}`,
  (subject) => `how much do ${subject} cost`, (subject) => `how to store ${subject}`, (subject) => `how to fix ${subject}`,
  (subject) => `history of ${subject}`, (subject) => `types of ${subject}`, (subject) => `pros and cons of ${subject}`,
];

/** Ways of asking after a neighbouring topic ("coffee origins explained"). */
const TOPIC_QUERIES: readonly ((topic: string) => string)[] = [
  (topic) => `${topic} explained`, (topic) => `${topic} overview`, (topic) => `${topic} faq`, (topic) => `${topic} list`,
  (topic) => `${topic} wiki`, (topic) => `${topic} questions`, (topic) => `learn about ${topic}`,
  (topic) => `introduction to ${topic}`, (topic) => `${topic} infographic`, (topic) => `${topic} for students`,
  (topic) => `${topic} uk`, (topic) => `${topic} 101`, (topic) => `${topic} pdf`, (topic) => `${topic} reddit`,
  (topic) => `${topic} in the us`, (topic) => `latest ${topic}`,
];

/** Enough for the largest `limit` (1,000) after a moderate filter, few enough to price quickly. */
const MOST_RELATED_CANDIDATES = 1_500;

/** The seed, and the seed with one word swapped for a synonym. */
function seedVariants(seed: string): string[] {
  const words = seed.split(' ');
  const synonymous = words.flatMap((word, index) =>
    (SYNONYMS[word] ?? []).map((synonym) => [...words.slice(0, index), synonym, ...words.slice(index + 1)].join(' ')));
  return [seed, ...synonymous];
}

/**
 * Related keywords: synonyms of the seed, its neighbouring topics, the questions asked about the
 * seed and the ways of asking after each topic (over a thousand for any seed), the seed excluded.
 */
function relatedCandidates(seed: string): string[] {
  const random = new SeededRandom(`related:${seed}`);
  const variants = seedVariants(seed);
  const topics = variants.flatMap((variant) => NEIGHBOURING_TOPICS.map((topic) => `${variant} ${topic}`));
  const questions = variants.flatMap((variant) => QUESTIONS.map((question) => question(variant)));
  const topicQueries = random.shuffle(topics.flatMap((topic) => TOPIC_QUERIES.map((query) => query(topic))));
  return [...new Set([...variants, ...topics, ...questions, ...topicQueries])]
    .filter((candidate) => candidate !== seed)
    .slice(0, MOST_RELATED_CANDIDATES);
}

const byVolume = (first: Keyword, second: Keyword) => second.volume - first.volume || first.keyword.localeCompare(second.keyword);

const INTENTS = ['informational', 'commercial', 'navigational', 'transactional'] as const;

/**
 * The intent `keywordMetrics` gives the keyword, with a seeded confidence and up to two weaker
 * alternatives, each less probable than the one before.
 */
function searchIntentOf(keyword: string): KeywordSearchIntent {
  const metrics = keywordMetrics(keyword);
  const random = new SeededRandom(`intent:${metrics.keyword}`);
  const probability = roundTo(random.between(0.55, 0.98), 2);
  let ceiling = probability;
  const alternatives = random.shuffle(INTENTS.filter((intent) => intent !== metrics.intent)).slice(0, random.integer(0, 2));
  const secondaryIntents = alternatives.map((intent) => {
    ceiling = roundTo(random.between(0.05, ceiling * 0.8), 2);
    return { intent, probability: ceiling };
  });
  return { keyword: metrics.keyword, intent: metrics.intent, probability, secondaryIntents };
}

export const sandboxKeywords: KeywordsProvider = {
  name: 'sandbox',

  async keywordIdeas({ seed, limit, filter, locationCode, language }: SeedKeywordsRequest): Promise<Keyword[]> {
    const candidates = ideaCandidates(normaliseKeyword(seed));
    const filtered = filter.filters.length > 0 || filter.sort.length > 0;
    // Unfiltered, only the first `limit` candidates need metrics; filtered, every one does.
    const ideas = (filtered ? candidates : candidates.slice(0, limit)).map((keyword) => keywordMetrics(keyword, { locationCode, language }));
    ideas.sort(byVolume);
    return (filtered ? applyKeywordFilters(ideas, filter) : ideas).slice(0, limit);
  },

  async relatedKeywords({ seed, limit, filter, locationCode, language }: SeedKeywordsRequest): Promise<Keyword[]> {
    const related = relatedCandidates(normaliseKeyword(seed)).map((keyword) => keywordMetrics(keyword, { locationCode, language })).sort(byVolume);
    return applyKeywordFilters(related, filter).slice(0, limit);
  },

  async keywordOverview({ keywords, locationCode, language }: KeywordListRequest): Promise<Keyword[]> {
    return keywords.map((keyword) => keywordMetrics(keyword, { locationCode, language }));
  },

  // Difficulty is the same in every market (see keywordMetrics).
  async keywordDifficulty({ keywords }: KeywordListRequest): Promise<KeywordDifficulty[]> {
    return keywords.map((keyword) => {
      const metrics = keywordMetrics(keyword);
      return { keyword: metrics.keyword, difficulty: metrics.difficulty };
    });
  },

  async searchIntent({ keywords }: SearchIntentRequest): Promise<KeywordSearchIntent[]> {
    return keywords.map(searchIntentOf);
  },
};
