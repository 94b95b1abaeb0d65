import { serpPage, type SerpResponse, type SerpResultDraft } from '../../../schemas/serp';
import { intentOf, keywordTotalResults } from '../keyword-metrics';
import { normaliseKeyword } from '../../../schemas/keyword';
import { SeededRandom } from '../random';
import { aiAnswer } from './ai-answer';
import {
  answerBox, featuredSnippet, imagesStrip, knowledgeGraph, localPack, organic, paid, peopleAlsoAsk, peopleAlsoSearch, relatedSearches,
  shopping, topStories, videoCarousel, type PageContext,
} from './blocks';
import { EXTRA_BLOCKS } from './extra-blocks';
import { sitesFor, slugOf, titleCase } from './page-text';

const LOCAL = /near me|\bin [a-z]+$/;
const QUICK_ANSWER = /^(what is|define|how many|how much is|convert)\b/;
const NEWSWORTHY = /\b(news|update|latest|today|election|season)\b/;

/** The context of the web page for a query: seeded by the query alone, like its keyword metrics. */
export function webPageContext(rawQuery: string, seedPrefix = 'serp'): PageContext {
  const query = normaliseKeyword(rawQuery);
  const random = new SeededRandom(`${seedPrefix}:${query}`);
  return {
    query,
    queryWords: query.split(' '),
    queryTitle: titleCase(query),
    querySlug: slugOf(query),
    random,
    intent: intentOf(query),
    sites: sitesFor(query, new SeededRandom(`serp-sites:${query}`)),
  };
}

/** Blocks above the organic results: ads, answers, local pack, knowledge panel. */
function topBlocks(context: PageContext): SerpResultDraft[] {
  const { query, queryWords, random, intent, sites } = context;
  const top: SerpResultDraft[] = [];
  if (queryWords.length <= 2 && random.chance(0.4)) top.push(knowledgeGraph(context));
  if (intent === 'transactional' || intent === 'commercial') {
    for (let count = random.integer(1, 3); count > 0; count -= 1) top.push(paid(context, random.pick(sites)));
  }
  if (intent === 'informational' && random.chance(0.5)) top.push(aiAnswer(context));
  if (QUICK_ANSWER.test(query) && random.chance(0.7)) top.push(answerBox(context));
  else if (intent === 'informational' && random.chance(0.6)) top.push(featuredSnippet(context, sites[0]!));
  if (LOCAL.test(query)) for (let index = 0; index < 3; index += 1) top.push(localPack(context, index));
  return top;
}

/** A block placed among the organic results: built only if the page reaches its place. */
type MiddleBlock = () => SerpResultDraft;

/**
 * Decided now, built later, from a generator of its own: whether the page has room for it (its
 * depth) then changes nothing else on the page, and a short page does not pay for blocks it drops.
 */
function middleBlock(context: PageContext, build: (context: PageContext) => SerpResultDraft): MiddleBlock {
  // The fork is drawn now (it is what fixes the block); the context copy only if the block is built.
  const random = context.random.fork();
  return () => build({ ...context, random });
}

/** Blocks placed among the organic results, in page order. */
function middleBlocks(context: PageContext): MiddleBlock[] {
  const { query, random, intent } = context;
  const middle: MiddleBlock[] = [];
  if (random.chance(0.7)) middle.push(middleBlock(context, peopleAlsoAsk));
  if (intent === 'transactional' && random.chance(0.6)) middle.push(middleBlock(context, shopping));
  if (random.chance(0.45)) middle.push(middleBlock(context, videoCarousel));
  if (intent === 'informational' && random.chance(0.4)) middle.push(middleBlock(context, imagesStrip));
  if (NEWSWORTHY.test(query) || random.chance(0.15)) middle.push(middleBlock(context, topStories));
  for (const extra of EXTRA_BLOCKS) if (extra.when(context) && random.chance(extra.chance)) middle.push(middleBlock(context, extra.build));
  if (random.chance(0.3)) middle.push(middleBlock(context, peopleAlsoSearch));
  return middle;
}

/**
 * A plausible web page: ads first for buying queries, an AI overview, snippet or answer for
 * questions, a local pack for local queries, feature blocks among the organic results every few
 * places, related searches last; exactly `depth` items. The total is the keyword's own
 * `totalResults`, so the page agrees with the keyword endpoints.
 */
export function sandboxWebPage({ query: rawQuery, depth }: { query: string; depth: number }): SerpResponse {
  const context = webPageContext(rawQuery);
  const top = topBlocks(context);
  const middle = middleBlocks(context);
  const closing = depth >= 10 ? [relatedSearches(context)] : [];
  const drafts: SerpResultDraft[] = [...top];
  let organicCount = 0;
  let sinceBlock = 0;
  while (drafts.length < depth - closing.length) {
    if (middle.length > 0 && organicCount >= 3 && sinceBlock >= 2) {
      drafts.push(middle.shift()!());
      sinceBlock = 0;
    } else {
      drafts.push(organic(context, context.sites[organicCount % context.sites.length]!, organicCount));
      organicCount += 1;
      sinceBlock += 1;
    }
  }
  drafts.push(...closing);
  return serpPage(rawQuery, keywordTotalResults(context.query), drafts.slice(0, depth));
}
