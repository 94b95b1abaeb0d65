import type { AmenityFlag, PriceLevel } from '../../../schemas/place';
import type { SeededRandom } from '../random';
import { at, type DayHours, type WeeklyHours } from './opening-hours';
import { foldedWords, namesIn } from './query-words';

/**
 * What kind of places a query finds: categories recognised from its words, each with a profile
 * (amenities, hours, prices, icon, what reviews talk about) shared by similar categories.
 */

export interface Profile {
  /** Flags this kind of place reports, with the chance each is true. */
  amenities: Partial<Record<AmenityFlag, number>>;
  hours(random: SeededRandom): WeeklyHours;
  /** Chance of each price level; the remainder has none. */
  priceLevels: Partial<Record<PriceLevel, number>>;
  /** Reports a spend per person (food and drink). */
  spendPerPerson: boolean;
  /** Takes payment at all (a park does not). */
  payments: boolean;
  icon: string;
  iconColor: string;
  ratingMean: number;
  /** What reviews mention. */
  topics: readonly string[];
}

export interface Category {
  type: string;
  display: string;
  match: RegExp;
  /** Types besides the primary one and point_of_interest/establishment. */
  types: readonly string[];
  /** The nouns its names end with ("Roasters", "Taqueria"). */
  nouns: readonly string[];
  /** Categories mixed into its searches (types of other keys of CATEGORIES). */
  related: readonly string[];
  profile: Profile;
}

const span = (open: number, close: number): DayHours => ({ open, close });
const week = (weekdays: DayHours | null, saturday: DayHours | null, sunday: DayHours | null): WeeklyHours => ({
  alwaysOpen: false,
  days: [weekdays, weekdays, weekdays, weekdays, weekdays, saturday, sunday],
});
const ALWAYS_OPEN: WeeklyHours = { alwaysOpen: true };

/** Half an hour earlier or later here and there, so neighbours do not all share one timetable. */
function shifted(hours: WeeklyHours, random: SeededRandom): WeeklyHours {
  if (hours.alwaysOpen) return hours;
  const openShift = random.pick([0, 0, 30, -30]);
  const closeShift = random.pick([0, 0, 60, -60]);
  return { alwaysOpen: false, days: hours.days.map((day) => (day ? span(day.open + openShift, day.close + closeShift) : null)) };
}

const FOOD_PRICES = { inexpensive: 0.35, moderate: 0.4, expensive: 0.12, very_expensive: 0.03 };
const CARDS = { payments: true } as const;

const PROFILES = {
  cafe: {
    amenities: { dineIn: 0.95, takeout: 0.95, delivery: 0.5, servesCoffee: 1, servesBreakfast: 0.8, servesLunch: 0.5, servesDessert: 0.8, servesVegetarianFood: 0.8, outdoorSeating: 0.5, goodForGroups: 0.4, goodForChildren: 0.6, allowsDogs: 0.4, restroom: 0.8 },
    hours: (random) => shifted(week(span(at(6, 30), at(19)), span(at(7), at(19)), span(at(7, 30), at(18))), random),
    priceLevels: { inexpensive: 0.7, moderate: 0.25 },
    spendPerPerson: true, ...CARDS, icon: 'cafe_pinlet', iconColor: '#FF9E67', ratingMean: 4.5,
    topics: ['the espresso', 'the pastries', 'the baristas', 'the cold brew', 'the oat latte'],
  },
  bakery: {
    amenities: { takeout: 1, dineIn: 0.6, delivery: 0.4, servesBreakfast: 0.9, servesCoffee: 0.9, servesDessert: 1, servesVegetarianFood: 0.7, goodForChildren: 0.7 },
    hours: (random) => shifted(week(span(at(7), at(17)), span(at(7), at(17)), span(at(8), at(14))), random),
    priceLevels: { inexpensive: 0.75, moderate: 0.2 },
    spendPerPerson: true, ...CARDS, icon: 'cafe_pinlet', iconColor: '#FF9E67', ratingMean: 4.6,
    topics: ['the croissants', 'the sourdough', 'the cinnamon buns', 'the coffee'],
  },
  restaurant: {
    amenities: { dineIn: 0.98, takeout: 0.85, delivery: 0.7, curbsidePickup: 0.4, reservable: 0.7, servesLunch: 0.8, servesDinner: 0.95, servesBeer: 0.7, servesWine: 0.7, servesCocktails: 0.4, servesDessert: 0.8, servesVegetarianFood: 0.7, outdoorSeating: 0.45, liveMusic: 0.1, menuForChildren: 0.5, goodForChildren: 0.7, goodForGroups: 0.8, goodForWatchingSports: 0.15, allowsDogs: 0.2, restroom: 0.95 },
    hours: (random) => {
      const dinner = span(at(11, 30), at(22));
      const late = span(at(11, 30), at(23));
      const closedMonday = random.chance(0.2);
      return shifted({ alwaysOpen: false, days: [closedMonday ? null : dinner, dinner, dinner, dinner, late, late, span(at(12), at(21))] }, random);
    },
    priceLevels: FOOD_PRICES,
    spendPerPerson: true, ...CARDS, icon: 'restaurant_pinlet', iconColor: '#FF9E67', ratingMean: 4.4,
    topics: ['the food', 'the service', 'the portions', 'the dessert', 'the atmosphere'],
  },
  bar: {
    amenities: { dineIn: 0.9, takeout: 0.2, servesBeer: 1, servesWine: 0.9, servesCocktails: 0.85, servesDinner: 0.5, liveMusic: 0.35, outdoorSeating: 0.4, goodForGroups: 0.9, goodForWatchingSports: 0.5, allowsDogs: 0.3, restroom: 0.95 },
    hours: (random) => shifted(week(span(at(16), at(26)), span(at(14), at(26)), span(at(14), at(24))), random),
    priceLevels: { inexpensive: 0.2, moderate: 0.6, expensive: 0.1 },
    spendPerPerson: true, ...CARDS, icon: 'bar_pinlet', iconColor: '#FF9E67', ratingMean: 4.4,
    topics: ['the cocktails', 'the bartenders', 'the music', 'the happy hour'],
  },
  gym: {
    amenities: { restroom: 0.95, goodForChildren: 0.3 },
    hours: (random) => (random.chance(0.3) ? ALWAYS_OPEN : shifted(week(span(at(5), at(23)), span(at(7), at(21)), span(at(7), at(21))), random)),
    priceLevels: {},
    spendPerPerson: false, ...CARDS, icon: 'generic_pinlet', iconColor: '#7B9EB0', ratingMean: 4.3,
    topics: ['the equipment', 'the classes', 'the trainers', 'the locker rooms'],
  },
  lodging: {
    amenities: { goodForChildren: 0.6, allowsDogs: 0.35, restroom: 1, servesBreakfast: 0.6 },
    hours: () => ALWAYS_OPEN,
    priceLevels: { inexpensive: 0.2, moderate: 0.5, expensive: 0.25 },
    spendPerPerson: false, ...CARDS, icon: 'hotel_pinlet', iconColor: '#909CE1', ratingMean: 4.2,
    topics: ['the room', 'the staff', 'the location', 'the breakfast'],
  },
  health: {
    amenities: {},
    hours: (random) => (random.chance(0.15) ? ALWAYS_OPEN : shifted(week(span(at(8), at(19)), span(at(9), at(17)), null), random)),
    priceLevels: {},
    spendPerPerson: false, ...CARDS, icon: 'generic_pinlet', iconColor: '#F88181', ratingMean: 4.1,
    topics: ['the staff', 'the wait', 'the front desk', 'the follow-up'],
  },
  shop: {
    amenities: { delivery: 0.4, curbsidePickup: 0.3 },
    hours: (random) => shifted(week(span(at(9), at(21)), span(at(9), at(21)), span(at(10), at(19))), random),
    priceLevels: { inexpensive: 0.3, moderate: 0.3 },
    spendPerPerson: false, ...CARDS, icon: 'shopping_pinlet', iconColor: '#4B96F3', ratingMean: 4.4,
    topics: ['the selection', 'the staff', 'the prices', 'the recommendations'],
  },
  park: {
    amenities: { goodForChildren: 0.9, allowsDogs: 0.7, restroom: 0.6 },
    hours: (random) => shifted(week(span(at(6), at(22)), span(at(6), at(22)), span(at(6), at(22))), random),
    priceLevels: { free: 0.6 },
    spendPerPerson: false, payments: false, icon: 'tree_pinlet', iconColor: '#4DB546', ratingMean: 4.6,
    topics: ['the trails', 'the views', 'the playground', 'the lawn'],
  },
  museum: {
    amenities: { goodForChildren: 0.8, restroom: 0.95 },
    hours: (random) => shifted({ alwaysOpen: false, days: [null, span(at(10), at(17)), span(at(10), at(17)), span(at(10), at(21)), span(at(10), at(17)), span(at(10), at(18)), span(at(10), at(18))] }, random),
    priceLevels: { free: 0.2, inexpensive: 0.4, moderate: 0.3 },
    spendPerPerson: false, ...CARDS, icon: 'museum_pinlet', iconColor: '#13B5C7', ratingMean: 4.6,
    topics: ['the exhibits', 'the collection', 'the audio guide', 'the gift shop'],
  },
  salon: {
    amenities: {},
    hours: (random) => shifted({ alwaysOpen: false, days: [null, span(at(9), at(19)), span(at(9), at(19)), span(at(9), at(20)), span(at(9), at(20)), span(at(9), at(17)), null] }, random),
    priceLevels: { moderate: 0.5, expensive: 0.2 },
    spendPerPerson: false, ...CARDS, icon: 'generic_pinlet', iconColor: '#7B9EB0', ratingMean: 4.7,
    topics: ['the haircut', 'the stylist', 'the booking', 'the colour'],
  },
  fuel: {
    amenities: { restroom: 0.8 },
    hours: (random) => (random.chance(0.5) ? ALWAYS_OPEN : shifted(week(span(at(6), at(23)), span(at(6), at(23)), span(at(7), at(22))), random)),
    priceLevels: {},
    spendPerPerson: false, ...CARDS, icon: 'gas_pinlet', iconColor: '#7B9EB0', ratingMean: 3.9,
    topics: ['the prices', 'the store', 'the car wash', 'the pumps'],
  },
  services: {
    amenities: {},
    hours: (random) => shifted(week(span(at(8), at(18)), span(at(9), at(14)), null), random),
    priceLevels: {},
    spendPerPerson: false, ...CARDS, icon: 'generic_pinlet', iconColor: '#7B9EB0', ratingMean: 4.5,
    topics: ['the service', 'the staff', 'the price', 'the turnaround'],
  },
} satisfies Record<string, Profile>;

function category(type: string, display: string, match: RegExp, profile: Profile, nouns: string[], types: string[] = [], related: string[] = []): Category {
  return { type, display, match, profile, nouns, types, related };
}

const { cafe, bakery, restaurant, bar, gym, lodging, health, shop, park, museum, salon, fuel, services } = PROFILES;
const RESTAURANT_TYPES = ['restaurant', 'food'];

/** Matched in this order: specific categories before the general ones they belong to. */
export const CATEGORIES: readonly Category[] = [
  category('coffee_shop', 'Coffee shop', /\b(coffee|espresso|latte|cappuccino|cafes?|coffeehouse)\b/, cafe, ['Coffee', 'Coffee Roasters', 'Espresso Bar', 'Coffee House', 'Café'], ['cafe', 'food', 'store'], ['bakery', 'breakfast_restaurant']),
  category('bakery', 'Bakery', /\b(bakery|bakeries|bread|pastry|pastries|croissants?)\b/, bakery, ['Bakery', 'Bakehouse', 'Boulangerie', 'Bread Co.'], ['food', 'store'], ['coffee_shop']),
  category('pizza_restaurant', 'Pizza restaurant', /\bpizz(a|as|eria|erias)\b/, restaurant, ['Pizza', 'Pizzeria', 'Slice Shop'], RESTAURANT_TYPES, ['italian_restaurant', 'restaurant']),
  category('sushi_restaurant', 'Sushi restaurant', /\b(sushi|sashimi|omakase)\b/, restaurant, ['Sushi', 'Sushi Bar', 'Omakase'], ['japanese_restaurant', ...RESTAURANT_TYPES], ['japanese_restaurant', 'ramen_restaurant']),
  category('ramen_restaurant', 'Ramen restaurant', /\b(ramen|noodles?|udon)\b/, restaurant, ['Ramen', 'Noodle House', 'Ramen Bar'], ['japanese_restaurant', ...RESTAURANT_TYPES], ['japanese_restaurant', 'sushi_restaurant']),
  category('japanese_restaurant', 'Japanese restaurant', /\b(japanese|izakaya)\b/, restaurant, ['Izakaya', 'Japanese Kitchen', 'Kappo'], RESTAURANT_TYPES, ['sushi_restaurant', 'ramen_restaurant']),
  category('mexican_restaurant', 'Mexican restaurant', /\b(tacos?|taqueria|mexican|burritos?)\b/, restaurant, ['Taqueria', 'Cantina', 'Tacos'], RESTAURANT_TYPES, ['restaurant']),
  category('hamburger_restaurant', 'Hamburger restaurant', /\b(burgers?|hamburgers?)\b/, restaurant, ['Burgers', 'Burger Joint', 'Grill'], ['american_restaurant', ...RESTAURANT_TYPES], ['restaurant', 'pub']),
  category('italian_restaurant', 'Italian restaurant', /\b(italian|pasta|trattoria|osteria)\b/, restaurant, ['Trattoria', 'Osteria', 'Cucina'], RESTAURANT_TYPES, ['pizza_restaurant', 'wine_bar']),
  category('thai_restaurant', 'Thai restaurant', /\b(thai|pad thai)\b/, restaurant, ['Thai Kitchen', 'Thai', 'Thai Street Food'], ['asian_restaurant', ...RESTAURANT_TYPES], ['restaurant']),
  category('indian_restaurant', 'Indian restaurant', /\b(indian|curry|curries|tandoori)\b/, restaurant, ['Curry House', 'Indian Kitchen', 'Tandoor'], RESTAURANT_TYPES, ['restaurant']),
  category('chinese_restaurant', 'Chinese restaurant', /\b(chinese|dim sum|dumplings?)\b/, restaurant, ['Dumpling House', 'Noodle Bar', 'Garden'], ['asian_restaurant', ...RESTAURANT_TYPES], ['restaurant']),
  category('breakfast_restaurant', 'Breakfast restaurant', /\b(breakfast|brunch|pancakes?)\b/, restaurant, ['Diner', 'Breakfast Club', 'Eggs & Co.'], RESTAURANT_TYPES, ['coffee_shop', 'bakery']),
  category('wine_bar', 'Wine bar', /\bwine\b/, bar, ['Wine Bar', 'Vinoteca', 'Cellar'], ['bar'], ['bar', 'italian_restaurant']),
  category('pub', 'Pub', /\b(pubs?|brewery|breweries|beers?|taproom)\b/, bar, ['Tavern', 'Pub', 'Alehouse', 'Brewing Co.'], ['bar'], ['bar', 'hamburger_restaurant']),
  category('bar', 'Bar', /\b(bars?|cocktails?|nightlife|drinks)\b/, bar, ['Bar', 'Lounge', 'Cocktail Club', 'Social'], [], ['pub', 'wine_bar']),
  category('restaurant', 'Restaurant', /\b(restaurants?|food|dinner|lunch|eat|dining|bistro)\b/, restaurant, ['Kitchen', 'Bistro', 'Eatery', 'Table'], ['food'], ['italian_restaurant', 'mexican_restaurant', 'thai_restaurant', 'bar']),
  category('yoga_studio', 'Yoga studio', /\b(yoga|pilates)\b/, gym, ['Yoga', 'Yoga Studio', 'Pilates & Yoga'], ['health', 'sports_activity_location'], ['gym']),
  category('gym', 'Gym', /\b(gyms?|fitness|workout|crossfit|weights)\b/, gym, ['Fitness', 'Strength Club', 'Athletic Club', 'Gym'], ['fitness_center', 'sports_activity_location', 'health'], ['yoga_studio']),
  category('hostel', 'Hostel', /\bhostels?\b/, lodging, ['Hostel', 'Backpackers', 'Social Hostel'], ['lodging'], ['hotel']),
  category('hotel', 'Hotel', /\b(hotels?|motels?|lodging|accommodation|stay)\b/, lodging, ['Hotel', 'Inn', 'Suites', 'House Hotel'], ['lodging'], ['hostel']),
  category('pharmacy', 'Pharmacy', /\b(pharmacy|pharmacies|drugstores?|chemists?)\b/, health, ['Pharmacy', 'Apothecary', 'Drugs'], ['drugstore', 'health', 'store']),
  category('dentist', 'Dentist', /\b(dentists?|dental)\b/, health, ['Dental', 'Family Dentistry', 'Dental Care'], ['dental_clinic', 'health']),
  category('veterinary_care', 'Veterinarian', /\b(vets?|veterinarians?|veterinary|animal hospital)\b/, health, ['Animal Hospital', 'Veterinary Clinic', 'Pet Clinic'], ['health']),
  category('supermarket', 'Supermarket', /\b(grocery|groceries|supermarkets?)\b/, shop, ['Market', 'Grocery', 'Foods'], ['grocery_store', 'food_store', 'food', 'store'], ['bakery']),
  category('book_store', 'Book store', /\b(books?|bookstores?|bookshops?)\b/, shop, ['Books', 'Bookshop', 'Book Exchange'], ['store'], ['coffee_shop']),
  category('florist', 'Florist', /\b(florists?|flowers?)\b/, shop, ['Flowers', 'Florist', 'Blooms'], ['store']),
  category('park', 'Park', /\b(parks?|playgrounds?|gardens?)\b/, park, ['Park', 'Playfield', 'Gardens', 'Commons'], ['tourist_attraction']),
  category('museum', 'Museum', /\b(museums?|exhibitions?)\b/, museum, ['Museum', 'History Museum', 'Museum of Art'], ['tourist_attraction'], ['art_gallery']),
  category('art_gallery', 'Art gallery', /\b(galler(y|ies)|art)\b/, museum, ['Gallery', 'Art Space', 'Contemporary'], ['tourist_attraction'], ['museum']),
  category('barber_shop', 'Barber shop', /\bbarbers?(hop)?\b/, salon, ['Barbers', 'Barber Shop', 'Cuts'], ['hair_care'], ['hair_salon']),
  category('hair_salon', 'Hair salon', /\b(hair|haircuts?|salons?|hairdressers?)\b/, salon, ['Hair Studio', 'Salon', 'Hair Co.'], ['beauty_salon', 'hair_care'], ['barber_shop']),
  category('gas_station', 'Gas station', /\b(gas|petrol|fuel)\b/, fuel, ['Fuel Stop', 'Service Station', 'Gas & Go'], ['store']),
  category('car_repair', 'Auto repair shop', /\b(mechanics?|car repair|auto repair|garage)\b/, services, ['Auto Repair', 'Motors', 'Garage'], []),
];

/** What a query finds when no category matches: shops named after its words. */
export const GENERAL_CATEGORY = category('store', 'Store', /$^/, shop, ['Shop', 'Supply', 'Co.', 'Store'], []);

/**
 * Common local words for the kinds of place most asked for in other scripts, folded as queries are
 * (accents off: καφέ is καφε): "カフェ 東京" asks for a coffee shop as "cafe in tokyo" does.
 */
const LOCAL_WORDS: Readonly<Record<string, readonly string[]>> = {
  coffee_shop: ['カフェ', '喫茶店', 'コーヒー', '咖啡', '咖啡店', '咖啡馆', '카페', '커피', 'кафе', 'кофе', 'кофейня', 'кофейни', 'καφε', 'καφετερια'],
  bakery: ['パン屋', 'ベーカリー', '面包店', '빵집', 'пекарня', 'булочная'],
  pizza_restaurant: ['ピザ', '披萨', '피자', 'пицца', 'пиццерия'],
  sushi_restaurant: ['寿司', 'すし', '鮨', '스시', 'суши'],
  ramen_restaurant: ['ラーメン', '拉面', '라멘', 'рамен'],
  japanese_restaurant: ['居酒屋', '和食'],
  chinese_restaurant: ['中華', '中餐', '中国菜'],
  bar: ['酒吧', 'бар', 'бары'],
  restaurant: ['レストラン', '餐厅', '餐廳', '식당', '레스토랑', 'ресторан', 'рестораны', 'εστιατοριο'],
  hotel: ['ホテル', '酒店', '宾馆', '호텔', 'отель', 'гостиница', 'ξενοδοχειο'],
  pharmacy: ['薬局', '药店', '약국', 'аптека', 'φαρμακειο'],
  supermarket: ['スーパー', '超市', '마트', 'супермаркет'],
  park: ['公園', '公园', '공원', 'парк'],
  museum: ['博物館', '博物馆', '박물관', 'музей', 'μουσειο'],
};

/**
 * The category a query asks for, by its words: read accent-folded ("café" is "cafe"), so a word
 * with an accent is the same word, and in other scripts by the local words above.
 */
export function categoryOfQuery(query: string): Category {
  const text = foldedWords(query);
  return CATEGORIES.find((candidate) => candidate.match.test(text) || (LOCAL_WORDS[candidate.type] ?? []).some((word) => namesIn(text, word))) ?? GENERAL_CATEGORY;
}

/** A category by its index in CATEGORIES (the general one past the end), as place IDs carry it. */
export function categoryAt(index: number): Category | undefined {
  return index === CATEGORIES.length ? GENERAL_CATEGORY : CATEGORIES[index];
}

export function indexOfCategory(category: Category): number {
  return category === GENERAL_CATEGORY ? CATEGORIES.length : CATEGORIES.indexOf(category);
}

export function categoryOfType(type: string): Category | undefined {
  return CATEGORIES.find((candidate) => candidate.type === type);
}
