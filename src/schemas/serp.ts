import { z } from 'zod';

/**
 * The SERP result item of the spec: `{position, type, title, url, description, domain, data}`,
 * modelled as a union discriminated on `type`, so each type documents its own `data` fields
 * (camelCase; a field the engine did not show is null). Every engine answers with the same
 * wrapper; each declares which types it can return (SERP_ENGINE_TYPES).
 */

const text = (description: string) => z.string().meta({ description });
const optionalText = (description: string) => z.string().nullable().meta({ description });
const optionalNumber = (description: string) => z.number().nullable().meta({ description });
const strings = (description: string) => z.array(z.string()).meta({ description });

export const SerpRating = z
  .object({
    ratingType: optionalText('Rating scale, e.g. Max5.'),
    value: optionalNumber('Rating value.'),
    votesCount: optionalNumber('Number of votes.'),
    bestRating: optionalNumber('Highest value of the scale.'),
  })
  .meta({ id: 'SerpRating' });

export const SerpPrice = z
  .object({
    current: optionalNumber('Price as a number.'),
    currency: optionalText('ISO currency code.'),
    displayedPrice: optionalText('Price as shown on the page.'),
  })
  .meta({ id: 'SerpPrice' });

export const SerpLink = z
  .object({ title: text('Link text.'), url: text('Link URL.'), description: optionalText('Text under the link.') })
  .meta({ id: 'SerpLink' });

const rating = SerpRating.nullable();
const price = SerpPrice.nullable();
const links = z.array(SerpLink);
const listOf = <Shape extends z.ZodRawShape>(shape: Shape, description: string) => ({ items: z.array(z.object(shape)).meta({ description }) });
const titledLink = { title: text('Title.'), url: text('URL.') };

/** `data` of each result type. */
const DATA = {
  organic: {
    breadcrumb: text('Breadcrumb shown under the title.'),
    websiteName: text('Site name shown with the result.'),
    isImage: z.boolean(),
    isVideo: z.boolean(),
    isFeaturedSnippet: z.boolean(),
    isMalicious: z.boolean(),
    preSnippet: optionalText('Text before the snippet (dates, counts).'),
    extendedSnippet: optionalText('Extra snippet text.'),
    highlighted: strings('Words the engine set in bold.'),
    links: links.nullable().meta({ description: 'Sitelinks.' }),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })).nullable().meta({ description: 'FAQ rich result.' }),
    rating,
    price,
    timestamp: optionalText('Publication date, `yyyy-mm-dd hh:mm:ss +00:00`.'),
    ampVersion: z.boolean(),
    aboutThisResult: z
      .object({ source: optionalText('Who published it.'), sourceInfo: optionalText('About the source.'), language: optionalText('Language.'), location: optionalText('Location.'), searchTerms: strings('Terms that matched.') })
      .nullable(),
    relatedResult: z.array(z.object({ ...titledLink, description: optionalText('Snippet.'), breadcrumb: optionalText('Breadcrumb.') })).nullable(),
  },
  paid: {
    breadcrumb: text('Display URL.'),
    highlighted: strings('Words the engine set in bold.'),
    extra: z.object({ adAclk: optionalText('Ad click identifier.') }).nullable(),
    descriptionRows: strings('Extra ad text lines.'),
    links: links.nullable().meta({ description: 'Ad sitelinks.' }),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })).nullable(),
    rating,
    price,
  },
  featuredSnippet: {
    featuredTitle: optionalText('Heading of the snippet.'),
    timestamp: optionalText('Publication date.'),
    images: z.array(z.object({ alt: z.string(), url: z.string(), imageUrl: z.string() })).nullable(),
    table: z.object({ header: z.array(z.string()), rows: z.array(z.array(z.string())) }).nullable(),
  },
  peopleAlsoAsk: listOf(
    {
      title: text('The question.'),
      seedQuestion: optionalText('Question that led to this one.'),
      expandedElement: z.array(z.object({ type: z.string(), title: z.string(), url: z.string(), domain: z.string(), description: z.string() })),
    },
    'Questions with their expanded answers.',
  ),
  relatedSearches: { items: strings('Related queries.') },
  peopleAlsoSearch: { items: strings('Queries people also search for.') },
  localPack: {
    rating,
    phone: optionalText('Phone number.'),
    address: optionalText('Address line.'),
    cid: optionalText('Maps listing identifier.'),
    isMapsItem: z.boolean().meta({ description: 'True when the entry is a maps listing (it has a cid).' }),
    isPaid: z.boolean(),
  },
  knowledgeGraph: {
    subTitle: optionalText('Entity category, e.g. Topic or Company.'),
    cardId: optionalText('Knowledge panel identifier.'),
    imageUrl: optionalText('Main image.'),
    items: z.array(z.object({ type: z.string(), title: z.string(), text: z.string() })).meta({ description: 'Facts and descriptions in the panel.' }),
    images: strings('Image URLs in the panel.'),
  },
  video: listOf({ ...titledLink, source: text('Hosting site.'), date: optionalText('Publication date.'), thumbnail: optionalText('Thumbnail URL.') }, 'Videos in the carousel.'),
  topStories: listOf({ ...titledLink, source: text('Publisher.'), domain: z.string(), date: optionalText('Publication date.'), imageUrl: optionalText('Image URL.') }, 'Stories.'),
  images: listOf({ alt: text('Alt text.'), url: text('Page URL.'), imageUrl: text('Image URL.') }, 'Images in the strip.'),
  shopping: listOf({ ...titledLink, price, source: text('Merchant.'), rating, deliveryInfo: optionalText('Delivery terms.') }, 'Products.'),
  micro: listOf({ text: text('Post text.'), url: text('Post URL.'), date: optionalText('Posting date.') }, 'Posts from a microblogging site.'),
  answerBox: { text: strings('Answer lines.'), links },
  events: listOf(
    { ...titledLink, description: optionalText('Description.'), startDate: optionalText('Start.'), endDate: optionalText('End.'), venue: optionalText('Venue.'), address: optionalText('Venue address.') },
    'Events.',
  ),
  jobs: listOf(
    { ...titledLink, employer: optionalText('Employer.'), location: optionalText('Location.'), source: optionalText('Job board.'), postedAt: optionalText('Posting date.'), salary: optionalText('Salary.'), contractType: optionalText('Contract type.') },
    'Job postings.',
  ),
  recipes: listOf({ ...titledLink, source: optionalText('Site.'), totalTime: optionalText('Preparation time.'), rating }, 'Recipes.'),
  topSights: listOf({ ...titledLink, description: optionalText('Short description.'), rating }, 'Places to visit.'),
  scholarlyArticles: listOf({ ...titledLink, source: optionalText('Journal or publisher.'), citation: optionalText('Citation line.') }, 'Articles.'),
  popularProducts: listOf({ ...titledLink, price, seller: optionalText('Seller.'), rating }, 'Products.'),
  hotelsPack: listOf({ ...titledLink, domain: z.string(), price, rating, isPaid: z.boolean() }, 'Hotels.'),
  googleFlights: listOf({ ...titledLink, description: optionalText('Airlines, duration, price.') }, 'Flight options.'),
  googleReviews: { rating, reviewsCount: optionalNumber('Number of reviews.'), placeId: optionalText('Place identifier.'), cid: optionalText('Maps listing identifier.') },
  thirdPartyReviews: { rating, reviewText: optionalText('Review excerpt.') },
  googlePosts: listOf({ ...titledLink, snippet: optionalText('Post text.'), date: optionalText('Posting date.') }, 'Posts by the business.'),
  carousel: listOf({ title: text('Title.'), subtitle: optionalText('Subtitle.'), imageUrl: optionalText('Image URL.') }, 'Carousel cards.'),
  multiCarousel: listOf({ title: text('Title.'), subtitle: optionalText('Subtitle.'), imageUrl: optionalText('Image URL.') }, 'Cards of every carousel row.'),
  mentionCarousel: listOf({ ...titledLink, source: optionalText('Where it was mentioned.') }, 'Entities mentioned across the web.'),
  app: listOf({ ...titledLink, appId: optionalText('App identifier.'), description: optionalText('Description.'), rating, price }, 'Apps.'),
  map: { address: optionalText('Address shown with the map.'), cid: optionalText('Maps listing identifier.') },
  aiOverview: {
    markdown: text('The AI answer, markdown.'),
    references: z.array(z.object({ ...titledLink, domain: z.string(), source: optionalText('Source name.'), text: optionalText('Cited passage.') })).meta({ description: 'Cited sources.' }),
  },
  imagesSearch: { subtitle: optionalText('Site name.'), alt: optionalText('Alt text.'), sourceUrl: optionalText('Image file URL.'), encodedUrl: optionalText("Engine's cached image URL.") },
  newsSearch: { source: optionalText('Publisher.'), imageUrl: optionalText('Image URL.'), timePublished: optionalText('Age as shown, e.g. 3 days ago.'), timestamp: optionalText('Publication date, `yyyy-mm-dd hh:mm:ss +00:00`.') },
  dataset: {
    datasetId: optionalText('Dataset search identifier.'),
    providers: z.array(z.object({ ...titledLink, domain: z.string() })),
    formats: z.array(z.object({ format: z.string(), size: z.string().nullable() })),
    authors: z.array(z.object({ name: z.string(), url: z.string().nullable() })),
    licenses: z.array(z.object({ title: z.string(), url: z.string().nullable() })),
    updatedDate: optionalText('Last update.'),
    areaCovered: strings('Areas covered.'),
    periodCovered: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable(), displayedDate: z.string().nullable() }).nullable(),
    scholarlyCitationsCount: optionalNumber('Scholarly citations.'),
  },
  autocomplete: {
    suggestion: text('Suggested query.'),
    suggestionType: optionalText('Kind of suggestion.'),
    relevance: optionalNumber('Relevance score, when the engine gives one.'),
    highlighted: strings('Highlighted parts.'),
    thumbnailUrl: optionalText('Thumbnail URL.'),
  },
  adsSearch: {
    advertiserId: text('Advertiser account identifier.'),
    creativeId: text('Ad identifier.'),
    verified: z.boolean().meta({ description: 'The advertiser is verified.' }),
    format: optionalText('text, image or video.'),
    previewImage: z.object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable() }).nullable(),
    previewUrl: optionalText('Ad preview URL.'),
    firstShown: optionalText('First shown, `yyyy-mm-dd hh:mm:ss +00:00`.'),
    lastShown: optionalText('Last shown.'),
  },
  marketInstrument: {
    ticker: text('Ticker.'),
    identifier: text('Ticker and exchange, e.g. AAPL:NASDAQ.'),
    price: optionalNumber('Last price.'),
    priceDelta: optionalNumber('Change in price.'),
    percentageDelta: optionalNumber('Change, percent.'),
    currency: optionalText('Price currency.'),
    trend: z.enum(['up', 'down', 'stable']).nullable(),
    timestamp: optionalText('Time of the quote.'),
  },
  marketIndex: {
    ticker: text('Index ticker.'),
    identifier: text('Ticker and market, e.g. INX:INDEXSP.'),
    value: optionalNumber('Index value.'),
    valueDelta: optionalNumber('Change in value.'),
    percentageDelta: optionalNumber('Change, percent.'),
    trend: z.enum(['up', 'down', 'stable']).nullable(),
    timestamp: optionalText('Time of the reading.'),
  },
  assetPair: {
    identifier: text('Pair, e.g. EUR-USD.'),
    baseSymbol: optionalText('Base asset.'),
    quoteSymbol: optionalText('Quote asset.'),
    price: optionalNumber('Base priced in quote.'),
    priceDelta: optionalNumber('Change in price.'),
    percentageDelta: optionalNumber('Change, percent.'),
    trend: z.enum(['up', 'down', 'stable']).nullable(),
    timestamp: optionalText('Time of the quote.'),
  },
  videoSearch: {
    videoId: text('Video identifier.'),
    channelId: optionalText('Channel identifier.'),
    channelName: optionalText('Channel name.'),
    channelUrl: optionalText('Channel URL.'),
    thumbnailUrl: optionalText('Thumbnail URL.'),
    viewsCount: optionalNumber('Views.'),
    publishedAt: optionalText('Publication date, `yyyy-mm-dd hh:mm:ss +00:00`.'),
    durationSeconds: optionalNumber('Duration in seconds.'),
    isLive: z.boolean(),
    isShorts: z.boolean(),
    isPaid: z.boolean().meta({ description: 'A promoted video.' }),
  },
  videoChannel: { channelId: text('Channel identifier.'), logo: optionalText('Logo URL.'), isVerified: z.boolean() },
  videoPlaylist: { playlistId: text('Playlist identifier.'), channelId: optionalText('Owner channel.'), channelName: optionalText('Owner name.'), thumbnailUrl: optionalText('Thumbnail URL.') },
} satisfies Record<string, z.ZodRawShape>;

export type SerpResultType = keyof typeof DATA;
const SERP_RESULT_TYPES = Object.keys(DATA) as SerpResultType[];

function resultMember<Type extends SerpResultType>(type: Type) {
  const name = `Serp${type.charAt(0).toUpperCase()}${type.slice(1)}Result`;
  return z
    .object({
      position: z.number().int().positive().meta({ description: '1-indexed position on the page.' }),
      type: z.literal(type),
      title: z.string().meta({ description: 'Result title (empty for some types).' }),
      url: z.string().meta({ description: 'Result URL (empty for some types).' }),
      description: z.string().meta({ description: 'Snippet.' }),
      domain: z.string().meta({ description: 'Domain of the URL.' }),
      data: z.object(DATA[type] as (typeof DATA)[Type]).meta({ description: `Fields of a ${type} result.` }),
    })
    .meta({ id: name });
}

const MEMBERS = Object.fromEntries(SERP_RESULT_TYPES.map((type) => [type, resultMember(type)])) as {
  [Type in SerpResultType]: ReturnType<typeof resultMember<Type>>;
};

/** One item of a results page, any type. */
export type SerpResult = { [Type in SerpResultType]: z.infer<(typeof MEMBERS)[Type]> }[SerpResultType];
export type SerpResultOf<Type extends SerpResultType> = Extract<SerpResult, { type: Type }>;
/** A result before it has its place on the page. */
export type SerpResultDraft = SerpResult extends infer Each ? (Each extends SerpResult ? Omit<Each, 'position'> : never) : never;

/**
 * The general web page: the spec's closed list of 30 result types (DATA lists them first, `map`
 * last). The AI overview is the AI mode endpoint's answer, not an item of the web page.
 */
const WEB_TYPES = SERP_RESULT_TYPES.slice(0, SERP_RESULT_TYPES.indexOf('map') + 1);

/** The engines of the SERP family and the result types each can return. */
export const SERP_ENGINE_TYPES = {
  websearch: WEB_TYPES,
  bing: WEB_TYPES,
  yahoo: WEB_TYPES,
  baidu: WEB_TYPES,
  images: ['imagesSearch', 'relatedSearches', 'carousel'],
  news: ['newsSearch', 'topStories'],
  datasets: ['dataset'],
  autocomplete: ['autocomplete'],
  ads: ['adsSearch'],
  aiMode: ['aiOverview'],
  finance: ['marketInstrument', 'marketIndex', 'assetPair'],
  video: ['videoSearch', 'videoChannel', 'videoPlaylist'],
} as const satisfies Record<string, readonly SerpResultType[]>;
export type SerpEngine = keyof typeof SERP_ENGINE_TYPES;

export interface SerpResponse {
  query: string;
  totalResults: number;
  itemTypes: SerpResultType[];
  results: SerpResult[];
}

function responseSchema(types: readonly SerpResultType[], id: string): z.ZodType<SerpResponse, SerpResponse> {
  const members = types.map((type) => MEMBERS[type]) as [ReturnType<typeof resultMember>, ...ReturnType<typeof resultMember>[]];
  return z
    .object({
      query: z.string().meta({ description: 'The query as sent.' }),
      totalResults: z.number().int().nonnegative().meta({ description: 'Results the engine reports for the query.' }),
      itemTypes: z.array(z.enum(types as [SerpResultType, ...SerpResultType[]])).meta({ description: 'Distinct result types present, in order of first appearance.' }),
      results: z.array(members.length === 1 ? members[0] : z.discriminatedUnion('type', members)).meta({ description: 'Results in page order.' }),
    })
    .meta({ id }) as unknown as z.ZodType<SerpResponse, SerpResponse>;
}

/** The general web page (websearch and the other general engines). */
export const SerpResponse = responseSchema(WEB_TYPES, 'SerpResponse');

/** The response schema of each engine: the shared wrapper, its own result types. */
export const SERP_RESPONSES = Object.fromEntries(
  (Object.keys(SERP_ENGINE_TYPES) as SerpEngine[]).map((engine) => [
    engine,
    SERP_ENGINE_TYPES[engine] === WEB_TYPES ? SerpResponse : responseSchema(SERP_ENGINE_TYPES[engine], `Serp${engine.charAt(0).toUpperCase()}${engine.slice(1)}Response`),
  ]),
) as Record<SerpEngine, z.ZodType<SerpResponse, SerpResponse>>;

/** Distinct types in order of first appearance. */
export function itemTypesOf(results: readonly { type: SerpResultType }[]): SerpResultType[] {
  return [...new Set(results.map((result) => result.type))];
}

export interface SerpResultHead {
  title: string;
  url: string;
  description: string;
  domain: string;
}

/** A result of `type` with its head fields (empty unless given) and its data, not yet placed. */
export function serpDraft<Type extends SerpResultType>(type: Type, data: SerpResultOf<Type>['data'], head: Partial<SerpResultHead> = {}): SerpResultDraft {
  return { type, title: '', url: '', description: '', domain: '', ...head, data } as SerpResultDraft;
}

/** A response from drafts in page order: positions 1..n, item types in order of first appearance. */
export function serpPage(query: string, totalResults: number, drafts: readonly SerpResultDraft[]): SerpResponse {
  // Fields named rather than spread: copying a draft with `...` cost a page ~15 µs (a sixth of a
  // sandbox page's CPU).
  const results = drafts.map(
    ({ type, title, url, description, domain, data }, index) => ({ type, title, url, description, domain, data, position: index + 1 }) as SerpResult,
  );
  return { query, totalResults, itemTypes: itemTypesOf(results), results };
}
