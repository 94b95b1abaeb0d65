/**
 * The fixed lists the photos world is made of. Ten themes give the notable accounts their handles
 * (`head.tail`, so 20 distinct handles a theme), categories, captions and hashtags; regular users
 * take one as their interest. People's names come from the contacts world's lists (synthetic
 * surnames, so no username can be taken for a real person's).
 */

export interface Theme {
  /** The business category the platform shows for its accounts. */
  category: string;
  accountType: 'business' | 'creator';
  heads: readonly [string, string, string, string, string];
  tails: readonly [string, string, string, string];
  /** Its own hashtags; every post may also carry GENERAL_HASHTAGS. */
  hashtags: readonly string[];
  bios: readonly string[];
  /** Caption lines. */
  lines: readonly string[];
  /** What its photos show, for accessibility captions. */
  subjects: readonly string[];
  highlights: readonly string[];
  /** Its accounts are places people go to (a café, a shop): each has one (./venues.ts). */
  venues?: true;
}

export const THEMES: readonly Theme[] = [
  { category: 'Travel Company', accountType: 'business', heads: ['northern', 'wander', 'slow', 'far', 'open'], tails: ['trails', 'roads', 'routes', 'horizons'],
    hashtags: ['travel', 'wanderlust', 'roadtrip', 'hiking', 'mountains'], bios: ['Slow travel, long trails and the places between.', 'Routes, maps and mountain mornings.'],
    lines: ['Made it to the ridge just before the clouds rolled in.', 'Three days, one backpack, zero regrets.', 'Where should we go next?'],
    subjects: ['a mountain lake at dawn', 'a winding coastal road', 'a trail through a pine forest'], highlights: ['Routes', 'Gear', 'Iceland', 'Japan'] },
  { category: 'Bakery', accountType: 'creator', heads: ['maya', 'theo', 'nina', 'omar', 'ruth'], tails: ['bakes', 'cooks', 'ferments', 'plates'],
    hashtags: ['baking', 'sourdough', 'foodie', 'homecooking', 'recipes'], bios: ['Bread, butter and a lot of flour on the floor.', 'Home kitchen recipes, tested twice.'],
    lines: ['Today\'s loaf: open crumb, crackling crust.', 'Recipe in the comments, as promised.', 'Sunday brunch, slowly.'],
    subjects: ['a sourdough loaf on a board', 'a table of pastries', 'a bowl of fresh pasta'], highlights: ['Recipes', 'Sourdough', 'Q&A', 'Kitchen'] },
  { category: 'Artist', accountType: 'creator', heads: ['studio', 'clay', 'glaze', 'wheel', 'ember'], tails: ['kiln', 'works', 'house', 'atelier'],
    hashtags: ['ceramics', 'pottery', 'handmade', 'stoneware', 'art'], bios: ['Wheel-thrown stoneware, fired in small batches.', 'Clay, glaze and patience.'],
    lines: ['Fresh out of the kiln this morning.', 'Glaze tests, round four.', 'Shop update Friday at noon.'],
    subjects: ['stoneware mugs on a shelf', 'a potter\'s wheel', 'glazed bowls drying'], highlights: ['Shop', 'Process', 'Glazes', 'Studio'] },
  { category: 'Photographer', accountType: 'creator', heads: ['grain', 'lens', 'frame', 'still', 'light'], tails: ['stories', 'notes', 'archive', 'field'],
    hashtags: ['photography', 'filmphotography', '35mm', 'streetphotography', 'portrait'], bios: ['Film and digital. Available for commissions.', 'Collecting quiet light since 2014.'],
    lines: ['Shot on expired film, no regrets.', 'The light did all the work here.', 'From the archive.'],
    subjects: ['a street at dusk', 'a portrait by a window', 'a rainy crosswalk'], highlights: ['Film', 'Prints', 'Portraits', 'Workshops'] },
  { category: 'Fitness Trainer', accountType: 'creator', heads: ['strong', 'daily', 'iron', 'stride', 'core'], tails: ['club', 'lab', 'method', 'crew'],
    hashtags: ['fitness', 'running', 'yoga', 'workout', 'strength'], bios: ['Strength for everyday bodies. Programs below.', 'Run slow, lift heavy, rest well.'],
    lines: ['Ten minutes, no equipment, try it.', 'Long run done before the city woke up.', 'Form check: save this one.'],
    subjects: ['a person stretching on a mat', 'runners on a bridge', 'kettlebells in a gym'], highlights: ['Programs', 'Form', 'Races', 'Nutrition'] },
  { category: 'Musician/Band', accountType: 'creator', heads: ['velvet', 'paper', 'echo', 'night', 'low'], tails: ['tides', 'radio', 'lanterns', 'choir'],
    hashtags: ['music', 'livemusic', 'vinyl', 'guitar', 'newmusic'], bios: ['New record out now. Tour dates below.', 'Songs about rivers and late trains.'],
    lines: ['Last night was loud. Thank you.', 'New single on Friday.', 'Rehearsal room notes.'],
    subjects: ['a band on a dim stage', 'a turntable with a record', 'a guitar against an amp'], highlights: ['Tour', 'Studio', 'Merch', 'Live'] },
  { category: 'Clothing (Brand)', accountType: 'business', heads: ['linen', 'thread', 'tailor', 'loom', 'indigo'], tails: ['supply', 'label', 'goods', 'studio'],
    hashtags: ['fashion', 'ootd', 'slowfashion', 'vintage', 'style'], bios: ['Made to last, made in small runs.', 'Natural fibres, honest seams.'],
    lines: ['The autumn collection is live.', 'Cut, sewn and washed by hand.', 'Restocked in every size.'],
    subjects: ['a linen shirt on a hanger', 'folded knitwear', 'a model in a wool coat'], highlights: ['New In', 'Care', 'Sizing', 'Stores'], venues: true },
  { category: 'Coffee Shop', accountType: 'business', heads: ['crema', 'roast', 'bean', 'pour', 'kettle'], tails: ['coffee', 'house', 'bar', 'roasters'],
    hashtags: ['coffee', 'latteart', 'espresso', 'cafe', 'specialtycoffee'], bios: ['Small-batch roasts, open from 7.', 'Coffee, pastries and a long table.'],
    lines: ['New single origin on the bar today.', 'Morning rush, happy regulars.', 'Pour-over Saturdays are back.'],
    subjects: ['a latte with leaf art', 'a cafe counter', 'coffee beans in a roaster'], highlights: ['Menu', 'Beans', 'Events', 'Hours'], venues: true },
  { category: 'Nonprofit Organization', accountType: 'business', heads: ['wild', 'fern', 'tide', 'moss', 'river'], tails: ['watch', 'keepers', 'trust', 'notes'],
    hashtags: ['nature', 'wildlife', 'birding', 'conservation', 'ocean'], bios: ['Protecting wild places, one acre at a time.', 'Citizen science for the coast.'],
    lines: ['Spotted on this morning\'s survey.', 'Volunteers planted 400 trees this weekend.', 'Low tide, full pools.'],
    subjects: ['a heron in shallow water', 'a fern-covered forest floor', 'a rocky shoreline'], highlights: ['Volunteer', 'Sightings', 'Reports', 'Donate'] },
  { category: 'Interior Design Studio', accountType: 'business', heads: ['oak', 'plaster', 'arch', 'quiet', 'north'], tails: ['interiors', 'rooms', 'living', 'design'],
    hashtags: ['interiordesign', 'homedecor', 'architecture', 'design', 'minimalism'], bios: ['Calm rooms for busy lives.', 'Residential interiors, start to finish.'],
    lines: ['Before and after: the reading nook.', 'Lime plaster, oak and a lot of light.', 'Project reveal, swipe for details.'],
    subjects: ['a bright living room', 'an oak kitchen', 'a bedroom with plaster walls'], highlights: ['Projects', 'Materials', 'Press', 'Process'] },
];

export const GENERAL_HASHTAGS: readonly string[] = ['picoftheday', 'weekend', 'sunset', 'goodvibes', 'summer', 'autumn', 'friends', 'throwback', 'nofilter', 'explore'];

/** The world's hashtag vocabulary: every theme's and the general ones (60). */
export const HASHTAGS: readonly string[] = [...THEMES.flatMap((theme) => theme.hashtags), ...GENERAL_HASHTAGS];

export const REGULAR_BIOS: readonly string[] = ['coffee first', 'here for the dogs and the sunsets', 'weekend hiker, weekday coder', 'amateur baker', 'photos of things I like', 'always planning the next trip', 'plants, books, tea', 'living slowly'];

export const EVERYDAY_HIGHLIGHTS: readonly string[] = ['Friends', 'Summer', 'Home', 'Trips', 'Food', 'Family', '2025', 'Pets'];

export const COMMENTS: readonly string[] = [
  'Stunning! 😍', 'This is everything', 'Need this in my life', 'Wow, the light 🔥', 'Saving this one', 'So good 👏', 'Where is this?',
  'Obsessed', 'Beautiful work', 'Adding to my list', 'The colours!', 'Love it ❤️', 'How did you do this?', 'Goals', 'Perfection',
];

export const COUNTRIES: readonly string[] = ['United States', 'United Kingdom', 'Canada', 'Germany', 'France', 'Brazil', 'India', 'Japan', 'Australia', 'Spain', 'Italy', 'Mexico', 'Netherlands', 'South Korea'];

export const PLACES: ReadonlyArray<{ name: string; lat: number; lng: number }> = [
  { name: 'Lisbon, Portugal', lat: 38.7223, lng: -9.1393 }, { name: 'Kyoto, Japan', lat: 35.0116, lng: 135.7681 },
  { name: 'Banff National Park', lat: 51.4968, lng: -115.9281 }, { name: 'Cape Town, South Africa', lat: -33.9249, lng: 18.4241 },
  { name: 'Brooklyn, New York', lat: 40.6782, lng: -73.9442 }, { name: 'Reykjavík, Iceland', lat: 64.1466, lng: -21.9426 },
  { name: 'Amalfi Coast, Italy', lat: 40.6333, lng: 14.6029 }, { name: 'Mexico City, Mexico', lat: 19.4326, lng: -99.1332 },
  { name: 'Marrakesh, Morocco', lat: 31.6295, lng: -7.9811 }, { name: 'Queenstown, New Zealand', lat: -45.0312, lng: 168.6626 },
  { name: 'Copenhagen, Denmark', lat: 55.6761, lng: 12.5683 }, { name: 'Melbourne, Australia', lat: -37.8136, lng: 144.9631 },
  { name: 'Vancouver, British Columbia', lat: 49.2827, lng: -123.1207 }, { name: 'Edinburgh, Scotland', lat: 55.9533, lng: -3.1883 },
  { name: 'Seoul, South Korea', lat: 37.5665, lng: 126.978 }, { name: 'Buenos Aires, Argentina', lat: -34.6037, lng: -58.3816 },
  { name: 'Dolomites, Italy', lat: 46.4102, lng: 11.844 }, { name: 'Santorini, Greece', lat: 36.3932, lng: 25.4615 },
  { name: 'Lake Bled, Slovenia', lat: 46.3625, lng: 14.0936 }, { name: 'Joshua Tree National Park', lat: 33.8734, lng: -115.901 },
];

/** Where in each of COUNTRIES an account's venue stands: a city centre. */
export const VENUE_CITIES: Readonly<Record<string, { lat: number; lng: number }>> = {
  'United States': { lat: 40.6782, lng: -73.9442 }, 'United Kingdom': { lat: 55.9533, lng: -3.1883 }, Canada: { lat: 49.2827, lng: -123.1207 },
  Germany: { lat: 52.52, lng: 13.405 }, France: { lat: 48.8566, lng: 2.3522 }, Brazil: { lat: -23.5505, lng: -46.6333 }, India: { lat: 19.076, lng: 72.8777 },
  Japan: { lat: 35.0116, lng: 135.7681 }, Australia: { lat: -37.8136, lng: 144.9631 }, Spain: { lat: 41.3874, lng: 2.1686 }, Italy: { lat: 41.9028, lng: 12.4964 },
  Mexico: { lat: 19.4326, lng: -99.1332 }, Netherlands: { lat: 52.3676, lng: 4.9041 }, 'South Korea': { lat: 37.5665, lng: 126.978 },
};

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
