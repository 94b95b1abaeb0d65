/**
 * The words the retail sandbox builds its world from. Brands, sellers and storefronts are
 * invented; browse-node ids are made up in the marketplace's shape (10 digits).
 */

import type { CategorySlug } from './phrases';

type ExtraCondition = 'Renewed' | 'Collectible';

export type Category = ReturnType<typeof category>;

const list = (words: string) => words.split('|');

/**
 * node: its numeric browse node (what /products-by-category takes); prices: typical list prices in
 * USD; specs: title endings; variation: what its products vary in ("Color=Black|White");
 * features: the headings of a product's "about" bullets; extra: conditions besides New and Used.
 */
function category(slug: CategorySlug, name: string, node: string, prices: [number, number], nouns: string, brands: string, specs: string, variation: string, features: string, extra: ExtraCondition[] = []) {
  const [attribute = '', values = ''] = variation.split('=');
  return { slug, name, node, prices, nouns: list(nouns), brands: list(brands), specs: list(specs), variation: { attribute, values: list(values) }, features: list(features), extra };
}

export const CATEGORIES: readonly Category[] = [
  category('software', 'Software', '4129306011', [15, 180], 'Photo Editor|Antivirus Suite|Tax Preparation Software|Video Editing Studio|Office Suite|Password Manager|Language Course', 'Quillsoft|Brightpath|Nortica|Pixelforge|Cobaltworks', '| for Windows and Mac|, 1-Year Subscription|, 3-Device License', 'Edition=Standard|Deluxe|Premium|Home & Business', 'set up in minutes|free updates for a year|works offline|cloud backup included'),
  category('home-garden', 'Home & Garden', '3867254011', [12, 160], 'Raised Garden Bed|Solar Path Lights|Throw Blanket|Ceramic Planter Set|Expandable Garden Hose|Memory Foam Pillow|Blackout Curtains', 'Greenhollow|Cozyfield|Marlowe Home|Terracrest|Wildmeadow', '|, 2-Pack|, Set of 4|, Large', 'Color=Sage|Charcoal|Ivory|Terracotta', 'weather-resistant materials|easy assembly|soft to the touch|fade-resistant colours'),
  category('electronics', 'Electronics', '5520918011', [15, 400], 'Wireless Earbuds|Bluetooth Speaker|Noise Cancelling Headphones|Portable Charger|Smart Plug|USB-C Hub|Wireless Headphones', 'Voltwave|Auralis|Brightcell|Nimbus Labs|Sonique', '|, 2-Pack|, 2nd Generation|, Upgraded Model', 'Color=Black|White|Midnight Blue|Silver', 'long battery life|fast charging|stable Bluetooth 5.3 connection|compact and lightweight', ['Renewed']),
  category('books', 'Books', '2764381011', [8, 45], 'Mystery Novel|Cookbook|Field Guide to Birds|Poetry Collection|History of the Sea|Picture Book|Guide to Houseplants', 'Lanternfish Press|Harrow & Vale|Bluequill Books|Northlight Editions|Paperlark', '|, 2nd Edition|, Revised Edition|, Illustrated Edition', 'Format=Paperback|Hardcover|eBook|Audiobook', 'beautifully illustrated|a page-turner from start to finish|written by an award-winning author|perfect as a gift', ['Collectible']),
  category('toys-games', 'Toys & Games', '6152047011', [10, 90], 'Building Block Set|Strategy Board Game|Jigsaw Puzzle|Remote Control Car|Plush Dinosaur|Card Game|Marble Run', 'Tinkertop|Playwise|Hopscotch Toys|Gigglebrick|Wonderkin', '|, Ages 3+|, Ages 8+|, Family Edition', 'Color=Red|Blue|Green|Yellow', 'hours of screen-free fun|safe, non-toxic materials|great for family game night|builds problem-solving skills', ['Collectible']),
  category('kitchen', 'Kitchen & Dining', '7309415011', [10, 250], "Chef's Knife|Cast Iron Skillet|Air Fryer|Pour-Over Coffee Maker|Cutting Board Set|Stand Mixer|Nonstick Pan Set", 'Copperleaf|Kitchora|Saltmarsh|Hearthstone Kitchen|Bramblewood', '|, Large|, Gift Set|, Dishwasher Safe', 'Color=Stainless|Matte Black|Cream|Sage Green', 'dishwasher-safe parts|even heat distribution|ergonomic handle|easy to clean'),
  category('sports-outdoors', 'Sports & Outdoors', '8416023011', [12, 220], 'Yoga Mat|Insulated Water Bottle|Camping Tent|Adjustable Dumbbells|Trekking Poles|Resistance Bands|Hiking Backpack', 'Trailpeak|Summitry|Northbound Gear|Ridgeline|Fieldstride', '|, All-Season|, 2-Pack|, for Men and Women', 'Size=Small|Medium|Large|X-Large', 'built for the outdoors|lightweight and packable|non-slip grip|lifetime warranty'),
  category('beauty', 'Beauty & Personal Care', '9021536011', [8, 90], 'Vitamin C Serum|Ionic Hair Dryer|Moisturizing Cream|Makeup Brush Set|Mineral Sunscreen SPF 50|Shampoo Bar|Lip Balm Set', 'Lumiere Botanics|Dewhaven|Silkroot|Petalry|Clearwell', '|, Travel Size|, 2-Pack|, for All Skin Types', 'Size=Travel|Regular|Value Pack', 'dermatologist tested|fragrance free|cruelty-free formula|suitable for all skin types'),
  category('pet-supplies', 'Pet Supplies', '1538207011', [8, 140], 'Orthopedic Dog Bed|Cat Tree|Chew Toy|Automatic Pet Feeder|Grooming Brush|Litter Mat|Dog Harness', 'Pawsome Co.|Whiskerly|Tailtown|Furbright|Barkside', '|, Large|, 3-Pack|, for Cats and Dogs', 'Size=Small|Medium|Large', 'vet recommended|durable for heavy chewers|machine washable|non-slip base'),
  category('office-products', 'Office Products', '2650734011', [5, 120], 'Gel Pens|Spiral Notebook|Desk Organizer|Label Maker|Ergonomic Mouse|Magnetic Whiteboard|Monitor Stand', 'Inkwell & Co.|Deskcraft|Papermint|Officium|Linebright', '|, 2-Pack|, Set of 3|, for Home and Office', 'Color=Black|Blue|Assorted|Grey', 'smooth, quick-drying ink|space-saving design|sturdy construction|ideal for home office'),
  category('automotive', 'Automotive', '3195428011', [10, 180], 'Dash Cam|Portable Tire Inflator|Car Phone Mount|Jump Starter|Microfiber Towels|Seat Covers|Tire Pressure Gauge', 'Roadwise|Gearline|Motorvale|Drivesafe|Axlewood', '|, Universal Fit|, 2-Pack|, Heavy Duty', 'Color=Black|Grey|Beige', 'fits most vehicles|easy installation|built-in safety protection|compact storage', ['Renewed']),
  category('video-games', 'Video Games', '4783150011', [15, 90], 'Wireless Controller|Gaming Headset|Open-World Adventure Game|Racing Game|Charging Dock|Mechanical Gaming Keyboard|Puzzle Platformer', 'Pixelhaven|Questline|Arcadia Works|Bitfrost|Levelup Labs', '|, Deluxe Edition|, RGB|, Standard Edition', 'Platform=Console|PC|Handheld', 'low-latency response|immersive sound|hours of gameplay|customisable controls', ['Renewed', 'Collectible']),
];

export const ADJECTIVES = list('Classic|Premium|Compact|Essential|Ultra|Pro|Everyday|Deluxe|Eco|Smart|Heritage|Lightweight');

export const ABOUT_CLAUSES = list(
  'Built for daily use and tested to last.|Ready to use straight out of the box.|Backed by a 1-year limited warranty and friendly support.|Thoughtful details make it a dependable choice at home or on the go.|Designed with feedback from thousands of customers.',
);
/** A book's: nothing to set up, no warranty. */
export const BOOK_ABOUT_CLAUSES = list(
  'Praised by readers and critics alike.|A book to return to again and again.|Written with warmth, wit and care.|Includes a new foreword for this edition.|Loved by book clubs across the country.',
);

/** Product-review titles and sentences by stars ("{noun}": the product's noun, lower case). */
export const REVIEW_TITLES: Record<number, readonly string[]> = {
  5: list('Exactly what I needed|Love it|Worth every penny|Fantastic quality'),
  4: list('Very good, small quibbles|Solid purchase|Does the job well|Happy with it'),
  3: list("It's okay|Mixed feelings|Average at best|Fine for the price"),
  2: list('Disappointing|Not as described|Expected better|Had issues'),
  1: list('Stopped working after a week|Would not buy again|Poor quality|Returned it'),
};
export const REVIEW_SENTENCES: Record<number, readonly string[]> = {
  5: list('This {noun} is better than I expected.|Great quality and it arrived quickly.|I have used it every day for a month with no complaints.|Highly recommend it to anyone looking for a {noun}.'),
  4: list('The {noun} works well, though the instructions could be clearer.|Good value overall.|Does what it promises; the packaging was a bit flimsy.|Would buy again if it went on sale.'),
  3: list('The {noun} is fine but nothing special.|It works, but the finish feels cheap.|Took a while to get used to it.|Decent for the price, I suppose.'),
  2: list('The {noun} did not match the photos.|It started showing problems within days.|Customer service was slow to respond.|Not what I hoped for.'),
  1: list('The {noun} broke almost immediately.|Arrived damaged and the replacement was no better.|Save your money.|Complete waste of time.'),
};

/** Seller-feedback comments by kind. */
export const SELLER_COMMENTS = {
  positive: list('Fast shipping and the item was exactly as described.|Great seller, well packaged.|Arrived early, would order again.|Smooth transaction, thank you!|Quick to answer my question before I ordered.'),
  neutral: list('Arrived a few days late but the item is fine.|Packaging was damaged, item OK.|Item as described, slow shipping.|Okay experience overall.'),
  negative: list('Item arrived damaged and the seller was slow to respond.|Never received my order.|Wrong item sent, still waiting on the refund.|Product was used, listed as new.'),
};

export const SELLER_NAMES = { first: list('Harbor|Northgate|Bluebird|Summit|Cedar|Lumen|Oakridge|Brightwater'), second: list('Goods|Supply Co.|Trading|Outlet|Direct|Mercantile') };
export const STREETS = list('Maple Avenue|Harbor Street|Commerce Drive|Industrial Parkway|Mill Road|Lakeview Boulevard');
export const TOWNS: readonly (readonly [town: string, state: string, zip: string, area: string])[] = [
  ['Springfield', 'OR', '97477', '541'], ['Riverton', 'WY', '82501', '307'], ['Fairview', 'TN', '37062', '615'], ['Georgetown', 'TX', '78626', '512'],
  ['Greenville', 'SC', '29601', '864'], ['Franklin', 'MA', '02038', '508'], ['Salem', 'NH', '03079', '603'], ['Madison', 'WI', '53703', '608'],
];

/** Storefronts: name (lower case, as in /shop/<name>), programme status, whether it has idea lists. */
export const INFLUENCERS: readonly (readonly [name: string, status: string, curations: boolean])[] = [
  ['homewithmaya', 'Influencer', true], ['techbytheo', 'Influencer', true], ['thekitchenedit', 'Creator', true], ['trailandtent', 'Influencer', false],
  ['glowwithnadia', 'Creator', true], ['pawsandpriya', 'Influencer', true], ['deskdaily', 'Creator', false], ['gamenightgus', 'Influencer', true],
];
