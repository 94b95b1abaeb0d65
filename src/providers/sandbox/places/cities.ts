import type { SeededRandom } from '../random';
import { GAZETTEER } from './gazetteer';
import { foldedWords, isUnspacedName } from './query-words';

/**
 * The sandbox's map: twenty hand-made cities, each with what a plausible address and phone number
 * there need, and a gazetteer of the world's best-known cities built from their countries'
 * defaults (./gazetteer.ts). A query naming a city searches there, in English or, for the best-known
 * cities, in their own script (東京, москва); a region code picks that
 * country's main city; a bias circle searches around its centre (addresses from the nearest city).
 * A query naming no known city, without a region code of a country on the map, searches Seattle.
 */

export type AddressStyle = 'us' | 'uk' | 'eu' | 'jp';

export interface City {
  name: string;
  /** Lower-case phrases that name it in a query. */
  aliases: readonly string[];
  state?: string;
  /** ISO 3166-1 alpha-2, upper-case. */
  country: string;
  countryName: string;
  latitude: number;
  longitude: number;
  timezone: string;
  currency: string;
  callingCode: string;
  areaCodes: readonly string[];
  addressStyle: AddressStyle;
  /** `#` becomes a digit, `%` a digit from 1 to 9, `@` an upper-case letter. */
  postalPattern: string;
  streets: readonly string[];
  neighborhoods: readonly string[];
  /**
   * Where open water begins, for a city on a coast or a lake shore: the bearing from the centre
   * towards it (degrees clockwise from north) and how far the shore is that way, in metres.
   * Places drawn around the centre stay on the land side of that shore line.
   */
  water?: { bearing: number; shoreMetres: number };
}

/** Also where the contacts sandbox's companies and people are (sandbox/contacts). */
export const CITIES: readonly City[] = [
  { name: 'Seattle', aliases: ['seattle'], state: 'WA', country: 'US', countryName: 'USA', latitude: 47.6062, longitude: -122.3321, timezone: 'America/Los_Angeles', currency: 'USD', callingCode: '1', areaCodes: ['206'], addressStyle: 'us', postalPattern: '981##', streets: ['Pine St', 'Pike St', '1st Ave', 'Broadway', 'Eastlake Ave E', 'NW Market St'], neighborhoods: ['Capitol Hill', 'Ballard', 'Fremont', 'Belltown', 'Queen Anne'], water: { bearing: 250, shoreMetres: 500 } },
  { name: 'New York', aliases: ['new york', 'nyc', 'manhattan', 'brooklyn', 'нью-йорк', 'ニューヨーク', '纽约'], state: 'NY', country: 'US', countryName: 'USA', latitude: 40.7128, longitude: -74.006, timezone: 'America/New_York', currency: 'USD', callingCode: '1', areaCodes: ['212', '646', '718'], addressStyle: 'us', postalPattern: '100##', streets: ['Broadway', 'W 14th St', 'Bleecker St', 'Lexington Ave', 'Bedford Ave', 'Canal St'], neighborhoods: ['SoHo', 'Chelsea', 'East Village', 'Williamsburg', 'Upper West Side'] },
  { name: 'San Francisco', aliases: ['san francisco', 'sf', 'サンフランシスコ', '旧金山'], state: 'CA', country: 'US', countryName: 'USA', latitude: 37.7749, longitude: -122.4194, timezone: 'America/Los_Angeles', currency: 'USD', callingCode: '1', areaCodes: ['415'], addressStyle: 'us', postalPattern: '941##', streets: ['Valencia St', 'Market St', 'Divisadero St', 'Columbus Ave', 'Irving St', 'Fillmore St'], neighborhoods: ['Mission District', 'North Beach', 'Hayes Valley', 'Inner Sunset', 'SoMa'], water: { bearing: 45, shoreMetres: 3500 } },
  { name: 'Los Angeles', aliases: ['los angeles', 'лос-анджелес', 'ロサンゼルス', '洛杉矶'], state: 'CA', country: 'US', countryName: 'USA', latitude: 34.0522, longitude: -118.2437, timezone: 'America/Los_Angeles', currency: 'USD', callingCode: '1', areaCodes: ['213', '323'], addressStyle: 'us', postalPattern: '900##', streets: ['Sunset Blvd', 'Melrose Ave', 'Abbot Kinney Blvd', 'S Main St', 'Sawtelle Blvd'], neighborhoods: ['Silver Lake', 'Venice', 'Downtown', 'Koreatown', 'Echo Park'] },
  { name: 'Chicago', aliases: ['chicago'], state: 'IL', country: 'US', countryName: 'USA', latitude: 41.8781, longitude: -87.6298, timezone: 'America/Chicago', currency: 'USD', callingCode: '1', areaCodes: ['312', '773'], addressStyle: 'us', postalPattern: '6060%', streets: ['N Milwaukee Ave', 'W Randolph St', 'N Clark St', 'W Armitage Ave', 'S Halsted St'], neighborhoods: ['Wicker Park', 'West Loop', 'Lincoln Park', 'Logan Square', 'Pilsen'], water: { bearing: 77, shoreMetres: 900 } },
  { name: 'Austin', aliases: ['austin'], state: 'TX', country: 'US', countryName: 'USA', latitude: 30.2672, longitude: -97.7431, timezone: 'America/Chicago', currency: 'USD', callingCode: '1', areaCodes: ['512', '737'], addressStyle: 'us', postalPattern: '787##', streets: ['S Congress Ave', 'E 6th St', 'S Lamar Blvd', 'Guadalupe St', 'E Cesar Chavez St'], neighborhoods: ['South Congress', 'East Austin', 'Downtown', 'Hyde Park', 'Zilker'] },
  { name: 'Boston', aliases: ['boston', 'cambridge ma'], state: 'MA', country: 'US', countryName: 'USA', latitude: 42.3601, longitude: -71.0589, timezone: 'America/New_York', currency: 'USD', callingCode: '1', areaCodes: ['617', '857'], addressStyle: 'us', postalPattern: '021##', streets: ['Newbury St', 'Hanover St', 'Tremont St', 'Boylston St', 'Massachusetts Ave'], neighborhoods: ['Back Bay', 'North End', 'South End', 'Beacon Hill', 'Jamaica Plain'], water: { bearing: 90, shoreMetres: 1200 } },
  { name: 'Miami', aliases: ['miami'], state: 'FL', country: 'US', countryName: 'USA', latitude: 25.7617, longitude: -80.1918, timezone: 'America/New_York', currency: 'USD', callingCode: '1', areaCodes: ['305', '786'], addressStyle: 'us', postalPattern: '331##', streets: ['Collins Ave', 'Calle Ocho', 'NW 2nd Ave', 'Brickell Ave', 'Biscayne Blvd'], neighborhoods: ['Wynwood', 'Little Havana', 'Brickell', 'South Beach', 'Coconut Grove'], water: { bearing: 90, shoreMetres: 1000 } },
  { name: 'Denver', aliases: ['denver'], state: 'CO', country: 'US', countryName: 'USA', latitude: 39.7392, longitude: -104.9903, timezone: 'America/Denver', currency: 'USD', callingCode: '1', areaCodes: ['303', '720'], addressStyle: 'us', postalPattern: '802##', streets: ['Larimer St', 'S Broadway', 'E Colfax Ave', 'Tennyson St', 'Blake St'], neighborhoods: ['LoDo', 'RiNo', 'Capitol Hill', 'Highlands', 'Baker'] },
  { name: 'Portland', aliases: ['portland'], state: 'OR', country: 'US', countryName: 'USA', latitude: 45.5152, longitude: -122.6784, timezone: 'America/Los_Angeles', currency: 'USD', callingCode: '1', areaCodes: ['503', '971'], addressStyle: 'us', postalPattern: '972##', streets: ['SE Hawthorne Blvd', 'NW 23rd Ave', 'N Mississippi Ave', 'SE Division St', 'NE Alberta St'], neighborhoods: ['Pearl District', 'Hawthorne', 'Alberta Arts', 'Sellwood', 'Nob Hill'] },
  { name: 'Toronto', aliases: ['toronto'], state: 'ON', country: 'CA', countryName: 'Canada', latitude: 43.6532, longitude: -79.3832, timezone: 'America/Toronto', currency: 'CAD', callingCode: '1', areaCodes: ['416', '647'], addressStyle: 'us', postalPattern: 'M#@ #@#', streets: ['Queen St W', 'Ossington Ave', 'King St E', 'Dundas St W', 'Yonge St'], neighborhoods: ['Kensington Market', 'Leslieville', 'The Annex', 'Distillery District', 'Little Italy'], water: { bearing: 180, shoreMetres: 1200 } },
  { name: 'Mexico City', aliases: ['mexico city', 'cdmx', 'ciudad de mexico'], state: 'CDMX', country: 'MX', countryName: 'Mexico', latitude: 19.4326, longitude: -99.1332, timezone: 'America/Mexico_City', currency: 'MXN', callingCode: '52', areaCodes: ['55'], addressStyle: 'eu', postalPattern: '06###', streets: ['Av. Álvaro Obregón', 'Calle Orizaba', 'Av. Amsterdam', 'Calle Durango', 'Av. Michoacán'], neighborhoods: ['Roma Norte', 'Condesa', 'Coyoacán', 'Polanco', 'Juárez'] },
  { name: 'London', aliases: ['london', 'лондон', 'ロンドン', '伦敦', '런던'], country: 'GB', countryName: 'UK', latitude: 51.5074, longitude: -0.1278, timezone: 'Europe/London', currency: 'GBP', callingCode: '44', areaCodes: ['20'], addressStyle: 'uk', postalPattern: 'EC#@ #@@', streets: ['Exmouth Market', 'Columbia Rd', 'Brick Ln', 'Upper St', 'Marylebone High St'], neighborhoods: ['Shoreditch', 'Soho', 'Islington', 'Clerkenwell', 'Marylebone'] },
  { name: 'Paris', aliases: ['paris', 'париж', 'パリ', '巴黎', '파리'], country: 'FR', countryName: 'France', latitude: 48.8566, longitude: 2.3522, timezone: 'Europe/Paris', currency: 'EUR', callingCode: '33', areaCodes: ['1'], addressStyle: 'eu', postalPattern: '7500%', streets: ['Rue Oberkampf', 'Rue de Bretagne', 'Rue des Martyrs', 'Rue du Faubourg Saint-Denis', 'Rue Mouffetard'], neighborhoods: ['Le Marais', 'Montmartre', 'Saint-Germain-des-Prés', 'Belleville', 'Canal Saint-Martin'] },
  { name: 'Berlin', aliases: ['berlin', 'берлин', 'ベルリン', '柏林'], country: 'DE', countryName: 'Germany', latitude: 52.52, longitude: 13.405, timezone: 'Europe/Berlin', currency: 'EUR', callingCode: '49', areaCodes: ['30'], addressStyle: 'eu', postalPattern: '10###', streets: ['Oranienstraße', 'Kastanienallee', 'Weserstraße', 'Bergmannstraße', 'Torstraße'], neighborhoods: ['Kreuzberg', 'Prenzlauer Berg', 'Neukölln', 'Mitte', 'Friedrichshain'] },
  { name: 'Madrid', aliases: ['madrid'], country: 'ES', countryName: 'Spain', latitude: 40.4168, longitude: -3.7038, timezone: 'Europe/Madrid', currency: 'EUR', callingCode: '34', areaCodes: ['91'], addressStyle: 'eu', postalPattern: '280##', streets: ['Calle de Fuencarral', 'Calle de Huertas', 'Calle de Ponzano', 'Calle del Pez', 'Calle de Argumosa'], neighborhoods: ['Malasaña', 'Chueca', 'Lavapiés', 'La Latina', 'Chamberí'] },
  { name: 'Amsterdam', aliases: ['amsterdam'], country: 'NL', countryName: 'Netherlands', latitude: 52.3676, longitude: 4.9041, timezone: 'Europe/Amsterdam', currency: 'EUR', callingCode: '31', areaCodes: ['20'], addressStyle: 'eu', postalPattern: '10## @@', streets: ['Haarlemmerstraat', 'Utrechtsestraat', 'Ferdinand Bolstraat', 'Westerstraat', 'Javastraat'], neighborhoods: ['Jordaan', 'De Pijp', 'Oost', 'Centrum', 'Oud-West'] },
  { name: 'Lisbon', aliases: ['lisbon', 'lisboa'], country: 'PT', countryName: 'Portugal', latitude: 38.7223, longitude: -9.1393, timezone: 'Europe/Lisbon', currency: 'EUR', callingCode: '351', areaCodes: ['21'], addressStyle: 'eu', postalPattern: '11##-###', streets: ['Rua da Rosa', 'Rua Augusta', 'Rua de São Bento', 'Rua do Poço dos Negros', 'Rua da Madalena'], neighborhoods: ['Bairro Alto', 'Alfama', 'Chiado', 'Príncipe Real', 'Baixa'], water: { bearing: 180, shoreMetres: 800 } },
  { name: 'Tokyo', aliases: ['tokyo', '東京', 'とうきょう', 'токио', '도쿄'], country: 'JP', countryName: 'Japan', latitude: 35.6762, longitude: 139.6503, timezone: 'Asia/Tokyo', currency: 'JPY', callingCode: '81', areaCodes: ['3'], addressStyle: 'jp', postalPattern: '15#-####', streets: ['Shibuya', 'Jingumae', 'Kitazawa', 'Nakameguro', 'Ebisu'], neighborhoods: ['Shibuya', 'Shimokitazawa', 'Nakameguro', 'Harajuku', 'Ebisu'] },
  { name: 'Sydney', aliases: ['sydney', 'シドニー', '悉尼'], state: 'NSW', country: 'AU', countryName: 'Australia', latitude: -33.8688, longitude: 151.2093, timezone: 'Australia/Sydney', currency: 'AUD', callingCode: '61', areaCodes: ['2'], addressStyle: 'us', postalPattern: '20##', streets: ['Crown St', 'King St', 'Oxford St', 'George St', 'Glebe Point Rd'], neighborhoods: ['Surry Hills', 'Newtown', 'Darlinghurst', 'The Rocks', 'Glebe'], water: { bearing: 0, shoreMetres: 1300 } },
];

/** Every city places can be in: the hand-made ones first, so their country's region code and their names win. */
export const WORLD_CITIES: readonly City[] = [...CITIES, ...GAZETTEER];

const DEFAULT_CITY = CITIES[0]!;

/**
 * Each alias under its first word, with its city's rank on the map: a query is matched against the
 * few aliases its own words start (the web page asks once per event it lists), and the first city
 * on the map wins when it names two. Aliases in a script written without spaces (東京, 서울) are
 * few and looked for anywhere in the query instead ("東京ラーメン").
 */
const ALIASES_BY_FIRST_WORD = new Map<string, Array<{ alias: string; rank: number }>>();
const UNSPACED_ALIASES: Array<{ alias: string; rank: number }> = [];
for (const [rank, city] of WORLD_CITIES.entries()) {
  for (const name of city.aliases) {
    const alias = foldedWords(name);
    const bare = alias.trim();
    if (isUnspacedName(bare)) {
      UNSPACED_ALIASES.push({ alias: bare, rank });
      continue;
    }
    const first = bare.split(' ')[0]!;
    ALIASES_BY_FIRST_WORD.set(first, [...(ALIASES_BY_FIRST_WORD.get(first) ?? []), { alias, rank }]);
  }
}

/** The city a query names ("coffee in seattle", "bakery in münchen", "カフェ 東京"), matched on whole words. */
export function cityNamedIn(query: string): City | undefined {
  const text = foldedWords(query);
  let best = Infinity;
  for (const word of text.trim().split(' ')) {
    for (const { alias, rank } of ALIASES_BY_FIRST_WORD.get(word) ?? []) if (rank < best && text.includes(alias)) best = rank;
  }
  if (/[^\x00-\x7f]/.test(text)) for (const { alias, rank } of UNSPACED_ALIASES) if (rank < best && text.includes(alias)) best = rank;
  return WORLD_CITIES[best];
}

/** A postal code of the city, drawn from its pattern. */
export function postalCodeOf(city: City, random: SeededRandom): string {
  return city.postalPattern
    .replace(/#/g, () => String(random.integer(0, 9)))
    .replace(/%/g, () => String(random.integer(1, 9)))
    .replace(/@/g, () => random.pick([...'ABCDEFGHJKLMNPRSTUVWXY']));
}

/** A region code's main city (`gb` → London, `kr` → Seoul), else the default city. */
export function cityOfRegion(region: string | undefined): City {
  return WORLD_CITIES.find((city) => city.country.toLowerCase() === region) ?? DEFAULT_CITY;
}

export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = Math.PI / 180;
  const deltaLatitude = (b.latitude - a.latitude) * radians;
  const deltaLongitude = (b.longitude - a.longitude) * radians;
  const h = Math.sin(deltaLatitude / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(deltaLongitude / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point on the unit sphere: the straight-line distance between two grows with the distance along the surface. */
function unitVector({ latitude, longitude }: { latitude: number; longitude: number }): readonly [number, number, number] {
  const radians = Math.PI / 180;
  const cosine = Math.cos(latitude * radians);
  return [cosine * Math.cos(longitude * radians), cosine * Math.sin(longitude * radians), Math.sin(latitude * radians)];
}

/** x, y, z of each city in turn, in one flat array: the loop below runs for every place drawn. */
const CITY_VECTORS = Float64Array.from(WORLD_CITIES.flatMap((city) => unitVector(city)));

/**
 * The city whose addresses a point gets: the nearest on the map. Every place is placed by it (from
 * its ID's coordinates), so it compares straight-line distances — no trigonometry per city.
 */
export function nearestCity(point: { latitude: number; longitude: number }): City {
  const [x, y, z] = unitVector(point);
  let best = 0;
  let bestDistance = Infinity;
  for (let index = 0; index < WORLD_CITIES.length; index += 1) {
    const distance = (CITY_VECTORS[3 * index]! - x) ** 2 + (CITY_VECTORS[3 * index + 1]! - y) ** 2 + (CITY_VECTORS[3 * index + 2]! - z) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [index, distance];
  }
  return WORLD_CITIES[best]!;
}
