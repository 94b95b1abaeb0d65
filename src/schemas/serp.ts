import { z } from 'zod';

export const SERP_RESULT_TYPES = [
  'organic', 'paid', 'featuredSnippet', 'peopleAlsoAsk', 'relatedSearches', 'peopleAlsoSearch', 'localPack',
  'knowledgeGraph', 'video', 'topStories', 'images', 'shopping', 'micro', 'answerBox', 'events', 'jobs', 'recipes',
  'topSights', 'scholarlyArticles', 'popularProducts', 'hotelsPack', 'googleFlights', 'googleReviews',
  'thirdPartyReviews', 'googlePosts', 'carousel', 'multiCarousel', 'mentionCarousel', 'app', 'map',
] as const;

export const SerpResultType = z.enum(SERP_RESULT_TYPES);

/** One item of a results page. `data` holds the type-specific fields, camelCase. */
export const SerpResult = z
  .object({
    position: z.number().int().positive().meta({ description: '1-indexed position on the page.' }),
    type: SerpResultType.meta({ description: 'Result type.' }),
    title: z.string().meta({ description: 'Result title (empty for some types).' }),
    url: z.string().meta({ description: 'Result URL (empty for some types).' }),
    description: z.string().meta({ description: 'Snippet.' }),
    domain: z.string().meta({ description: 'Domain of the URL.' }),
    data: z.record(z.string(), z.unknown()).nullable().meta({ description: 'Type-specific fields, camelCase; null when there are none.' }),
  })
  .meta({ id: 'SerpResult' });

export const SerpResponse = z
  .object({
    query: z.string(),
    totalResults: z.number().int().nonnegative().meta({ description: 'Results the engine reports for the query.' }),
    itemTypes: z.array(SerpResultType).meta({ description: 'Distinct result types present, in order of first appearance.' }),
    results: z.array(SerpResult),
  })
  .meta({ id: 'SerpResponse' });

export type SerpResult = z.infer<typeof SerpResult>;
export type SerpResponse = z.infer<typeof SerpResponse>;
