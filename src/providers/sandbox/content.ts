import type { AssistantRequest, ContentProvider, ContentSearchRequest, LlmMentionsRequest, MentionTarget, TrendsRequest } from '../families/content';
import type { ContentResult, LlmMention, LlmMentionsPage, Sentiment, SentimentDistribution, SentimentResult, TrendPoint } from '../../schemas/content';
import { ApiError } from '../../core/errors';
import { lastDayOf, monthAt, monthIndex } from '../../schemas/calendar-month';
import { domainProfile } from './domain-profile';
import { SANDBOX_DATA_MONTH, keywordMetrics } from './keyword-metrics';
import { normaliseKeyword } from '../../schemas/keyword';
import { SeededRandom, roundTo } from './random';
import { remembering } from './memo';
import { selectMentions } from './mention-filter';
import { slugOf, titleCase } from './serp/page-text';
import { rankedSites } from './organic-rankings';
import { UNITED_STATES } from './search-market';

/**
 * The sandbox's content index, trends and AI answers. A keyword's citations are one seeded
 * population: /content/search and /content/sentiment read the same rows, and /content/summary
 * counts the same sentiment mix and averages the same top 100. Trends follow `keywordMetrics`.
 * Citations and answers name the sites the term's results page ranks, the higher-ranked more
 * often (registered names after its words, then general publications): a cited domain is on that
 * page, and one the domain endpoints know.
 */

const DATA_MONTH = monthIndex(SANDBOX_DATA_MONTH);
const SENTIMENTS: readonly Sentiment[] = ['positive', 'neutral', 'negative'];
const SECTIONS = ['news', 'blog', 'reviews', 'opinion', 'guides', 'forum/thread'];


/** A day of the last `months` months of data, YYYY-MM-DD. */
function recentDay(random: SeededRandom, months: number): string {
  return `${lastDayOf(monthAt(random.integer(DATA_MONTH - months + 1, DATA_MONTH))).slice(0, 8)}${String(random.integer(1, 28)).padStart(2, '0')}`;
}

interface Citation extends ContentResult {
  sentimentScore: number;
}

/** How often the web cites a keyword, and in what mood. */
function citationPopulation(keyword: string) {
  const random = new SeededRandom(`content:${keyword}`);
  const totalCount = Math.max(40, Math.round(keywordMetrics(keyword).volume * random.between(3, 30)));
  const weights = [random.between(0.2, 0.6), random.between(0.2, 0.5), random.between(0.05, 0.3)];
  const sum = weights.reduce((total, weight) => total + weight, 0);
  return { totalCount, mix: weights.map((weight) => weight / sum), qualityMean: random.between(45, 80) };
}

const SNIPPETS: Record<Sentiment, (keyword: string) => string> = {
  positive: (keyword) => `Readers keep recommending ${keyword}: it delivered more than we expected and is easy to get started with.`,
  neutral: (keyword) => `An overview of ${keyword}: what it is, what it costs and what to compare before deciding.`,
  negative: (keyword) => `Several buyers report problems with ${keyword}; check the return policy and the alternatives first.`,
};
const SCORE_RANGES: Record<Sentiment, [number, number]> = { positive: [0.25, 0.95], neutral: [-0.2, 0.2], negative: [-0.95, -0.25] };

/**
 * The keyword's citations, most relevant first. Sentiments follow the population's mix with the
 * least possible drift (each prefix of n rows holds within one row of mix × n of each), so any
 * page of results agrees with the summary's distribution.
 */
function citations(rawKeyword: string, limit: number): Citation[] {
  const keyword = normaliseKeyword(rawKeyword);
  const { totalCount, mix, qualityMean } = citationPopulation(keyword);
  const random = new SeededRandom(`citations:${keyword}`);
  const sites = rankedSites(keyword, UNITED_STATES);
  const seen = [0, 0, 0];
  return Array.from({ length: Math.min(limit, totalCount) }, (_, index) => {
    const lag = mix.map((share, kind) => share * (index + 1) - seen[kind]!);
    const kind = lag.indexOf(Math.max(...lag));
    seen[kind]! += 1;
    const sentiment = SENTIMENTS[kind]!;
    const domain = sites[Math.floor(sites.length * random.next() ** 1.5)]!;
    const [low, high] = SCORE_RANGES[sentiment];
    return {
      url: `https://${domain}/${random.pick(SECTIONS)}/${slugOf(keyword)}-${index + 1}`,
      domain,
      title: `${titleCase(keyword)}${random.pick([': What Readers Say', ' Reviewed', ' in 2026', ': A Closer Look', ' — Our Take'])}`,
      snippet: SNIPPETS[sentiment](keyword),
      datePublished: recentDay(random, 24),
      sentiment,
      contentQualityScore: Math.round(Math.min(100, Math.max(5, random.normal(qualityMean, 12)))),
      spamScore: Math.round(random.next() ** 3 * 50),
      sentimentScore: roundTo(random.between(low, high), 3),
    };
  });
}

/** `total` split by `shares`, largest remainders first, so the parts sum to the total. */
function apportion(total: number, shares: number[]): number[] {
  const exact = shares.map((share) => share * total);
  const parts = exact.map(Math.floor);
  const order = exact.map((value, index) => [value - Math.floor(value), index] as const).sort((a, b) => b[0] - a[0]);
  for (let left = total - parts.reduce((sum, part) => sum + part, 0), at = 0; left > 0; left -= 1, at += 1) parts[order[at]![1]]! += 1;
  return parts;
}

function contentSummary(rawKeyword: string) {
  const keyword = normaliseKeyword(rawKeyword);
  const { totalCount, mix } = citationPopulation(keyword);
  const top = citations(keyword, 100);
  const [positive, neutral, negative] = apportion(totalCount, mix) as [number, number, number];
  const sentimentDistribution: SentimentDistribution = { positive, neutral, negative };
  return {
    totalCount,
    avgContentQualityScore: roundTo(top.reduce((sum, row) => sum + row.contentQualityScore, 0) / top.length, 2),
    sentimentDistribution,
  };
}

/** Sunday-started weeks, the last one holding the data month's last day (52 of them: a year). */
function trendWeeks(): string[] {
  const lastDay = new Date(`${lastDayOf(SANDBOX_DATA_MONTH)}T00:00:00Z`);
  const lastWeek = lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
  return Array.from({ length: 52 }, (_, index) => new Date(lastWeek - (51 - index) * 7 * 86_400_000).toISOString().slice(0, 10));
}

function trends({ keywords }: TrendsRequest): { timeline: TrendPoint[]; averages: number[] } {
  const weeks = trendWeeks();
  const series = keywords.map((keyword) => {
    const { trend } = keywordMetrics(keyword);
    const random = new SeededRandom(`trends:${normaliseKeyword(keyword)}`);
    return weeks.map((week) => (trend.find((entry) => entry.month === week.slice(0, 7)) ?? trend[0]!).volume * random.between(0.9, 1.1));
  });
  const peak = Math.max(...series.flat());
  const scaled = series.map((points) => points.map((value) => Math.round((value / peak) * 100)));
  return {
    timeline: weeks.map((date, week) => ({ date, values: scaled.map((points) => points[week]!) })),
    averages: scaled.map((points) => Math.round(points.reduce((sum, value) => sum + value, 0) / points.length)),
  };
}

function assistant({ keyword: rawKeyword }: AssistantRequest) {
  const keyword = normaliseKeyword(rawKeyword);
  const random = new SeededRandom(`assistant:${keyword}`);
  const sites = rankedSites(keyword, UNITED_STATES).slice(0, random.integer(3, 5));
  const references = sites.map((site, index) => ({
    url: `https://${site}/${random.pick(SECTIONS)}/${slugOf(keyword)}`,
    title: `${titleCase(keyword)}${[': A Practical Guide', ' Explained', ': Pros and Cons', ' — Buyer Notes', ': FAQ'][index]}`,
    snippet: `${titleCase(site.split('.')[0]!.replace(/-/g, ' '))} covers ${keyword} in depth.`,
  }));
  const response = [
    `**${titleCase(keyword)}** is a topic people research before deciding; here is a short overview.`,
    `- What it is: sources such as ${sites[0]} describe ${keyword} and its common uses.`,
    `- What to compare: price, reviews and alternatives (see ${sites[1]}).`,
    `- Tip: check recent reviews, since opinions on ${keyword} change over time.`,
  ].join('\n');
  return { response, references };
}

const MODEL_NAMES = { websearch: 'websearch_ai_overview', assistant: 'assistant_search' } as const;

/** How many answers mention the targets: more for strong domains and popular keywords. */
function mentionCount(request: LlmMentionsRequest, random: SeededRandom): number {
  const reach = request.targets
    .filter((target) => target.searchFilter !== 'exclude')
    .reduce((sum, target) => sum + ('domain' in target ? 10 ** (1 + domainProfile(target.domain).domainRating / 25) : keywordMetrics(target.keyword).volume / 20), 0);
  return Math.round(reach * random.between(0.05, 0.3));
}

function timestamp(day: string, random: SeededRandom): string {
  return `${day} ${String(random.integer(0, 23)).padStart(2, '0')}:${String(random.integer(0, 59)).padStart(2, '0')}:00 +00:00`;
}

const LAST_12_MONTHS = Array.from({ length: 12 }, (_, index) => monthAt(DATA_MONTH - 11 + index));

/** The mention at `position` of the population: seeded by its position, so pages agree with each other. */
function mention(request: LlmMentionsRequest, seed: string, position: number): LlmMention {
  const random = new SeededRandom(`${seed}:${position}`);
  const target: MentionTarget = random.pick(request.targets.filter((candidate) => candidate.searchFilter !== 'exclude'));
  const subject = 'domain' in target ? titleCase(target.domain.split('.')[0]!) : normaliseKeyword(target.keyword);
  // Remembered by the ranking: every mention of a target asks for the same ones, and a filtered population asks 10,000 times.
  const sites = rankedSites(normaliseKeyword(subject), UNITED_STATES);
  const subjectTitle = titleCase(subject);
  const slug = slugOf(subject.toLowerCase());
  const cited = 'domain' in target ? [target.domain, ...sites] : sites;
  const volume = random.integer(10, 20_000);
  const firstDay = recentDay(random, 14);
  const lastDay = recentDay(random, 1);
  return {
    platform: request.platform,
    modelName: MODEL_NAMES[request.platform],
    locationCode: request.locationCode,
    languageCode: request.language,
    question: random.pick([`what is the best ${subject}`, `is ${subject} worth it`, `${subject} alternatives`, `how does ${subject} compare`, `${subject} reviews`]),
    answer: `**${subjectTitle}** comes up often. Sources such as ${cited[0]} and ${cited[1]} discuss its strengths, prices and alternatives.`,
    sources: cited.slice(0, random.integer(2, 5)).map((site, index) => ({
      position: index + 1,
      title: `${subjectTitle} — ${titleCase(site.split('.')[0]!.replace(/-/g, ' '))}`,
      url: `https://${site}/${slug}`,
      domain: site,
      sourceName: titleCase(site.split('.')[0]!.replace(/-/g, ' ')),
      snippet: `What ${site} says about ${subject}.`,
      thumbnail: '',
      markdown: '',
      publicationDate: random.chance(0.6) ? timestamp(recentDay(random, 24), random) : '',
    })),
    searchResults: sites.slice(0, random.integer(3, 8)).map((site, index) => ({
      position: index + 1,
      title: `${subjectTitle} on ${site}`,
      url: `https://${site}/${slug}`,
      domain: site,
      description: `Coverage of ${subject} by ${site}.`,
      breadcrumb: `https://${site} › ${slug}`,
      publicationDate: '',
    })),
    aiSearchVolume: volume,
    monthlySearches: LAST_12_MONTHS.map(({ year, month }) => ({ year, month, searchVolume: Math.round(volume * random.between(0.7, 1.3)) })),
    firstResponseAt: timestamp(firstDay, random),
    lastResponseAt: timestamp(lastDay < firstDay ? firstDay : lastDay, random),
    brandEntities: Array.from({ length: random.integer(0, 3) }, (_, index) => ({ position: index + 1, title: titleCase(random.pick(sites).split('.')[0]!), category: random.pick(['Retail', 'Media', 'Software', 'Services']) })),
    fanOutQueries: Array.from({ length: random.integer(0, 4) }, () => `${subject} ${random.pick(['price', 'reviews', 'near me', 'vs competitors', 'pros and cons'])}`),
  };
}

const TOKEN_PREFIX = 'sandbox.';

function offsetOf(request: LlmMentionsRequest): number {
  if (request.searchAfterToken === undefined) return request.offset;
  const offset = request.searchAfterToken.startsWith(TOKEN_PREFIX) ? Number(request.searchAfterToken.slice(TOKEN_PREFIX.length)) : Number.NaN;
  if (!Number.isInteger(offset) || offset < 0) throw new ApiError('VALIDATION_ERROR', 'search_after_token: not a token returned by this endpoint.');
  return offset;
}

/**
 * With filters or a sort, the population read: its first 10,000 mentions (the data provider's own
 * reach by offset, 9,000 + a page of 1,000), each built to be tested: 0.1–0.3 s for the whole of it,
 * in slices that leave the event loop to other calls (./mention-filter.ts).
 */
const MENTIONS_SCANNED = 10_000;

interface Selection {
  request: LlmMentionsRequest;
  seed: string;
  totalCount: number;
}

/** The positions that pass the filters, in order; remembered (as the promise of them), since a walk over pages asks again. */
const selectedPositions = remembering(
  32,
  ({ request, seed, totalCount }: Selection) => selectMentions(Math.min(totalCount, MENTIONS_SCANNED), (position) => mention(request, seed, position), request.filters, request.orderBy),
  ({ request, seed }: Selection) => JSON.stringify([seed, request.filters ?? null, request.orderBy ?? null]),
);

/**
 * A page of the result set. Unfiltered and unsorted, the set is the population and only the page
 * is built; otherwise it is the selected positions of the first `MENTIONS_SCANNED`, and
 * `totalCount` counts them.
 */
async function llmMentions(request: LlmMentionsRequest): Promise<LlmMentionsPage> {
  const seed = `mentions:${request.platform}:${request.locationCode}:${request.language}:${request.targets.map((target) => JSON.stringify(target)).join('|')}`;
  const populationCount = mentionCount(request, new SeededRandom(seed));
  const selected = request.filters === undefined && (request.orderBy ?? []).length === 0 ? undefined : await selectedPositions({ request, seed, totalCount: populationCount });
  const totalCount = selected?.length ?? populationCount;
  const offset = offsetOf(request);
  const positions = Array.from({ length: Math.max(0, Math.min(request.limit, totalCount - offset)) }, (_, index) => selected?.[offset + index] ?? offset + index);
  const mentions = positions.map((position) => mention(request, seed, position));
  const next = offset + mentions.length;
  return { platform: request.platform, totalCount, itemsCount: mentions.length, currentOffset: offset, searchAfterToken: next < totalCount ? `${TOKEN_PREFIX}${next}` : '', mentions };
}

function sentimentView({ url, domain, title, sentiment, sentimentScore, datePublished }: Citation): SentimentResult {
  return { url, domain, title, sentiment, sentimentScore, date: datePublished };
}

function contentView({ sentimentScore: _score, ...result }: Citation): ContentResult {
  return result;
}

export const sandboxContent: ContentProvider = {
  name: 'sandbox',
  async searchContent({ keyword, limit }: ContentSearchRequest) {
    return citations(keyword, limit).map(contentView);
  },
  async sentiment({ keyword, limit }: ContentSearchRequest) {
    return citations(keyword, limit).map(sentimentView);
  },
  async summary({ keyword }) {
    return contentSummary(keyword);
  },
  async trends(request) {
    return trends(request);
  },
  async assistant(request) {
    return assistant(request);
  },
  async llmMentions(request) {
    return llmMentions(request);
  },
};
