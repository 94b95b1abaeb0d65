import { serpDraft, type SerpResultDraft, type SerpResultType } from '../../../schemas/serp';
import { cidOf, streetAddress } from '../places/place-record';
import { placeRating, priceOf, ratingOf, type PageContext } from './blocks';
import { siteName, slugOf, timestampBefore, titleCase } from './page-text';
import { cityNamedIn, cityOfRegion, type City } from '../places/cities';
import { categoryOfQuery, GENERAL_CATEGORY } from '../places/categories';

/** Where a page's events and jobs are: the city its query names, else the maps search's default (as in its local pack). */
function cityOf(query: string): City {
  return cityNamedIn(query) ?? cityOfRegion(undefined);
}

/** "Seattle, WA", "London, UK": a city as addresses end. */
function placeLine(city: City): string {
  return `${city.name}, ${city.state ?? city.countryName}`;
}

/**
 * The less common blocks of a web results page, each with the queries that plausibly trigger it:
 * recipes for cooking queries, flights for travel, jobs for careers, and so on. `when` reads the
 * query and its intent; `chance` keeps pages of similar queries from looking identical.
 */
interface ExtraBlock {
  /** The type `build` makes, known before it is built (a keyword's SERP features read it). */
  type: SerpResultType;
  when: (context: Pick<PageContext, 'query' | 'intent'>) => boolean;
  chance: number;
  build: (context: PageContext) => SerpResultDraft;
}

const matches = (pattern: RegExp) => (context: Pick<PageContext, 'query'>) => pattern.test(context.query);
/** "… near me", or "… in <one word>" in any alphabet (where the maps search looks for the word's city): "in münchen" too. */
const NEAR_ME_OR_IN_A_WORD = /near me|(^|\s)in [\p{L}\p{M}]+$/u;
/** "… in <two or three words>": local when they name a city on the maps sandbox's map. */
const IN_A_PLACE = /\bin ((?:\S+ ){1,2}\S+)$/;

/**
 * A query about places somewhere: "coffee near me", "coffee in berlin", "coffee in new york",
 * "coffee in são paulo", or, in a query in another language (which has no "in"), a kind of place
 * and a city on the map side by side ("カフェ 東京", "кофе москва") — the queries whose page shows a
 * local pack and a map, as the maps search finds the place they name.
 */
export function isLocalQuery(query: string): boolean {
  if (NEAR_ME_OR_IN_A_WORD.test(query)) return true;
  const place = IN_A_PLACE.exec(query)?.[1];
  if (place !== undefined && cityNamedIn(place) !== undefined) return true;
  return /[^\x00-\x7f]/.test(query) && categoryOfQuery(query) !== GENERAL_CATEGORY && cityNamedIn(query) !== undefined;
}

function cards({ queryTitle, querySlug, sites, random }: PageContext, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    title: `${queryTitle} ${random.pick(['classic', 'modern', 'compact', 'premium', 'original'])}`,
    subtitle: siteName(sites[index % sites.length]!),
    imageUrl: `https://${sites[index % sites.length]}/images/${querySlug}-${index + 1}.jpg`,
  }));
}

export const EXTRA_BLOCKS: readonly ExtraBlock[] = [
  {
    type: 'micro',
    when: matches(/\b(news|update|latest|today|live)\b/),
    chance: 0.9,
    build: ({ query, queryTitle, random }) =>
      serpDraft('micro', { items: [1, 2].map((day) => ({ text: `Thread: what everyone gets wrong about ${query}.`, url: `https://micro.example/post/${random.integer(1e9, 9e9)}`, date: timestampBefore(day) })) }, { title: `${queryTitle} on micro` }),
  },
  {
    type: 'events',
    when: matches(/\b(events?|concerts?|festival|tickets|shows?)\b/),
    chance: 0.9,
    build: ({ query, queryTitle, querySlug, sites, random }) =>
      serpDraft('events', {
        items: sites.slice(0, 3).map((site, index) => ({
          title: `${queryTitle} ${2026}`,
          url: `https://${site}/events/${querySlug}-${index + 1}`,
          description: `Live ${query} with guests.`,
          startDate: `2026-${10 + (index % 3)}-${String(random.integer(10, 28)).padStart(2, '0')} 19:00:00 +00:00`,
          endDate: null,
          venue: `${titleCase(random.pick(['Harbor', 'Civic', 'Union', 'Grand']))} Hall`,
          address: streetAddress(cityOf(query), random).full,
        })),
      }, { title: 'Events' }),
  },
  {
    type: 'jobs',
    when: matches(/\b(jobs?|careers?|hiring|salary|remote)\b/),
    chance: 0.95,
    build: ({ query, sites, random }) =>
      serpDraft('jobs', {
        items: sites.slice(0, 3).map((site, index) => ({
          title: titleCase(query.replace(/\b(jobs?|careers?|hiring)\b/g, '').trim() || query),
          url: `https://${site}/jobs/${random.integer(1e5, 9e5)}`,
          employer: siteName(site),
          location: /\bremote\b/.test(query) ? 'Remote' : random.pick([placeLine(cityOf(query)), placeLine(cityOf(query)), 'Remote']),
          source: 'jobsboard.example',
          postedAt: timestampBefore(index + 2),
          salary: random.chance(0.6) ? `$${random.integer(55, 140)}K a year` : null,
          contractType: random.pick(['Full-time', 'Contract', 'Part-time']),
        })),
      }, { title: 'Jobs' }),
  },
  {
    type: 'recipes',
    when: matches(/\b(recipes?|cook|bake|dinner|cake|soup|how to make)\b/),
    chance: 0.95,
    build: ({ queryTitle, querySlug, sites, random }) =>
      serpDraft('recipes', {
        items: sites.slice(0, 3).map((site) => ({ title: `Easy ${queryTitle}`, url: `https://${site}/recipes/${querySlug}`, source: siteName(site), totalTime: `${random.integer(15, 90)} min`, rating: ratingOf(random, 4) })),
      }, { title: 'Recipes' }),
  },
  {
    type: 'topSights',
    when: matches(/\b(things to do|attractions|visit|travel|tour)\b/),
    chance: 0.9,
    build: ({ query, sites, random }) =>
      serpDraft('topSights', { items: ['Old Town', 'Harbor Walk', 'City Museum'].map((name, index) => ({ title: name, url: `https://${sites[index]}/sights/${slugOf(name)}`, description: `A favourite for ${query}.`, rating: ratingOf(random, 4.2) })) }, { title: 'Top sights' }),
  },
  {
    type: 'scholarlyArticles',
    when: matches(/\b(study|studies|research|effects?|paper|journal|science)\b/),
    chance: 0.85,
    build: ({ query, querySlug, random }) =>
      serpDraft('scholarlyArticles', { items: [1, 2, 3].map((index) => ({ title: `On ${query}: evidence from ${random.integer(3, 40)} trials`, url: `https://scholar.example/articles/${querySlug}-${index}`, source: 'Journal of Applied Studies', citation: `Cited by ${random.integer(4, 900)}` })) }, { title: `Scholarly articles for ${query}` }),
  },
  {
    type: 'popularProducts',
    when: (context) => context.intent === 'transactional' || context.intent === 'commercial',
    chance: 0.45,
    build: ({ queryTitle, querySlug, sites, random }) =>
      serpDraft('popularProducts', { items: sites.slice(0, 4).map((site) => ({ title: `${queryTitle} ${random.pick(['X1', 'Air', 'Plus', 'One'])}`, url: `https://${site}/products/${querySlug}`, price: priceOf(random, 25, 300), seller: siteName(site), rating: ratingOf(random) })) }, { title: 'Popular products' }),
  },
  {
    type: 'hotelsPack',
    when: matches(/\b(hotels?|stay|resort|lodging)\b/),
    chance: 0.95,
    build: ({ query, querySlug, sites, random }) =>
      serpDraft('hotelsPack', { items: sites.slice(0, 3).map((site) => ({ title: `${titleCase(random.pick(['Harbor', 'Park', 'Union', 'Bay']))} Inn`, url: `https://${site}/hotels/${querySlug}`, domain: site, price: priceOf(random, 90, 420), rating: ratingOf(random, 3.9), isPaid: false })) }, { title: `Hotels | ${query}` }),
  },
  {
    type: 'googleFlights',
    when: matches(/\b(flights?|fly|airfare)\b/),
    chance: 0.95,
    build: ({ query, queryTitle, random }) =>
      serpDraft('googleFlights', { items: ['Nonstop', '1 stop'].map((stops) => ({ title: queryTitle, url: `https://flights.example/search?q=${encodeURIComponent(query)}`, description: `${stops} · ${random.integer(2, 14)} h · from $${random.integer(89, 640)}` })) }, { title: `Flights | ${query}` }),
  },
  {
    type: 'googleReviews',
    when: (context) => isLocalQuery(context.query) || /\breviews?\b/.test(context.query),
    chance: 0.6,
    // The reviews of the maps search's first place for the query, as /v1/maps/reviews gives them.
    build: ({ places }) => {
      const place = places()[0]!;
      return serpDraft('googleReviews', { rating: placeRating(place), reviewsCount: place.userRatingCount ?? 0, placeId: place.id, cid: cidOf(place.id) }, { title: `${place.name} reviews` });
    },
  },
  {
    type: 'thirdPartyReviews',
    when: (context) => context.intent === 'commercial',
    chance: 0.3,
    build: ({ query, queryTitle, querySlug, sites, random }) =>
      serpDraft('thirdPartyReviews', { rating: ratingOf(random), reviewText: `Solid choice for ${query}; fair price.` }, { title: `${queryTitle} reviews`, url: `https://${sites[1]}/reviews/${querySlug}`, domain: sites[1]! }),
  },
  {
    type: 'googlePosts',
    when: (context) => context.intent === 'navigational',
    chance: 0.5,
    build: ({ query, queryTitle, sites }) =>
      serpDraft('googlePosts', { items: [1, 2].map((index) => ({ title: `${queryTitle} update`, url: `https://${sites[0]}/posts/${index}`, snippet: `News from the ${query} team.`, date: timestampBefore(index * 5) })) }, { title: `From ${queryTitle}` }),
  },
  { type: 'carousel', when: (context) => context.intent === 'informational' && context.query.split(' ').length <= 2, chance: 0.3, build: (context) => serpDraft('carousel', { items: cards(context, 5) }, { title: `${context.queryTitle} types` }) },
  { type: 'multiCarousel', when: (context) => context.intent === 'commercial', chance: 0.2, build: (context) => serpDraft('multiCarousel', { items: cards(context, 6) }, { title: `Compare ${context.query}` }) },
  {
    type: 'mentionCarousel',
    when: matches(/\b(best|top)\b/),
    chance: 0.5,
    build: ({ queryTitle, querySlug, sites }) => serpDraft('mentionCarousel', { items: sites.slice(0, 3).map((site) => ({ title: queryTitle, url: `https://${site}/${querySlug}`, source: siteName(site) })) }, { title: `${queryTitle} mentioned on the web` }),
  },
  {
    type: 'app',
    when: matches(/\b(app|apps|download)\b/),
    chance: 0.9,
    build: ({ query, queryTitle, querySlug, random }) =>
      serpDraft('app', { items: [1, 2].map((index) => ({ title: `${queryTitle} ${index === 1 ? '' : 'Pro'}`.trim(), url: `https://apps.example/app/${querySlug}-${index}`, appId: `com.example.${querySlug.replace(/-/g, '')}${index}`, description: `The ${query} app.`, rating: ratingOf(random, 3.9), price: null })) }, { title: 'Apps' }),
  },
  { type: 'map', when: (context) => isLocalQuery(context.query), chance: 0.7, build: ({ places }) => serpDraft('map', { address: places()[0]!.address, cid: cidOf(places()[0]!.id) }, { title: 'Map' }) },
];
