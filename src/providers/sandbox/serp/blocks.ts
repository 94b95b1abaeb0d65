import { serpDraft, type SerpResultDraft, type SerpResultOf } from '../../../schemas/serp';
import type { Keyword } from '../../../schemas/keyword';
import type { Place } from '../../../schemas/place';
import type { SeededRandom } from '../random';
import { cidOf } from '../places/place-record';
import { siteName, timestampBefore } from './page-text';
import { SANDBOX_DATA_MONTH } from '../data-month';
import { VIDEO_SITE } from '../known-sites';
import { WEB } from '../video/channels';
import { coverUrl } from '../video/records';
import { someMadeVideos } from '../video/made';
import { remembering } from '../memo';
import { isoTime } from '../video/texts';

/** What every block builder of a sandbox results page reads. */
export interface PageContext {
  query: string;
  /** The query's words (split on its single spaces), for the blocks that quote some of them. */
  queryWords: readonly string[];
  /** The query title-cased and slugged, as results show it in titles and URLs. */
  queryTitle: string;
  querySlug: string;
  random: SeededRandom;
  /** The sites this query surfaces, best first. */
  sites: readonly string[];
  intent: Keyword['intent'];
  /** The places the maps search finds for the query, best first: searched on first use. */
  places: () => readonly Place[];
  /** For a search of a site's name, the site and then rivals of its kind bidding on it (empty otherwise): read on first use. */
  advertisers: () => readonly string[];
}

type OrganicData = SerpResultOf<'organic'>['data'];

export function ratingOf(random: SeededRandom, low = 3.6): NonNullable<OrganicData['rating']> {
  return { ratingType: 'Max5', value: Math.round(random.between(low, 4.9) * 10) / 10, votesCount: random.integer(12, 4800), bestRating: 5 };
}

export function priceOf(random: SeededRandom, low: number, high: number): NonNullable<OrganicData['price']> {
  const current = Math.round(random.between(low, high)) - 0.01;
  return { current, currency: 'USD', displayedPrice: `$${current.toFixed(2)}` };
}

// Every page has several organic results and often ads: their word lists are made once.
const ORGANIC_SECTIONS = ['guides', 'blog', 'articles', 'reviews', 'learn'];
const ORGANIC_TITLE_ENDINGS = [': The Complete Guide', ' — What You Need to Know', ' (Updated 2026)', ': Tips and Ideas', ' Explained'];
const AD_TITLE_ENDINGS = ['Official Store', 'Free Shipping', 'Save Up To 30%', 'Shop Now'];

/**
 * The section a site files its page about a query under: read from the names, not drawn from the
 * page's generator, so the domain endpoints can name the very URL a page shows for a site.
 */
const sectionOf = (site: string, querySlug: string) => ORGANIC_SECTIONS[(site.length + querySlug.length) % ORGANIC_SECTIONS.length]!;

/** Whether a query (slugged) is the site's own name: its first result for it is its home page. */
const isHomePage = (site: string, querySlug: string, round: number) =>
  round === 0 && site.length > querySlug.length && site.charCodeAt(querySlug.length) === 46 && site.startsWith(querySlug);

/**
 * The URL of `site`'s `round`-th page about a query (0 = its first) among a page's organic results:
 * for a search of its own name, first its home page.
 */
export function organicUrl(site: string, querySlug: string, round: number): string {
  if (isHomePage(site, querySlug, round)) return `https://${site}/`;
  return `https://${site}/${sectionOf(site, querySlug)}/${querySlug}${round > 0 ? `-part-${round + 1}` : ''}`;
}

/** The `index`-th organic result (0-based): `site`'s `round`-th page about the query. */
export function organic({ query, queryWords, queryTitle, querySlug, random }: PageContext, site: string, index: number, round: number): SerpResultDraft {
  const home = isHomePage(site, querySlug, round);
  const section = sectionOf(site, querySlug);
  const url = organicUrl(site, querySlug, round);
  const data: OrganicData = {
    breadcrumb: home ? `https://${site}` : `https://${site} › ${section}`,
    websiteName: siteName(site),
    isImage: false,
    isVideo: false,
    isFeaturedSnippet: false,
    isMalicious: false,
    preSnippet: null,
    extendedSnippet: null,
    highlighted: queryWords.slice(0, 2),
    links: index === 0 ? [{ title: 'Buying guide', url: `https://${site}/buying-guide`, description: null }, { title: 'FAQ', url: `https://${site}/faq`, description: null }] : null,
    faq: null,
    rating: random.chance(0.15) ? ratingOf(random) : null,
    price: null,
    timestamp: random.chance(0.4) ? timestampBefore(random.integer(1, 270)) : null,
    ampVersion: false,
    aboutThisResult: null,
    relatedResult: null,
  };
  // Drawn for a home page too (after the data, as always), so the page's later results draw the same either way.
  const title = `${queryTitle}${random.pick(ORGANIC_TITLE_ENDINGS)}`;
  return serpDraft('organic', data, {
    title: home ? siteName(site) : title,
    url,
    description: `Everything about ${query}: compare options, read expert advice and find what suits you. Updated regularly by the ${site} team.`,
    domain: site,
  });
}

/** An ad of `site`'s for the query, headed by the query (or, for a rival bidding on a brand's name, by its own name). */
export function paid({ query, queryWords, queryTitle, querySlug, random }: PageContext, site: string, headline = queryTitle): SerpResultDraft {
  return serpDraft(
    'paid',
    {
      // The ad's own address, as the page shows it (decoded, as a browser shows it).
      breadcrumb: `${site}/lp/${decodeURIComponent(querySlug)}`,
      highlighted: [queryWords[0]!],
      extra: null,
      descriptionRows: ['Free returns', 'Price match guarantee'],
      links: null,
      faq: null,
      rating: null,
      price: null,
    },
    {
      title: `${headline} — ${random.pick(AD_TITLE_ENDINGS)}`,
      url: `https://${site}/lp/${querySlug}`,
      description: `Shop ${query} at ${site}. Fast delivery and easy returns.`,
      domain: site,
    },
  );
}

export function peopleAlsoAsk({ query, querySlug, sites }: PageContext): SerpResultDraft {
  const questions = [`What is the best ${query}?`, `How much does ${query} cost?`, `Is ${query} worth it?`, `How do I choose ${query}?`];
  return serpDraft('peopleAlsoAsk', {
    items: questions.map((title, index) => {
      const site = sites[index % sites.length]!;
      return {
        title,
        seedQuestion: null,
        expandedElement: [{ type: 'peopleAlsoAskExpandedElement', title, url: `https://${site}/answers/${querySlug}`, domain: site, description: `A short answer about ${query}.` }],
      };
    }),
  });
}

export function relatedSearches({ query }: PageContext): SerpResultDraft {
  const modifiers = ['best', 'cheap', 'near me', 'reviews', 'vs', 'for beginners'];
  return serpDraft('relatedSearches', { items: modifiers.map((modifier) => (modifier === 'best' || modifier === 'cheap' ? `${modifier} ${query}` : `${query} ${modifier}`)) });
}

export function peopleAlsoSearch({ query }: PageContext): SerpResultDraft {
  return serpDraft('peopleAlsoSearch', { items: ['alternatives', 'ideas', 'history', 'examples'].map((word) => `${query} ${word}`) }, { title: 'People also search for' });
}

/** A place's maps rating as results pages show it; null for a place nobody rated. */
export function placeRating({ rating, userRatingCount }: Place): OrganicData['rating'] {
  return rating === undefined ? null : { ratingType: 'Max5', value: rating, votesCount: userRatingCount ?? 0, bestRating: 5 };
}

/** The `index`-th (0-based) place of the local pack: the maps search's own place, as it lists it. */
export function localPack({ places }: PageContext, index: number): SerpResultDraft {
  const place = places()[index]!;
  const website = place.website ?? undefined;
  return serpDraft(
    'localPack',
    { rating: placeRating(place), phone: place.internationalPhone ?? place.phone ?? null, address: place.address, cid: cidOf(place.id), isMapsItem: true, isPaid: false },
    { title: place.name, url: website ?? '', domain: website ? new URL(website).hostname : '', description: place.shortAddress },
  );
}

/** Results pages see the video platform as of the data month: a video uploaded since is not on it yet. */
export const PLATFORM_SEEN_BEFORE = Date.UTC(SANDBOX_DATA_MONTH.year, SANDBOX_DATA_MONTH.month - 1, 1) / 1000;

/** An upload's time as results pages show it: `yyyy-mm-dd hh:mm:ss +00:00`. */
export const platformTime = (seconds: number) => `${isoTime(seconds).slice(0, 10)} ${isoTime(seconds).slice(11, 19)} +00:00`;

/**
 * The carousel: three of the video platform's videos made for the query (no catalog search per
 * page), with its own links, so each opens there. Remembered for the last 1,024 queries, as a
 * query's ranking and layout are: a page asked again is made from memories.
 */
const carouselVideos = remembering(1_024, (query: string) => someMadeVideos(query, PLATFORM_SEEN_BEFORE, 3));

export function videoCarousel({ query }: PageContext): SerpResultDraft {
  return serpDraft('video', {
    items: carouselVideos(query).map((video) => ({
      title: video.title, url: `${WEB}/watch?v=${video.id}`, source: VIDEO_SITE, date: platformTime(video.published), thumbnail: coverUrl(video),
    })),
  });
}

export function featuredSnippet({ query, queryTitle, querySlug }: PageContext, site: string): SerpResultDraft {
  return serpDraft(
    'featuredSnippet',
    { featuredTitle: queryTitle, timestamp: null, images: null, table: null },
    {
      title: `${queryTitle}: a quick answer`,
      url: `https://${site}/answers/${querySlug}`,
      description: `In short: ${query} depends on your needs and budget; most people start with a mid-range option.`,
      domain: site,
    },
  );
}

export function knowledgeGraph({ query, queryTitle, querySlug, sites }: PageContext): SerpResultDraft {
  return serpDraft(
    'knowledgeGraph',
    {
      subTitle: 'Topic',
      cardId: `/g/${query.length}${query.charCodeAt(0)}`,
      imageUrl: null,
      items: [
        { type: 'knowledgeGraphDescriptionItem', title: 'Description', text: `${queryTitle} is a widely searched topic.` },
        { type: 'knowledgeGraphRowItem', title: 'Related', text: `${query} history, ${query} types` },
      ],
      images: [`https://${sites[0]}/images/${querySlug}.jpg`],
    },
    { title: queryTitle, description: `${queryTitle} is a widely searched topic.`, url: `https://${sites[0]}/${querySlug}`, domain: sites[0]! },
  );
}

export function imagesStrip({ query, querySlug, sites }: PageContext): SerpResultDraft {
  return serpDraft(
    'images',
    { items: sites.slice(0, 4).map((site, index) => ({ alt: `${query} ${index + 1}`, url: `https://${site}/${querySlug}`, imageUrl: `https://${site}/images/${querySlug}-${index + 1}.jpg` })) },
    { title: `Images for ${query}` },
  );
}

export function topStories({ queryTitle, querySlug, sites, random }: PageContext): SerpResultDraft {
  return serpDraft(
    'topStories',
    {
      items: sites.slice(0, 3).map((site, index) => ({
        title: `${queryTitle}: ${random.pick(['what changed this season', 'the latest numbers', 'experts weigh in'])}`,
        url: `https://${site}/news/${querySlug}-${index + 1}`,
        source: siteName(site),
        domain: site,
        date: timestampBefore(index + 1, 8 + index),
        imageUrl: null,
      })),
    },
    { title: 'Top stories' },
  );
}

export function shopping({ query, queryTitle, querySlug, sites, random }: PageContext): SerpResultDraft {
  return serpDraft(
    'shopping',
    {
      items: sites.slice(0, 4).map((site) => ({
        title: `${queryTitle} ${random.pick(['Pro', 'Classic', 'Lite', 'Max'])}`,
        url: `https://${site}/p/${querySlug}`,
        price: priceOf(random, 20, 240),
        source: siteName(site),
        rating: random.chance(0.7) ? ratingOf(random) : null,
        deliveryInfo: random.pick(['Free delivery', 'Free 2-day delivery', null]),
      })),
    },
    { title: `Shop ${query}` },
  );
}

export function answerBox({ queryTitle, querySlug, sites }: PageContext): SerpResultDraft {
  return serpDraft(
    'answerBox',
    { text: [`${queryTitle}: the short answer depends on context.`, 'See the sources below for details.'], links: [{ title: siteName(sites[0]!), url: `https://${sites[0]}/${querySlug}`, description: null }] },
    { description: `${queryTitle}: the short answer depends on context.` },
  );
}
