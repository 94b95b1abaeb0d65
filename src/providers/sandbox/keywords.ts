import type { KeywordIdeasRequest, KeywordsProvider } from '../families/keywords';
import type { Keyword } from '../../schemas/keyword';
import { keywordMetrics, normaliseKeyword } from './keyword-metrics';
import { SeededRandom } from './random';
import { applyKeywordFilters } from '../../filters/keyword-filter/evaluate';

const PREFIXES = [
  'best', 'cheap', 'top', 'how to choose', 'buy', 'affordable', 'professional', 'used', 'custom', 'portable',
  'electric', 'organic', 'small', 'large', 'luxury', 'modern', 'vintage', 'wireless', 'waterproof', 'lightweight',
  'diy', 'homemade', 'easy', 'quick', 'healthy', 'local', 'online', 'free', 'new', 'premium',
];
const SUFFIXES = [
  'near me', 'for beginners', 'for kids', 'for women', 'for men', 'reviews', 'price', 'prices', 'deals', 'online',
  'ideas', 'tips', 'guide', 'alternatives', '2026', 'for sale', 'brands', 'comparison', 'benefits', 'meaning',
  'examples', 'tutorial', 'kit', 'set', 'accessories', 'repair', 'rental', 'delivery', 'subscription', 'app',
  'course', 'classes', 'jobs', 'salary', 'cost', 'calculator', 'template', 'checklist', 'size chart', 'vs',
];

/** Ideas are the seed with searchers' usual modifiers, in a seeded order: up to 1,271 per seed. */
function ideaCandidates(seed: string): string[] {
  const random = new SeededRandom(`ideas:${seed}`);
  const single = [...PREFIXES.map((prefix) => `${prefix} ${seed}`), ...SUFFIXES.map((suffix) => `${seed} ${suffix}`)];
  const double = PREFIXES.flatMap((prefix) => SUFFIXES.map((suffix) => `${prefix} ${seed} ${suffix}`));
  return [seed, ...random.shuffle(single), ...random.shuffle(double)];
}

export const sandboxKeywords: KeywordsProvider = {
  name: 'sandbox',

  async keywordIdeas({ seed, limit, filter }: KeywordIdeasRequest): Promise<Keyword[]> {
    const candidates = ideaCandidates(normaliseKeyword(seed));
    const filtered = filter.filters.length > 0 || filter.sort.length > 0;
    // Unfiltered, only the first `limit` candidates need metrics; filtered, every one does.
    const ideas = (filtered ? candidates : candidates.slice(0, limit)).map(keywordMetrics);
    ideas.sort((a, b) => b.volume - a.volume || a.keyword.localeCompare(b.keyword));
    return (filtered ? applyKeywordFilters(ideas, filter) : ideas).slice(0, limit);
  },
};
