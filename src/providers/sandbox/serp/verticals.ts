import { serpDraft, serpPage, type SerpResponse, type SerpResultDraft } from '../../../schemas/serp';
import { keywordTotalResults } from '../keyword-metrics';
import { relatedSearches, type PageContext } from './blocks';
import { ageLabel, roundedCount, siteName, timestampBefore } from './page-text';
import { webPageContext } from './websearch';
import { DATA_PORTALS } from '../known-sites';
import { newsPublishers } from '../news-publishers';
import { UNITED_STATES, type SearchMarket } from '../search-market';

/** The search verticals (images, news, datasets, autocomplete): one generator each, same wrapper. */

interface VerticalRequest {
  query: string;
  depth: number;
}

/** The engine never reports fewer results than it shows. */
function page(rawQuery: string, drafts: SerpResultDraft[], totalResults: number): SerpResponse {
  return serpPage(rawQuery, Math.max(totalResults, drafts.length), drafts);
}

function image(context: PageContext, index: number): SerpResultDraft {
  const { queryTitle, querySlug, sites, random } = context;
  const site = sites[index % sites.length]!;
  const alt = `${queryTitle} ${random.pick(['close-up', 'in use', 'side view', 'collection', 'detail', 'at home'])}`;
  const file = `${querySlug}-${index + 1}`;
  return serpDraft(
    'imagesSearch',
    { subtitle: siteName(site), alt, sourceUrl: `https://${site}/images/${file}.jpg`, encodedUrl: `https://images.search.example/cache/${random.integer(1e9, 9e9)}` },
    { title: `${alt} — ${siteName(site)}`, url: `https://${site}/gallery/${file}`, description: alt, domain: site },
  );
}

/** Image results; past the first rows the vertical shows its related searches, as the engine does. */
export function sandboxImages({ query: rawQuery, depth }: VerticalRequest): SerpResponse {
  const context = webPageContext(rawQuery, 'images');
  const drafts = Array.from({ length: depth }, (_, index) => (depth >= 30 && index === 24 ? relatedSearches(context) : image(context, index)));
  return page(rawQuery, drafts, roundedCount(keywordTotalResults(context.query) * 0.08));
}

/** What a story says about its query: with each framing below, more distinct headlines than a page of 100 and its top stories show. */
const HEADLINES: ReadonlyArray<(title: string) => string> = [
  (title) => `${title}: what changed this month`, (title) => `${title}: new figures released`, (title) => `${title}: experts weigh in`,
  (title) => `${title}: the debate continues`, (title) => `${title}: a closer look`, (title) => `${title}: what happens next`,
  (title) => `${title} in numbers`, (title) => `${title} explained`, (title) => `Why ${title} is back in the headlines`,
  (title) => `Five things to know about ${title} this week`, (title) => `${title}: readers' questions answered`,
  (title) => `Inside the ${title} story`, (title) => `${title}: the winners and losers`, (title) => `${title}: where things stand`,
  (title) => `The week in ${title}`, (title) => `${title}: what the critics say`,
];
const FRAMINGS = ['', ' | Analysis', ' | Live updates', ' | Opinion', ' | Explainer', ' | In depth', ' | The latest'];

/** The news page's own: its publishers and the order its headlines come in, drawn once for the query. */
interface NewsPage {
  context: PageContext;
  publishers: readonly string[];
  headlineOrder: readonly number[];
}

/** The `index`-th story of a page (the top stories first): a different headline for each, as far as 112 stories. */
function newsStory({ context, publishers, headlineOrder }: NewsPage, index: number): SerpResultDraft {
  const { queryTitle, querySlug, random } = context;
  const site = publishers[index % publishers.length]!;
  const daysBefore = 1 + Math.floor(index * 1.6) + random.integer(0, 2);
  const headline = `${HEADLINES[headlineOrder[index % HEADLINES.length]!]!(queryTitle)}${FRAMINGS[Math.floor(index / HEADLINES.length) % FRAMINGS.length]}`;
  return serpDraft(
    'newsSearch',
    { source: siteName(site), imageUrl: `https://${site}/media/${querySlug}-${index + 1}.jpg`, timePublished: ageLabel(daysBefore), timestamp: timestampBefore(daysBefore, random.integer(6, 20)) },
    { title: headline, url: `https://${site}/news/${querySlug}-${index + 1}`, description: `${headline}. Reporting on ${context.query} from ${siteName(site)}.`, domain: site },
  );
}

/**
 * News stories from news publishers (the market's own first, see newsPublishers), newest first, all
 * published before the sandbox's data month; sometimes a top-stories block first, of stories the
 * list does not repeat.
 */
export function sandboxNews({ query: rawQuery, depth, locationCode, language }: VerticalRequest & Partial<SearchMarket>): SerpResponse {
  const market = { locationCode: locationCode ?? UNITED_STATES.locationCode, language: language ?? UNITED_STATES.language };
  const context = webPageContext(rawQuery, 'news', market);
  const news: NewsPage = {
    context,
    publishers: newsPublishers(context.query, market, context.random),
    headlineOrder: context.random.shuffle(HEADLINES.map((_, index) => index)),
  };
  const drafts: SerpResultDraft[] = [];
  let stories = 0;
  if (depth >= 5 && context.random.chance(0.3)) {
    drafts.push(serpDraft('topStories', { items: [0, 1, 2].map((index) => { const story = newsStory(news, stories++); return { title: story.title, url: story.url, source: siteName(story.domain), domain: story.domain, date: timestampBefore(index + 1), imageUrl: null }; }) }, { title: 'Top stories' }));
  }
  while (drafts.length < depth) drafts.push(newsStory(news, stories++));
  return page(rawQuery, drafts, roundedCount(keywordTotalResults(context.query) * 0.004));
}

function dataset(context: PageContext, index: number): SerpResultDraft {
  const { query, queryTitle, querySlug, random } = context;
  const provider = DATA_PORTALS[(index + query.length) % DATA_PORTALS.length]!;
  const fromYear = random.integer(1990, 2018);
  const toYear = random.integer(Math.max(fromYear + 1, 2020), 2025);
  const title = `${queryTitle} ${random.pick(['statistics', 'survey', 'time series', 'by region', 'annual data', 'index'])} ${fromYear}–${toYear}`;
  const id = `L2cvMTF${random.integer(1e6, 9e6)}`;
  return serpDraft(
    'dataset',
    {
      datasetId: id,
      providers: [{ title: siteName(provider), url: `https://${provider}`, domain: provider }],
      formats: random.shuffle(['csv', 'json', 'xlsx', 'parquet']).slice(0, random.integer(1, 3)).map((format) => ({ format, size: `${random.integer(1, 900)} ${random.pick(['KB', 'MB'])}` })),
      authors: [{ name: `${siteName(provider)} Research Team`, url: null }],
      licenses: [{ title: random.pick(['CC BY 4.0', 'CC0 1.0', 'ODbL 1.0']), url: null }],
      updatedDate: timestampBefore(random.integer(10, 700)).slice(0, 10),
      areaCovered: [random.pick(['United States', 'European Union', 'Worldwide', 'Canada'])],
      periodCovered: { startDate: `${fromYear}-01-01`, endDate: `${toYear}-12-31`, displayedDate: `${fromYear} – ${toYear}` },
      scholarlyCitationsCount: random.chance(0.5) ? random.integer(1, 300) : null,
    },
    { title, url: `https://${provider}/datasets/${querySlug}-${index + 1}`, description: `Data on ${query}, ${fromYear} to ${toYear}, published by ${siteName(provider)}.`, domain: provider },
  );
}

/** Datasets about the query from open-data portals. */
export function sandboxDatasets({ query: rawQuery, depth }: VerticalRequest): SerpResponse {
  const context = webPageContext(rawQuery, 'datasets');
  const drafts = Array.from({ length: depth }, (_, index) => dataset(context, index));
  return page(rawQuery, drafts, roundedCount(depth * context.random.between(3, 40)));
}

const COMPLETIONS = [
  'near me', 'reviews', 'price', 'for sale', 'online', 'vs', 'ideas', 'meaning', 'for beginners', '2026', 'brands', 'cost', 'deals',
  'list', 'types', 'how to', 'guide', 'app', 'jobs', 'history', 'benefits', 'tips', 'definition', 'examples',
];

/** The most suggestions the engine shows for a query. */
const MOST_SUGGESTIONS = 20;

/** `depth` suggestions, each the query plus a completion, the most likely first (at most 20, as the engine shows). */
export function sandboxAutocomplete({ query: rawQuery, depth }: VerticalRequest): SerpResponse {
  const context = webPageContext(rawQuery, 'autocomplete');
  const completions = context.random.shuffle(COMPLETIONS).slice(0, Math.min(depth, MOST_SUGGESTIONS));
  const drafts = completions.map((completion, index) => {
    const suggestion = `${context.query} ${completion}`;
    const url = `https://search.example/search?q=${encodeURIComponent(suggestion)}`;
    return serpDraft('autocomplete', { suggestion, suggestionType: 'QUERY', relevance: 1300 - index * 50, highlighted: [completion], thumbnailUrl: null }, { title: suggestion, url, domain: 'search.example' });
  });
  return page(rawQuery, drafts, drafts.length);
}
