import { z } from 'zod';
import { serpDraft } from '../../../schemas/serp';
import { camelCase, count, flag, headOf, HeadFields, links, listOf, looseText, mapping, price, rating, text, texts, type ItemMapping } from './wire';

/**
 * The items of the vendor's general web pages (Google organic, and the Bing, Yahoo and Baidu
 * pages that share its item format), keyed by the vendor's snake_case type, each mapped to our
 * camelCase type and its `data` fields.
 */

const Faq = z
  .looseObject({ items: listOf({ title: text, description: text }) })
  .nullish()
  .transform((faq) => (faq ? faq.items.map((entry) => ({ question: entry.title ?? '', answer: entry.description ?? '' })) : null));

const RelatedResult = listOf({ title: text, url: text, description: text, breadcrumb: text });
const AboutThisResult = z.looseObject({ source: text, source_info: text, language: text, location: text, search_terms: texts }).nullish();

const Organic = z.looseObject({
  ...HeadFields,
  breadcrumb: text,
  website_name: text,
  is_image: flag,
  is_video: flag,
  is_featured_snippet: flag,
  is_malicious: flag,
  pre_snippet: text,
  extended_snippet: text,
  amp_version: flag,
  rating,
  price,
  highlighted: texts,
  links,
  faq: Faq,
  about_this_result: AboutThisResult,
  related_result: RelatedResult.nullish(),
  timestamp: text,
});

const Paid = z.looseObject({ ...HeadFields, breadcrumb: text, highlighted: texts, extra: z.looseObject({ ad_aclk: text }).nullish(), description_rows: texts, links, faq: Faq, rating, price });

const FeaturedSnippet = z.looseObject({
  ...HeadFields,
  featured_title: text,
  timestamp: text,
  images: listOf({ alt: text, url: text, image_url: text }).nullish(),
  table: z.looseObject({ table_header: texts, table_content: z.array(z.array(z.string())).nullish() }).nullish(),
});

const ExpandedElement = listOf({ type: text, title: text, url: text, domain: text, description: text });
const PeopleAlsoAsk = z.looseObject({ items: listOf({ title: text, seed_question: text, expanded_element: ExpandedElement.nullish() }) });
const QueryList = z.looseObject({ title: text, items: texts });
const LocalPack = z.looseObject({ ...HeadFields, phone: text, is_paid: flag, rating, cid: text });
const KnowledgeGraph = z.looseObject({
  ...HeadFields,
  sub_title: text,
  subtitle: text,
  card_id: text,
  image_url: text,
  items: listOf({ type: text, title: looseText, text: looseText, items: listOf({ image_url: text }).nullish() }),
});

/** A block listing titled links with a few extras, the shape most SERP features share. */
const TitledItems = <Shape extends z.ZodRawShape>(extra: Shape) => z.looseObject({ ...HeadFields, items: listOf({ title: looseText, url: looseText, ...extra }) });

const aboutThisResult = (about: z.output<typeof AboutThisResult>) =>
  about ? { source: about.source ?? null, sourceInfo: about.source_info ?? null, language: about.language ?? null, location: about.location ?? null, searchTerms: about.search_terms ?? [] } : null;

export const WEB_ITEMS: Record<string, ItemMapping> = {
  organic: mapping(Organic, (item) =>
    serpDraft(
      'organic',
      {
        breadcrumb: item.breadcrumb ?? '',
        websiteName: item.website_name ?? '',
        isImage: item.is_image ?? false,
        isVideo: item.is_video ?? false,
        isFeaturedSnippet: item.is_featured_snippet ?? false,
        isMalicious: item.is_malicious ?? false,
        preSnippet: item.pre_snippet ?? null,
        extendedSnippet: item.extended_snippet ?? null,
        highlighted: item.highlighted ?? [],
        links: item.links,
        faq: item.faq,
        rating: item.rating,
        price: item.price,
        timestamp: item.timestamp ?? null,
        ampVersion: item.amp_version ?? false,
        aboutThisResult: aboutThisResult(item.about_this_result),
        relatedResult: item.related_result ? item.related_result.map((related) => ({ title: related.title ?? '', url: related.url ?? '', description: related.description ?? null, breadcrumb: related.breadcrumb ?? null })) : null,
      },
      headOf(item),
    ),
  ),
  paid: mapping(Paid, (item) =>
    serpDraft(
      'paid',
      {
        breadcrumb: item.breadcrumb ?? '',
        highlighted: item.highlighted ?? [],
        extra: item.extra ? { adAclk: item.extra.ad_aclk ?? null } : null,
        descriptionRows: item.description_rows ?? [],
        links: item.links,
        faq: item.faq,
        rating: item.rating,
        price: item.price,
      },
      headOf(item),
    ),
  ),
  featured_snippet: mapping(FeaturedSnippet, (item) =>
    serpDraft(
      'featuredSnippet',
      {
        featuredTitle: item.featured_title ?? null,
        timestamp: item.timestamp ?? null,
        images: item.images ? item.images.map((image) => ({ alt: image.alt ?? '', url: image.url ?? '', imageUrl: image.image_url ?? '' })) : null,
        table: item.table ? { header: item.table.table_header ?? [], rows: item.table.table_content ?? [] } : null,
      },
      headOf(item),
    ),
  ),
  people_also_ask: mapping(PeopleAlsoAsk, (item) =>
    serpDraft('peopleAlsoAsk', {
      items: item.items.map((question) => ({
        title: question.title ?? '',
        seedQuestion: question.seed_question ?? null,
        expandedElement: (question.expanded_element ?? []).map((answer) => ({
          type: camelCase(answer.type ?? 'people_also_ask_expanded_element'),
          title: answer.title ?? '',
          url: answer.url ?? '',
          domain: answer.domain ?? '',
          description: answer.description ?? '',
        })),
      })),
    }),
  ),
  related_searches: mapping(QueryList, (item) => serpDraft('relatedSearches', { items: item.items ?? [] }, { title: item.title ?? '' })),
  people_also_search: mapping(QueryList, (item) => serpDraft('peopleAlsoSearch', { items: item.items ?? [] }, { title: item.title ?? '' })),
  local_pack: mapping(LocalPack, (item) =>
    serpDraft('localPack', { rating: item.rating, phone: item.phone ?? null, address: item.description ?? null, cid: item.cid ?? null, isMapsItem: Boolean(item.cid), isPaid: item.is_paid ?? false }, headOf(item)),
  ),
  knowledge_graph: mapping(KnowledgeGraph, (item) =>
    serpDraft(
      'knowledgeGraph',
      {
        subTitle: item.sub_title ?? item.subtitle ?? null,
        cardId: item.card_id ?? null,
        imageUrl: item.image_url ?? null,
        items: item.items.filter((entry) => entry.type !== 'knowledge_graph_images_item').map((entry) => ({ type: camelCase(entry.type ?? 'knowledge_graph_item'), title: entry.title ?? '', text: entry.text ?? '' })),
        images: item.items.flatMap((entry) => (entry.items ?? []).map((image) => image.image_url).filter((url): url is string => Boolean(url))),
      },
      headOf(item),
    ),
  ),
  video: mapping(TitledItems({ source: looseText, timestamp: looseText, image_url: looseText }), (item) =>
    serpDraft('video', { items: item.items.map((video) => ({ title: video.title ?? '', url: video.url ?? '', source: video.source ?? '', date: video.timestamp, thumbnail: video.image_url })) }, headOf(item)),
  ),
  top_stories: mapping(TitledItems({ source: looseText, domain: looseText, date: looseText, timestamp: looseText, image_url: looseText }), (item) =>
    serpDraft(
      'topStories',
      { items: item.items.map((story) => ({ title: story.title ?? '', url: story.url ?? '', source: story.source ?? '', domain: story.domain ?? '', date: story.timestamp ?? story.date, imageUrl: story.image_url })) },
      headOf(item),
    ),
  ),
  images: mapping(TitledItems({ alt: looseText, image_url: looseText }), (item) =>
    serpDraft('images', { items: item.items.map((image) => ({ alt: image.alt ?? '', url: image.url ?? '', imageUrl: image.image_url ?? '' })) }, headOf(item)),
  ),
  shopping: mapping(TitledItems({ price, source: looseText, rating, delivery_info: looseText }), (item) =>
    serpDraft(
      'shopping',
      { items: item.items.map((product) => ({ title: product.title ?? '', url: product.url ?? '', price: product.price, source: product.source ?? '', rating: product.rating, deliveryInfo: product.delivery_info })) },
      headOf(item),
    ),
  ),
  twitter: mapping(TitledItems({ tweet: looseText, timestamp: looseText, date: looseText }), (item) =>
    serpDraft('micro', { items: item.items.map((post) => ({ text: post.tweet ?? post.title ?? '', url: post.url ?? '', date: post.timestamp ?? post.date })) }, headOf(item)),
  ),
  answer_box: mapping(z.looseObject({ ...HeadFields, text: texts, links }), (item) => serpDraft('answerBox', { text: item.text ?? [], links: item.links ?? [] }, headOf(item))),
  events: mapping(
    TitledItems({ description: looseText, event_dates: z.looseObject({ start_datetime: text, end_datetime: text }).nullish(), location_info: z.looseObject({ name: text, address: text }).nullish() }),
    (item) =>
      serpDraft(
        'events',
        {
          items: item.items.map((event) => ({
            title: event.title ?? '',
            url: event.url ?? '',
            description: event.description,
            startDate: event.event_dates?.start_datetime ?? null,
            endDate: event.event_dates?.end_datetime ?? null,
            venue: event.location_info?.name ?? null,
            address: event.location_info?.address ?? null,
          })),
        },
        headOf(item),
      ),
  ),
  jobs: mapping(TitledItems({ employer_name: looseText, location: looseText, source_name: looseText, timestamp: looseText, salary: looseText, contract_type: looseText }), (item) =>
    serpDraft(
      'jobs',
      {
        items: item.items.map((job) => ({ title: job.title ?? '', url: job.url ?? '', employer: job.employer_name, location: job.location, source: job.source_name, postedAt: job.timestamp, salary: job.salary, contractType: job.contract_type })),
      },
      headOf(item),
    ),
  ),
  recipes: mapping(TitledItems({ source: looseText, time: looseText, rating }), (item) =>
    serpDraft('recipes', { items: item.items.map((recipe) => ({ title: recipe.title ?? '', url: recipe.url ?? '', source: recipe.source, totalTime: recipe.time, rating: recipe.rating })) }, headOf(item)),
  ),
  top_sights: mapping(TitledItems({ description: looseText, rating }), (item) =>
    serpDraft('topSights', { items: item.items.map((sight) => ({ title: sight.title ?? '', url: sight.url ?? '', description: sight.description, rating: sight.rating })) }, headOf(item)),
  ),
  scholarly_articles: mapping(TitledItems({ source: looseText, citation: looseText }), (item) =>
    serpDraft('scholarlyArticles', { items: item.items.map((article) => ({ title: article.title ?? '', url: article.url ?? '', source: article.source, citation: article.citation })) }, headOf(item)),
  ),
  popular_products: mapping(TitledItems({ price, seller: looseText, rating }), (item) =>
    serpDraft('popularProducts', { items: item.items.map((product) => ({ title: product.title ?? '', url: product.url ?? '', price: product.price, seller: product.seller, rating: product.rating })) }, headOf(item)),
  ),
  hotels_pack: mapping(TitledItems({ domain: looseText, price, rating, is_paid: flag }), (item) =>
    serpDraft(
      'hotelsPack',
      { items: item.items.map((hotel) => ({ title: hotel.title ?? '', url: hotel.url ?? '', domain: hotel.domain ?? '', price: hotel.price, rating: hotel.rating, isPaid: hotel.is_paid ?? false })) },
      headOf(item),
    ),
  ),
  google_flights: mapping(TitledItems({ description: looseText }), (item) =>
    serpDraft('googleFlights', { items: item.items.map((flight) => ({ title: flight.title ?? '', url: flight.url ?? '', description: flight.description })) }, headOf(item)),
  ),
  google_reviews: mapping(z.looseObject({ ...HeadFields, rating, reviews_count: count, place_id: text, cid: text }), (item) =>
    serpDraft('googleReviews', { rating: item.rating, reviewsCount: item.reviews_count ?? null, placeId: item.place_id ?? null, cid: item.cid ?? null }, headOf(item)),
  ),
  third_party_reviews: mapping(z.looseObject({ ...HeadFields, rating, review_text: looseText }), (item) => serpDraft('thirdPartyReviews', { rating: item.rating, reviewText: item.review_text }, headOf(item))),
  google_posts: mapping(TitledItems({ snippet: looseText, timestamp: looseText }), (item) =>
    serpDraft('googlePosts', { items: item.items.map((post) => ({ title: post.title ?? '', url: post.url ?? '', snippet: post.snippet, date: post.timestamp })) }, headOf(item)),
  ),
  carousel: mapping(TitledItems({ subtitle: looseText, image_url: looseText }), (item) =>
    serpDraft('carousel', { items: item.items.map((card) => ({ title: card.title ?? '', subtitle: card.subtitle, imageUrl: card.image_url })) }, headOf(item)),
  ),
  multi_carousel: mapping(TitledItems({ subtitle: looseText, image_url: looseText }), (item) =>
    serpDraft('multiCarousel', { items: item.items.map((card) => ({ title: card.title ?? '', subtitle: card.subtitle, imageUrl: card.image_url })) }, headOf(item)),
  ),
  mention_carousel: mapping(TitledItems({ source: looseText }), (item) =>
    serpDraft('mentionCarousel', { items: item.items.map((mention) => ({ title: mention.title ?? '', url: mention.url ?? '', source: mention.source })) }, headOf(item)),
  ),
  app: mapping(TitledItems({ app_id: looseText, description: looseText, rating, price }), (item) =>
    serpDraft('app', { items: item.items.map((app) => ({ title: app.title ?? '', url: app.url ?? '', appId: app.app_id, description: app.description, rating: app.rating, price: app.price })) }, headOf(item)),
  ),
  map: mapping(z.looseObject({ ...HeadFields, address: looseText, cid: looseText }), (item) => serpDraft('map', { address: item.address, cid: item.cid }, headOf(item))),
};
