import { z } from 'zod';

/**
 * The vendor's answers, as far as we read them: every answer is `{status, request_id,
 * parameters, data}`, and a failure `{status: "ERROR", request_id, error: {message, code}}`
 * (the vendor's OpenAPI and its MCP client, OpenWeb-Ninja/openwebninja-mcp `src/lib/client.ts`,
 * which reads `error.message`, a string `error` or a gateway's `message`). Field names are the
 * vendor's, from its endpoint documentation (OpenWeb-Ninja/openwebninja-skills,
 * `apis/realtime-amazon-data/README.md`: the "key fields" of each operation) and from public
 * clients of the API that model its answers. Loose about everything else; numbers where a
 * string is usual (and the reverse) are taken, since the vendor scrapes what the page shows.
 * A list entry of the wrong shape is dropped, not the whole answer.
 */

const text = z.string().nullish();
const scalar = z.union([z.string(), z.number()]).nullish();
const flag = z.boolean().nullish();

/** A list whose entries each parse as `item`, the others left out. */
function entries<Item extends z.ZodType>(item: Item) {
  return z
    .array(z.unknown())
    .nullish()
    .transform((list) => (list ?? []).flatMap((entry) => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data as z.output<Item>] : [];
    }));
}

/** The envelope every answer shares; `data` is read per operation. */
export const Envelope = z.looseObject({
  status: z.string().nullish(),
  request_id: z.string().nullish(),
  error: z.union([z.string(), z.looseObject({ message: z.string().nullish(), code: scalar })]).nullish(),
  /** A gateway's own refusal (RapidAPI's, or the API gateway in front of the direct host). */
  message: z.string().nullish(),
});
export type Envelope = z.infer<typeof Envelope>;

const answer = <Data extends z.ZodType>(data: Data) => z.looseObject({ data: data.nullish() });

const listedProduct = {
  asin: z.string(),
  product_title: text,
  product_price: scalar,
  product_original_price: scalar,
  currency: text,
  product_star_rating: scalar,
  product_num_ratings: scalar,
  product_url: text,
  product_photo: text,
  product_num_offers: scalar,
  product_minimum_offer_price: scalar,
  is_best_seller: flag,
  is_amazon_choice: flag,
  is_prime: flag,
  sales_volume: text,
  has_variations: flag,
  book_format: text,
};
export const VendorListedProduct = z.looseObject(listedProduct);
export type VendorListedProduct = z.infer<typeof VendorListedProduct>;

/** search, products-by-category */
export const ProductListAnswer = answer(
  z.looseObject({ total_products: scalar, country: text, domain: text, products: entries(VendorListedProduct) }),
);

export const VendorOffer = z.looseObject({
  seller: text,
  seller_id: text,
  seller_link: text,
  seller_star_rating: scalar,
  seller_num_ratings: scalar,
  product_price: scalar,
  delivery_price: scalar,
  delivery_time: text,
  product_condition: text,
  ships_from: text,
  is_prime: flag,
  is_buy_box_winner: flag,
});
export type VendorOffer = z.infer<typeof VendorOffer>;

const productHeader = {
  asin: z.string().nullish(),
  product_title: text,
  product_price: scalar,
  product_original_price: scalar,
  delivery_price: scalar,
  currency: text,
  country: text,
  domain: text,
  product_byline: text,
  product_star_rating: scalar,
  product_num_ratings: scalar,
  product_url: text,
  product_photo: text,
  product_photos: z.array(z.string()).nullish(),
  product_num_offers: scalar,
  product_availability: text,
  product_condition: text,
  is_prime: flag,
  sales_volume: text,
};

/** product-details */
export const VendorProduct = z.looseObject({
  ...productHeader,
  offer_box_title: text,
  offer_box_price: scalar,
  is_best_seller: flag,
  is_amazon_choice: flag,
  about_product: z.array(z.string()).nullish(),
  product_description: text,
  product_information: z.record(z.string(), z.unknown()).nullish(),
});
export type VendorProduct = z.infer<typeof VendorProduct>;
export const ProductAnswer = answer(VendorProduct);

/**
 * product-offers: the product-details fields and the offers. The vendor's description names the
 * list `offers`; our record (after the spec) calls it `buy_boxes`, a name read too.
 */
export const VendorProductOffers = z.looseObject({ ...productHeader, offers: entries(VendorOffer), buy_boxes: entries(VendorOffer) });
export type VendorProductOffers = z.infer<typeof VendorProductOffers>;
export const ProductOffersAnswer = answer(VendorProductOffers);

export const VendorReview = z.looseObject({
  review_id: z.string(),
  review_title: text,
  review_comment: text,
  review_star_rating: scalar,
  review_link: text,
  review_author: text,
  review_author_avatar: text,
  review_images: z.array(z.string()).nullish(),
  /** An object with `stream_url` in the answers on record; a bare URL is taken too. */
  review_video: z.union([z.string(), z.looseObject({ stream_url: z.string().nullish() })]).nullish(),
  review_date: text,
  is_verified_purchase: flag,
  helpful_vote_statement: text,
  reviewed_product_asin: text,
  reviewed_product_variant: z.record(z.string(), z.unknown()).nullish(),
  is_vine: flag,
});
export type VendorReview = z.infer<typeof VendorReview>;

/** product-reviews */
export const ReviewsAnswer = answer(
  z.looseObject({
    asin: text,
    country: text,
    domain: text,
    total_ratings: scalar,
    rating_distribution: z.record(z.string(), scalar).nullish(),
    reviews: entries(VendorReview),
  }),
);

export const VendorBestSeller = z.looseObject({
  rank: scalar,
  asin: z.string(),
  product_title: text,
  product_price: scalar,
  product_star_rating: scalar,
  product_num_ratings: scalar,
  product_url: text,
  product_photo: text,
  rank_change_label: scalar,
});
export type VendorBestSeller = z.infer<typeof VendorBestSeller>;
export const BestSellersAnswer = answer(z.looseObject({ best_sellers: entries(VendorBestSeller) }));

const Money = z.looseObject({ amount: z.union([z.number(), z.string()]), currency: text });
export type VendorMoney = z.infer<typeof Money>;

export const VendorDeal = z.looseObject({
  deal_id: z.string(),
  deal_type: text,
  deal_title: text,
  deal_photo: text,
  deal_state: text,
  deal_url: text,
  canonical_deal_url: text,
  deal_starts_at: text,
  deal_ends_at: text,
  deal_price: Money.nullish(),
  list_price: Money.nullish(),
  savings_percentage: scalar,
  savings_amount: Money.nullish(),
  deal_badge: text,
  type: text,
  product_asin: text,
});
export type VendorDeal = z.infer<typeof VendorDeal>;
export const DealsAnswer = answer(z.looseObject({ deals: entries(VendorDeal) }));

/** product-category-list: `data` is the list itself. */
export const CategoriesAnswer = answer(entries(z.looseObject({ id: z.union([z.string(), z.number()]), name: z.string() })));

const Summary = z.looseObject({ positive_percent: scalar, neutral_percent: scalar, negative_percent: scalar, count: scalar });
export type VendorSummary = z.infer<typeof Summary>;

export const VendorSeller = z.looseObject({
  seller_id: text,
  country: text,
  domain: text,
  name: text,
  seller_link: text,
  store_link: text,
  logo: text,
  phone: text,
  business_name: text,
  business_address: text,
  rating: scalar,
  ratings_total: scalar,
  ratings_total_percentage: scalar,
  review_summary: z.record(z.string(), Summary.nullish()).nullish(),
});
export type VendorSeller = z.infer<typeof VendorSeller>;
export const SellerAnswer = answer(VendorSeller);

export const VendorSellerReview = z.looseObject({
  review_author: text,
  review_comment: text,
  review_star_rating: scalar,
  has_response: flag,
  review_date: text,
});
export type VendorSellerReview = z.infer<typeof VendorSellerReview>;

/** seller-reviews; the list is `seller_reviews` in the spec's record, `reviews` read too. */
export const SellerReviewsAnswer = answer(
  z.looseObject({
    seller_id: text,
    country: text,
    domain: text,
    has_next_page: flag,
    seller_reviews: entries(VendorSellerReview),
    reviews: entries(VendorSellerReview),
  }),
);

export const VendorInfluencer = z.looseObject({
  name: text,
  country: text,
  domain: text,
  profile_link: text,
  affiliate_status: text,
  has_curations: flag,
});
export type VendorInfluencer = z.infer<typeof VendorInfluencer>;
export const InfluencerAnswer = answer(VendorInfluencer);
