import type { SerpProvider, SerpSearchRequest } from '../families/serp';
import type { SerpResponse, SerpResult } from '../../schemas/serp';
import { intentOf, keywordMetrics, normaliseKeyword } from './keyword-metrics';
import { SeededRandom } from './random';

const REFERENCE_SITES = [
  'wikiwise.org', 'forumhub.com', 'dailyledger.com', 'consumerscope.org', 'howtohq.com', 'marketwatchers.net',
  'homeandmaker.com', 'techradarly.com', 'healthline-journal.org', 'citypaper.news', 'shopcompass.com', 'learnloop.io',
];
const VIDEO_SITE = 'clipstream.tv';

type Draft = Omit<SerpResult, 'position'>;

function titleCase(text: string): string {
  return text.replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** Sites a query plausibly surfaces: some named after its words, the rest general references. */
function sitesFor(query: string, random: SeededRandom): string[] {
  const words = query.split(' ').filter((word) => word.length > 2).map((word) => word.replace(/[^a-z0-9]/g, '')).filter(Boolean);
  const own = words.flatMap((word) => [`${word}guide.com`, `the${word}shop.com`, `${word}review.net`, `${word}-experts.org`]);
  return random.shuffle([...random.shuffle(own).slice(0, 6), ...REFERENCE_SITES]);
}

function organic(query: string, site: string, random: SeededRandom, index: number): Draft {
  const slug = query.replace(/[^a-z0-9]+/g, '-');
  const url = `https://${site}/${random.pick(['guides', 'blog', 'articles', 'reviews', 'learn'])}/${slug}`;
  const hasRating = random.chance(0.15);
  return {
    type: 'organic',
    title: `${titleCase(query)}${random.pick([': The Complete Guide', ' — What You Need to Know', ' (Updated 2026)', ': Tips and Ideas', ' Explained'])}`,
    url,
    description: `Everything about ${query}: compare options, read expert advice and find what suits you. Updated regularly by the ${site} team.`,
    domain: site,
    data: {
      breadcrumb: `https://${site} › ${url.split('/')[3]}`,
      websiteName: titleCase(site.split('.')[0]!.replace(/-/g, ' ')),
      isImage: false,
      isVideo: false,
      isFeaturedSnippet: false,
      isMalicious: false,
      preSnippet: null,
      extendedSnippet: null,
      highlighted: query.split(' ').slice(0, 2),
      links: index === 0 ? [{ title: 'Buying guide', url: `https://${site}/buying-guide`, description: null }, { title: 'FAQ', url: `https://${site}/faq`, description: null }] : null,
      faq: null,
      rating: hasRating ? { ratingType: 'Max5', value: Math.round(random.between(3.6, 4.9) * 10) / 10, votesCount: random.integer(12, 4800), bestRating: 5 } : null,
      price: null,
      timestamp: random.chance(0.4) ? `2026-${String(random.integer(1, 10)).padStart(2, '0')}-${String(random.integer(1, 28)).padStart(2, '0')} 09:00:00 +00:00` : null,
      ampVersion: false,
      aboutThisResult: null,
      relatedResult: null,
    },
  };
}

function paid(query: string, site: string, random: SeededRandom): Draft {
  return {
    type: 'paid',
    title: `${titleCase(query)} — ${random.pick(['Official Store', 'Free Shipping', 'Save Up To 30%', 'Shop Now'])}`,
    url: `https://${site}/lp/${query.replace(/[^a-z0-9]+/g, '-')}`,
    description: `Shop ${query} at ${site}. Fast delivery and easy returns.`,
    domain: site,
    data: {
      breadcrumb: `${site}/${query.split(' ')[0]}`,
      highlighted: [query.split(' ')[0]],
      extra: null,
      descriptionRows: ['Free returns', 'Price match guarantee'],
      links: null,
      faq: null,
      rating: null,
      price: null,
    },
  };
}

function peopleAlsoAsk(query: string, sites: string[]): Draft {
  const questions = [`What is the best ${query}?`, `How much does ${query} cost?`, `Is ${query} worth it?`, `How do I choose ${query}?`];
  return {
    type: 'peopleAlsoAsk',
    title: '',
    url: '',
    description: '',
    domain: '',
    data: {
      items: questions.map((title, index) => ({
        title,
        expandedElement: [{ type: 'peopleAlsoAskExpandedElement', title, url: `https://${sites[index % sites.length]}/answers`, domain: sites[index % sites.length], description: `A short answer about ${query}.` }],
      })),
    },
  };
}

function relatedSearches(query: string): Draft {
  return { type: 'relatedSearches', title: '', url: '', description: '', domain: '', data: { items: ['best', 'cheap', 'near me', 'reviews', 'vs', 'for beginners'].map((modifier) => (modifier === 'best' || modifier === 'cheap' ? `${modifier} ${query}` : `${query} ${modifier}`)) } };
}

function localPack(query: string, random: SeededRandom, index: number): Draft {
  const name = `${titleCase(query.split(' ')[0] ?? 'Local')} ${random.pick(['Corner', 'House', 'Co.', 'Studio', 'Market'])}`;
  return {
    type: 'localPack',
    title: name,
    url: '',
    description: `${random.integer(100, 999)} Main St`,
    domain: '',
    data: { rating: { value: Math.round(random.between(3.8, 4.9) * 10) / 10, votesCount: random.integer(20, 2500), ratingType: 'Max5' }, phone: `+1 206-555-0${100 + index}`, address: `${random.integer(100, 999)} Main St, Seattle, WA`, cid: String(random.integer(1e9, 9e9)), isMapsItem: true },
  };
}

function videoBlock(query: string, random: SeededRandom): Draft {
  return {
    type: 'video',
    title: '',
    url: '',
    description: '',
    domain: '',
    data: { items: [1, 2, 3].map((n) => ({ title: `${titleCase(query)} — part ${n}`, url: `https://${VIDEO_SITE}/watch/${random.integer(1e6, 9e6)}`, source: VIDEO_SITE, date: `2026-0${n}-1${n}`, thumbnail: `https://${VIDEO_SITE}/thumbs/${n}.jpg` })) },
  };
}

function featuredSnippet(query: string, site: string): Draft {
  return {
    type: 'featuredSnippet',
    title: `${titleCase(query)}: a quick answer`,
    url: `https://${site}/answers/${query.replace(/[^a-z0-9]+/g, '-')}`,
    description: `In short: ${query} depends on your needs and budget; most people start with a mid-range option.`,
    domain: site,
    data: { featuredTitle: titleCase(query), images: null, table: null },
  };
}

function knowledgeGraph(query: string): Draft {
  return { type: 'knowledgeGraph', title: titleCase(query), url: '', description: `${titleCase(query)} is a widely searched topic.`, domain: '', data: { subTitle: 'Topic', cardId: `/g/${query.length}${query.charCodeAt(0)}`, items: [], images: [] } };
}

/**
 * A plausible page: ads first for buying queries, a snippet or answer for questions, a local pack
 * for local queries, feature blocks among the organic results, related searches last; exactly
 * `depth` items.
 */
export function sandboxSearchResults({ query: rawQuery, depth }: SerpSearchRequest): SerpResponse {
  const query = normaliseKeyword(rawQuery);
  const random = new SeededRandom(`serp:${query}`);
  const intent = intentOf(query);
  const sites = sitesFor(query, random);
  const features: Draft[] = [];
  const organicPool = () => organic(query, sites[features.length % sites.length]!, random, features.length);

  if (intent === 'transactional' || intent === 'commercial') {
    for (let index = random.integer(1, 3); index > 0; index -= 1) features.push(paid(query, random.pick(sites), random));
  }
  if (intent === 'informational' && random.chance(0.6)) features.push(featuredSnippet(query, sites[0]!));
  if (/near me|\bin [a-z]+$/.test(query)) for (let index = 0; index < 3; index += 1) features.push(localPack(query, random, index));
  const middle: Draft[] = [];
  if (random.chance(0.7)) middle.push(peopleAlsoAsk(query, sites));
  if (random.chance(0.45)) middle.push(videoBlock(query, random));
  if (query.split(' ').length <= 2 && random.chance(0.4)) features.unshift(knowledgeGraph(query));

  const drafts: Draft[] = [...features];
  const closing = depth >= 10 ? [relatedSearches(query)] : [];
  while (drafts.length < depth - closing.length) {
    if (middle.length > 0 && drafts.length >= features.length + 3) drafts.push(middle.shift()!);
    else drafts.push(organicPool());
  }
  drafts.push(...closing);
  const results = drafts.slice(0, depth).map((draft, index) => ({ position: index + 1, ...draft }));
  return {
    query: rawQuery,
    totalResults: keywordMetrics(query).totalResults,
    itemTypes: [...new Set(results.map((result) => result.type))],
    results,
  };
}

export const sandboxSerp: SerpProvider = {
  name: 'sandbox',
  async search(request) {
    return sandboxSearchResults(request);
  },
};
