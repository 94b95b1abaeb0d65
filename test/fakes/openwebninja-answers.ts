/**
 * The vendor's answers in the shapes its documentation and public clients show (see
 * src/providers/openwebninja/wire.ts for the sources), for a small synthetic marketplace: one
 * product, one seller, one storefront, one best-seller category, one browse node. Extra fields
 * the vendor sends and we drop are kept in, so the tests see them dropped. Only tests import this.
 */

export interface VendorReply {
  status: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is; wins over `body`. */
  raw?: string;
  headers?: Record<string, string>;
}

export const KNOWN = {
  asin: 'B0C8T1ZQ4M',
  sellerId: 'A2L77EE7U53NWQ',
  influencer: 'homewithmaya',
  bestSellerCategory: 'software',
  categoryId: '2858778013',
} as const;

const ok = (parameters: Record<string, unknown>, data: unknown): VendorReply => ({
  status: 200,
  body: { status: 'OK', request_id: 'b0d5c3a4-1f2e-4d3c-9b8a-7f6e5d4c3b2a', parameters, data },
});

/** The vendor's error envelope. */
export const vendorError = (status: number, message: string, code = status): VendorReply => ({
  status,
  body: { status: 'ERROR', request_id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b', error: { message, code } },
});

/** An ASIN, seller, category or storefront it does not know (assumed: 404 with its envelope). */
export const notFound = (what: string) => vendorError(404, `${what} not found`);

const photo = (id: string) => `https://m.media-amazon.com/images/I/${id}._AC_SL1500_.jpg`;
const productUrl = (asin: string) => `https://www.amazon.com/dp/${asin}`;

export const SEARCH = ok(
  { query: 'desk lamp', country: 'US', sort_by: 'RELEVANCE', page: 1 },
  {
    total_products: 1204,
    country: 'US',
    domain: 'www.amazon.com',
    products: [
      {
        asin: KNOWN.asin,
        product_title: 'Northwind LED Desk Lamp, Dimmable, USB-C',
        product_price: '$24.99',
        unit_price: '$24.99',
        unit_count: 1,
        product_original_price: '$34.99',
        currency: 'USD',
        product_star_rating: '4.6',
        product_num_ratings: 2381,
        product_url: productUrl(KNOWN.asin),
        product_photo: photo('61lampA1'),
        product_num_offers: 4,
        product_minimum_offer_price: '$21.50',
        is_best_seller: true,
        is_amazon_choice: true,
        is_prime: true,
        climate_pledge_friendly: false,
        sales_volume: '2K+ bought in past month',
        delivery: 'FREE delivery Tue, Dec 2',
        has_variations: true,
      },
      {
        // Numbers where the page shows text, and most fields missing: a sparse listing.
        asin: 'B0D1LAMP02',
        product_title: 'Basic Clip Lamp',
        product_price: 12.5,
        product_star_rating: 4,
        product_num_ratings: '1,020',
        product_url: productUrl('B0D1LAMP02'),
        product_photo: photo('51clipB2'),
      },
      { product_title: 'A sponsored block without an ASIN' },
    ],
  },
);

export const CATEGORY_PAGE = ok(
  { category_id: KNOWN.categoryId, country: 'US', sort_by: 'RELEVANCE', page: 1 },
  {
    total_products: 48000,
    country: 'US',
    domain: 'www.amazon.com',
    products: [
      {
        asin: '1250301696',
        product_title: 'The Silent Patient',
        product_price: '$9.99',
        product_original_price: null,
        currency: 'USD',
        product_star_rating: '4.5',
        product_num_ratings: 187654,
        product_url: productUrl('1250301696'),
        product_photo: photo('81book01'),
        product_num_offers: 61,
        product_minimum_offer_price: '$3.12',
        is_best_seller: false,
        is_amazon_choice: false,
        is_prime: false,
        has_variations: false,
        book_format: 'Paperback',
      },
    ],
  },
);

const productHeader = {
  asin: KNOWN.asin,
  product_title: 'Northwind LED Desk Lamp, Dimmable, USB-C',
  product_price: '$24.99',
  product_original_price: '$34.99',
  currency: 'USD',
  country: 'US',
  domain: 'www.amazon.com',
  product_byline: 'Visit the Northwind Store',
  product_byline_link: 'https://www.amazon.com/stores/Northwind/page/1',
  product_star_rating: '4.6',
  product_num_ratings: 2381,
  product_url: productUrl(KNOWN.asin),
  product_photo: photo('61lampA1'),
  product_num_offers: 4,
  product_availability: 'In Stock',
  is_prime: true,
  sales_volume: '2K+ bought in past month',
};

export const PRODUCT = ok(
  { asin: KNOWN.asin, country: 'US' },
  {
    ...productHeader,
    delivery_price: 'FREE',
    product_condition: 'New',
    offer_box_title: 'Buy new:',
    offer_box_price: '$24.99',
    is_best_seller: true,
    is_amazon_choice: true,
    climate_pledge_friendly: false,
    about_product: ['Three colour temperatures, five brightness levels.', '  USB-C charging port on the base.  ', ''],
    product_description: 'A dimmable LED desk lamp.',
    product_information: {
      'Product Dimensions': '6 x 6 x 18 inches',
      'Item Weight': '1.2 pounds',
      'Customer Reviews': { ratings_count: 2381, stars: 4.6 },
      'Date First Available': 'March 3, 2025',
    },
    product_photos: [photo('61lampA1'), photo('61lampA2')],
    product_details: { Brand: 'Northwind', Color: 'Black' },
    rating_distribution: { '5': 71, '4': 17, '3': 6, '2': 2, '1': 4 },
    category_path: [{ id: '1063306', name: 'Home & Kitchen', link: 'https://www.amazon.com/b/?node=1063306' }],
  },
);

export const OFFERS = ok(
  { asin: KNOWN.asin, country: 'US', limit: 100, page: 1 },
  {
    ...productHeader,
    offers: [
      {
        product_price: '$24.99',
        product_condition: 'New',
        ships_from: 'Amazon.com',
        seller: 'Amazon.com',
        seller_id: null,
        seller_link: null,
        seller_star_rating: null,
        seller_num_ratings: null,
        delivery_price: 'FREE',
        delivery_time: 'Tuesday, December 2',
        is_prime: true,
        is_buy_box_winner: true,
        offer_id: 'aGVsbG8td29ybGQ',
      },
      {
        product_price: '$21.50',
        product_condition: 'Used - Like New',
        ships_from: 'Harbor Goods',
        seller: 'Harbor Goods',
        seller_id: KNOWN.sellerId,
        seller_link: `https://www.amazon.com/sp?seller=${KNOWN.sellerId}`,
        seller_star_rating: 4.7,
        seller_num_ratings: '1,283',
        delivery_price: '$5.99',
        delivery_time: 'December 4 - 8',
        is_prime: false,
        is_buy_box_winner: false,
      },
      { product_condition: 'New', seller: 'No Price Store', delivery_price: 'FREE' },
    ],
  },
);

const REVIEW_ONE = {
  review_id: 'R2KX4JQ0P9ZB7W',
  review_title: 'Bright and easy to adjust',
  review_comment: 'Lights the whole desk; the dimmer is smooth.',
  review_star_rating: '5',
  review_link: 'https://www.amazon.com/gp/customer-reviews/R2KX4JQ0P9ZB7W',
  review_author_id: 'AEXAMPLEAUTHOR1',
  review_author: 'Pat R.',
  review_author_url: 'https://www.amazon.com/gp/profile/amzn1.account.AEXAMPLEAUTHOR1',
  review_author_avatar: 'https://images-na.ssl-images-amazon.com/images/S/amazon-avatars-global/default.png',
  review_images: ['https://m.media-amazon.com/images/I/71rev1._SY88.jpg'],
  review_video: {
    stream_url: 'https://m.media-amazon.com/images/S/vse-vms-transcoding-artifact/ex1/default.jobtemplate.hls.m3u8',
    closed_captions_url: null,
    thumbnail_url: 'https://m.media-amazon.com/images/I/61thumb._SY256.jpg',
  },
  review_date: 'Reviewed in the United States on October 3, 2026',
  is_verified_purchase: true,
  helpful_vote_statement: '12 people found this helpful',
  reviewed_product_asin: KNOWN.asin,
  reviewed_product_variant: { Color: 'Black', Style: 'USB-C' },
  is_vine: false,
};

export const REVIEWS = ok(
  { asin: KNOWN.asin, country: 'US', sort_by: 'TOP_REVIEWS', star_rating: 'ALL', page: 1 },
  {
    asin: KNOWN.asin,
    country: 'US',
    domain: 'www.amazon.com',
    total_reviews: 412,
    total_ratings: 2381,
    rating_distribution: { '5': 71, '4': 17, '3': 6, '2': 2, '1': '4%' },
    reviews: [
      REVIEW_ONE,
      {
        review_id: 'R1BBQM70YJJWNP',
        review_title: 'Fine',
        review_comment: 'Does the job.',
        review_star_rating: 3,
        review_link: 'https://www.amazon.com/gp/customer-reviews/R1BBQM70YJJWNP',
        review_author: 'Sam',
        review_author_avatar: null,
        review_images: [],
        review_video: null,
        review_date: 'Reviewed in the United States on September 20, 2026',
        is_verified_purchase: false,
        helpful_vote_statement: null,
        reviewed_product_asin: 'B0C8T1ZQ5N',
        reviewed_product_variant: null,
        is_vine: true,
      },
      { review_id: 'R000NOSTARS', review_title: 'Stars not shown', review_star_rating: null },
    ],
  },
);

export const BEST_SELLERS = ok(
  { category: KNOWN.bestSellerCategory, type: 'BEST_SELLERS', page: 1, country: 'US' },
  {
    best_sellers: [
      {
        rank: 1,
        asin: 'B0SOFT0001',
        product_title: 'Office Suite 2026',
        product_price: '$99.99',
        product_star_rating: '4.4',
        product_num_ratings: 15230,
        product_url: productUrl('B0SOFT0001'),
        product_photo: photo('71soft01'),
        rank_change_label: '+3',
      },
      {
        rank: 2,
        asin: 'B0SOFT0002',
        product_title: 'Antivirus Plus',
        product_price: null,
        product_star_rating: null,
        product_num_ratings: 0,
        product_url: productUrl('B0SOFT0002'),
        product_photo: photo('71soft02'),
        rank_change_label: null,
      },
    ],
    country: 'US',
    domain: 'www.amazon.com',
  },
);

export const DEALS = ok(
  { country: 'US', offset: 0 },
  {
    deals: [
      {
        deal_id: '4a1b2c3d',
        deal_type: 'BEST_DEAL',
        deal_title: 'Northwind LED Desk Lamp',
        deal_photo: photo('61lampA1'),
        deal_state: 'AVAILABLE',
        deal_url: productUrl(KNOWN.asin),
        canonical_deal_url: productUrl(KNOWN.asin),
        deal_starts_at: '2026-11-20T08:00:00.000Z',
        deal_ends_at: '2026-11-27T07:59:59.000Z',
        deal_price: { amount: 19.99, currency: 'USD' },
        list_price: { amount: 34.99, currency: 'USD' },
        savings_percentage: 43,
        savings_amount: { amount: 15, currency: 'USD' },
        deal_badge: 'Limited time deal',
        type: 'SINGLE_ITEM',
        product_asin: KNOWN.asin,
      },
      {
        deal_id: '5e6f7a8b',
        deal_type: 'LIGHTNING_DEAL',
        deal_title: 'Kitchen knives, several brands',
        deal_photo: photo('71knife1'),
        deal_state: 'WAITLIST',
        deal_url: 'https://www.amazon.com/deal/5e6f7a8b',
        canonical_deal_url: 'https://www.amazon.com/deal/5e6f7a8b',
        deal_starts_at: '2026-11-24T16:00:00.000Z',
        deal_ends_at: '2026-11-25T04:00:00.000Z',
        deal_price: { amount: '29.00', currency: 'USD' },
        list_price: null,
        savings_percentage: '25',
        savings_amount: null,
        deal_badge: null,
        type: 'MULTI_ITEM',
        product_asin: null,
      },
      { deal_id: '9c0d1e2f', deal_type: 'BEST_DEAL', deal_title: 'No price shown', deal_price: null },
    ],
  },
);

export const CATEGORIES = ok({ country: 'US' }, [
  { name: 'All Departments', id: 'aps' },
  { name: 'Software', id: 'software' },
  { name: 'Books', id: 'stripbooks' },
]);

export const SELLER = ok(
  { seller_id: KNOWN.sellerId, country: 'US' },
  {
    seller_id: KNOWN.sellerId,
    seller_link: `https://www.amazon.com/sp?seller=${KNOWN.sellerId}`,
    store_link: `https://www.amazon.com/s?me=${KNOWN.sellerId}`,
    name: 'Harbor Goods',
    logo: 'https://m.media-amazon.com/images/I/harbor-logo.png',
    phone: '+1 555 0100',
    business_name: 'Harbor Goods LLC',
    business_address: '1 Example Pier, Portland, OR, 97201, US',
    rating: 4.7,
    ratings_total: 1283,
    ratings_total_percentage: 96,
    about: 'We sell lamps.',
    review_summary: {
      thirty_days: { five_star: 20, positive_percent: 95, neutral_percent: 3, negative_percent: 2, count: 41 },
      ninety_days: { positive_percent: 96, neutral_percent: 2, negative_percent: 2, count: 130 },
      twelve_months: { positive_percent: 96, neutral_percent: 2, negative_percent: 2, count: 512 },
      lifetime: { positive_percent: 96, neutral_percent: 2, negative_percent: 2, count: 1283 },
    },
  },
);

export const SELLER_REVIEWS = ok(
  { seller_id: KNOWN.sellerId, country: 'US', star_rating: 'ALL', page: 1 },
  {
    seller_id: KNOWN.sellerId,
    country: 'US',
    domain: 'www.amazon.com',
    has_next_page: true,
    seller_reviews: [
      { review_author: 'Dana', review_comment: 'Arrived early, well packed.', review_star_rating: '5', has_response: false, review_date: 'November 2, 2026' },
      { review_author: 'Lee', review_comment: 'Slow shipping.', review_star_rating: 2, has_response: true, review_date: 'October 28, 2026' },
    ],
  },
);

export const INFLUENCER = ok(
  { influencer_name: KNOWN.influencer, country: 'US' },
  {
    name: KNOWN.influencer,
    country: 'US',
    domain: 'www.amazon.com',
    profile_link: `https://www.amazon.com/shop/${KNOWN.influencer}`,
    affiliate_status: 'Influencer',
    has_curations: true,
    posts_count: 214,
    facebook_url: null,
  },
);
