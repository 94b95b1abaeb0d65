import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import type { City } from './cities';
import { COUNTRIES, LOCAL_NAMES } from './countries';

/**
 * The world's best-known cities beyond the twenty hand-made ones (./cities.ts): real coordinates
 * and time zones, everything else from the country (./countries.ts), so a query naming Reykjavik or
 * Osaka searches there. A country's first city here is its main one (a region code's city) unless a
 * hand-made city of that country comes first. Each lies 25 km or more from the hand-made cities, so
 * the places around those (within 5 km) stay theirs.
 */

interface Entry {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  timezone: string;
  /** Other names than `name` a query may use, the best-known in their own script (accents need none: matching ignores them). */
  aliases?: readonly string[];
  state?: string;
  areaCodes?: readonly string[];
  postalPattern?: string;
}

const ENTRIES: readonly Entry[] = [
  // North America
  { name: 'Washington', aliases: ['washington dc', 'washington d c'], state: 'DC', country: 'US', latitude: 38.9072, longitude: -77.0369, timezone: 'America/New_York', areaCodes: ['202'], postalPattern: '200##' },
  { name: 'Houston', state: 'TX', country: 'US', latitude: 29.7604, longitude: -95.3698, timezone: 'America/Chicago', areaCodes: ['713', '832'], postalPattern: '770##' },
  { name: 'Dallas', state: 'TX', country: 'US', latitude: 32.7767, longitude: -96.797, timezone: 'America/Chicago', areaCodes: ['214', '469'], postalPattern: '752##' },
  { name: 'Philadelphia', state: 'PA', country: 'US', latitude: 39.9526, longitude: -75.1652, timezone: 'America/New_York', areaCodes: ['215', '267'], postalPattern: '191##' },
  { name: 'Phoenix', state: 'AZ', country: 'US', latitude: 33.4484, longitude: -112.074, timezone: 'America/Phoenix', areaCodes: ['602'], postalPattern: '850##' },
  { name: 'Atlanta', state: 'GA', country: 'US', latitude: 33.749, longitude: -84.388, timezone: 'America/New_York', areaCodes: ['404', '678'], postalPattern: '303##' },
  { name: 'San Diego', state: 'CA', country: 'US', latitude: 32.7157, longitude: -117.1611, timezone: 'America/Los_Angeles', areaCodes: ['619', '858'], postalPattern: '921##' },
  { name: 'Las Vegas', state: 'NV', country: 'US', latitude: 36.1699, longitude: -115.1398, timezone: 'America/Los_Angeles', areaCodes: ['702'], postalPattern: '891##' },
  { name: 'New Orleans', state: 'LA', country: 'US', latitude: 29.9511, longitude: -90.0715, timezone: 'America/Chicago', areaCodes: ['504'], postalPattern: '701##' },
  { name: 'Nashville', state: 'TN', country: 'US', latitude: 36.1627, longitude: -86.7816, timezone: 'America/Chicago', areaCodes: ['615'], postalPattern: '372##' },
  { name: 'Minneapolis', state: 'MN', country: 'US', latitude: 44.9778, longitude: -93.265, timezone: 'America/Chicago', areaCodes: ['612'], postalPattern: '554##' },
  { name: 'Detroit', state: 'MI', country: 'US', latitude: 42.3314, longitude: -83.0458, timezone: 'America/Detroit', areaCodes: ['313'], postalPattern: '482##' },
  { name: 'Honolulu', state: 'HI', country: 'US', latitude: 21.3069, longitude: -157.8583, timezone: 'Pacific/Honolulu', areaCodes: ['808'], postalPattern: '968##' },
  { name: 'Anchorage', state: 'AK', country: 'US', latitude: 61.2181, longitude: -149.9003, timezone: 'America/Anchorage', areaCodes: ['907'], postalPattern: '995##' },
  { name: 'San Juan', country: 'PR', latitude: 18.4655, longitude: -66.1057, timezone: 'America/Puerto_Rico', areaCodes: ['787'] },
  { name: 'Vancouver', state: 'BC', country: 'CA', latitude: 49.2827, longitude: -123.1207, timezone: 'America/Vancouver', areaCodes: ['604', '778'], postalPattern: 'V6@ #@#' },
  { name: 'Montreal', state: 'QC', country: 'CA', latitude: 45.5017, longitude: -73.5673, timezone: 'America/Toronto', areaCodes: ['514', '438'], postalPattern: 'H#@ #@#' },
  { name: 'Calgary', state: 'AB', country: 'CA', latitude: 51.0447, longitude: -114.0719, timezone: 'America/Edmonton', areaCodes: ['403'], postalPattern: 'T#@ #@#' },
  { name: 'Ottawa', state: 'ON', country: 'CA', latitude: 45.4215, longitude: -75.6972, timezone: 'America/Toronto', areaCodes: ['613'], postalPattern: 'K#@ #@#' },
  { name: 'Guadalajara', state: 'Jal.', country: 'MX', latitude: 20.6597, longitude: -103.3496, timezone: 'America/Mexico_City', areaCodes: ['33'], postalPattern: '44###' },
  { name: 'Monterrey', state: 'N.L.', country: 'MX', latitude: 25.6866, longitude: -100.3161, timezone: 'America/Monterrey', areaCodes: ['81'], postalPattern: '64###' },
  { name: 'Cancún', state: 'Q.R.', country: 'MX', latitude: 21.1619, longitude: -86.8515, timezone: 'America/Cancun', areaCodes: ['998'], postalPattern: '77###' },
  { name: 'Havana', aliases: ['la habana'], country: 'CU', latitude: 23.1136, longitude: -82.3666, timezone: 'America/Havana', areaCodes: ['7'] },
  { name: 'Santo Domingo', country: 'DO', latitude: 18.4861, longitude: -69.9312, timezone: 'America/Santo_Domingo', areaCodes: ['809'] },
  { name: 'Guatemala City', aliases: ['ciudad de guatemala'], country: 'GT', latitude: 14.6349, longitude: -90.5069, timezone: 'America/Guatemala' },
  { name: 'Panama City', aliases: ['ciudad de panama'], country: 'PA', latitude: 8.9824, longitude: -79.5199, timezone: 'America/Panama' },
  // South America
  { name: 'São Paulo', country: 'BR', latitude: -23.5505, longitude: -46.6333, timezone: 'America/Sao_Paulo', areaCodes: ['11'], postalPattern: '01###-###' },
  { name: 'Rio de Janeiro', aliases: ['rio'], country: 'BR', latitude: -22.9068, longitude: -43.1729, timezone: 'America/Sao_Paulo', areaCodes: ['21'], postalPattern: '22###-###' },
  { name: 'Brasília', country: 'BR', latitude: -15.7939, longitude: -47.8828, timezone: 'America/Sao_Paulo', areaCodes: ['61'], postalPattern: '70###-###' },
  { name: 'Buenos Aires', country: 'AR', latitude: -34.6037, longitude: -58.3816, timezone: 'America/Argentina/Buenos_Aires', areaCodes: ['11'] },
  { name: 'Santiago', aliases: ['santiago de chile'], country: 'CL', latitude: -33.4489, longitude: -70.6693, timezone: 'America/Santiago', areaCodes: ['2'] },
  { name: 'Lima', country: 'PE', latitude: -12.0464, longitude: -77.0428, timezone: 'America/Lima', areaCodes: ['1'] },
  { name: 'Bogotá', country: 'CO', latitude: 4.711, longitude: -74.0721, timezone: 'America/Bogota', areaCodes: ['601'] },
  { name: 'Medellín', country: 'CO', latitude: 6.2442, longitude: -75.5812, timezone: 'America/Bogota', areaCodes: ['604'], postalPattern: '050###' },
  { name: 'Quito', country: 'EC', latitude: -0.1807, longitude: -78.4678, timezone: 'America/Guayaquil', areaCodes: ['2'] },
  { name: 'Caracas', country: 'VE', latitude: 10.4806, longitude: -66.9036, timezone: 'America/Caracas', areaCodes: ['212'] },
  { name: 'Montevideo', country: 'UY', latitude: -34.9011, longitude: -56.1645, timezone: 'America/Montevideo', areaCodes: ['2'] },
  { name: 'La Paz', country: 'BO', latitude: -16.4897, longitude: -68.1193, timezone: 'America/La_Paz', areaCodes: ['2'] },
  // Europe
  { name: 'Manchester', country: 'GB', latitude: 53.4808, longitude: -2.2426, timezone: 'Europe/London', areaCodes: ['161'], postalPattern: 'M# #@@' },
  { name: 'Birmingham', country: 'GB', latitude: 52.4862, longitude: -1.8904, timezone: 'Europe/London', areaCodes: ['121'], postalPattern: 'B# #@@' },
  { name: 'Edinburgh', country: 'GB', latitude: 55.9533, longitude: -3.1883, timezone: 'Europe/London', areaCodes: ['131'], postalPattern: 'EH# #@@' },
  { name: 'Glasgow', country: 'GB', latitude: 55.8642, longitude: -4.2518, timezone: 'Europe/London', areaCodes: ['141'], postalPattern: 'G# #@@' },
  { name: 'Liverpool', country: 'GB', latitude: 53.4084, longitude: -2.9916, timezone: 'Europe/London', areaCodes: ['151'], postalPattern: 'L# #@@' },
  { name: 'Dublin', country: 'IE', latitude: 53.3498, longitude: -6.2603, timezone: 'Europe/Dublin', areaCodes: ['1'] },
  { name: 'Lyon', country: 'FR', latitude: 45.764, longitude: 4.8357, timezone: 'Europe/Paris', areaCodes: ['4'], postalPattern: '6900#' },
  { name: 'Marseille', aliases: ['marseilles'], country: 'FR', latitude: 43.2965, longitude: 5.3698, timezone: 'Europe/Paris', areaCodes: ['4'], postalPattern: '130##' },
  { name: 'Bordeaux', country: 'FR', latitude: 44.8378, longitude: -0.5792, timezone: 'Europe/Paris', areaCodes: ['5'], postalPattern: '330##' },
  { name: 'Toulouse', country: 'FR', latitude: 43.6047, longitude: 1.4442, timezone: 'Europe/Paris', areaCodes: ['5'], postalPattern: '310##' },
  { name: 'Brussels', aliases: ['bruxelles', 'brussel'], country: 'BE', latitude: 50.8503, longitude: 4.3517, timezone: 'Europe/Brussels', areaCodes: ['2'] },
  { name: 'Luxembourg', country: 'LU', latitude: 49.6116, longitude: 6.1319, timezone: 'Europe/Luxembourg' },
  { name: 'Zurich', aliases: ['zürich'], country: 'CH', latitude: 47.3769, longitude: 8.5417, timezone: 'Europe/Zurich', areaCodes: ['44'], postalPattern: '80##' },
  { name: 'Geneva', aliases: ['geneve', 'genf'], country: 'CH', latitude: 46.2044, longitude: 6.1432, timezone: 'Europe/Zurich', areaCodes: ['22'], postalPattern: '12##' },
  { name: 'Munich', aliases: ['münchen', 'muenchen'], country: 'DE', latitude: 48.1351, longitude: 11.582, timezone: 'Europe/Berlin', areaCodes: ['89'], postalPattern: '80###' },
  { name: 'Hamburg', country: 'DE', latitude: 53.5511, longitude: 9.9937, timezone: 'Europe/Berlin', areaCodes: ['40'], postalPattern: '20###' },
  { name: 'Frankfurt', aliases: ['frankfurt am main'], country: 'DE', latitude: 50.1109, longitude: 8.6821, timezone: 'Europe/Berlin', areaCodes: ['69'], postalPattern: '60###' },
  { name: 'Cologne', aliases: ['köln', 'koeln'], country: 'DE', latitude: 50.9375, longitude: 6.9603, timezone: 'Europe/Berlin', areaCodes: ['221'], postalPattern: '50###' },
  { name: 'Vienna', aliases: ['wien'], country: 'AT', latitude: 48.2082, longitude: 16.3738, timezone: 'Europe/Vienna', areaCodes: ['1'] },
  { name: 'Rotterdam', country: 'NL', latitude: 51.9244, longitude: 4.4777, timezone: 'Europe/Amsterdam', areaCodes: ['10'], postalPattern: '30## @@' },
  { name: 'Barcelona', country: 'ES', latitude: 41.3874, longitude: 2.1686, timezone: 'Europe/Madrid', areaCodes: ['93'], postalPattern: '080##' },
  { name: 'Valencia', country: 'ES', latitude: 39.4699, longitude: -0.3763, timezone: 'Europe/Madrid', areaCodes: ['96'], postalPattern: '460##' },
  { name: 'Seville', aliases: ['sevilla'], country: 'ES', latitude: 37.3891, longitude: -5.9845, timezone: 'Europe/Madrid', areaCodes: ['95'], postalPattern: '410##' },
  { name: 'Porto', aliases: ['oporto'], country: 'PT', latitude: 41.1579, longitude: -8.6291, timezone: 'Europe/Lisbon', areaCodes: ['22'] },
  { name: 'Rome', aliases: ['roma'], country: 'IT', latitude: 41.9028, longitude: 12.4964, timezone: 'Europe/Rome', areaCodes: ['6'], postalPattern: '001##' },
  { name: 'Milan', aliases: ['milano'], country: 'IT', latitude: 45.4642, longitude: 9.19, timezone: 'Europe/Rome', areaCodes: ['2'], postalPattern: '201##' },
  { name: 'Naples', aliases: ['napoli'], country: 'IT', latitude: 40.8518, longitude: 14.2681, timezone: 'Europe/Rome', areaCodes: ['81'], postalPattern: '801##' },
  { name: 'Florence', aliases: ['firenze'], country: 'IT', latitude: 43.7696, longitude: 11.2558, timezone: 'Europe/Rome', areaCodes: ['55'], postalPattern: '501##' },
  { name: 'Venice', aliases: ['venezia'], country: 'IT', latitude: 45.4408, longitude: 12.3155, timezone: 'Europe/Rome', areaCodes: ['41'], postalPattern: '301##' },
  { name: 'Athens', aliases: ['athina', 'αθήνα'], country: 'GR', latitude: 37.9838, longitude: 23.7275, timezone: 'Europe/Athens', areaCodes: ['21'] },
  { name: 'Copenhagen', aliases: ['københavn', 'kobenhavn'], country: 'DK', latitude: 55.6761, longitude: 12.5683, timezone: 'Europe/Copenhagen' },
  { name: 'Stockholm', country: 'SE', latitude: 59.3293, longitude: 18.0686, timezone: 'Europe/Stockholm', areaCodes: ['8'] },
  { name: 'Gothenburg', aliases: ['göteborg', 'goteborg'], country: 'SE', latitude: 57.7089, longitude: 11.9746, timezone: 'Europe/Stockholm', areaCodes: ['31'], postalPattern: '4## ##' },
  { name: 'Oslo', country: 'NO', latitude: 59.9139, longitude: 10.7522, timezone: 'Europe/Oslo' },
  { name: 'Helsinki', country: 'FI', latitude: 60.1699, longitude: 24.9384, timezone: 'Europe/Helsinki', areaCodes: ['9'] },
  { name: 'Reykjavík', aliases: ['reykjavik'], country: 'IS', latitude: 64.1466, longitude: -21.9426, timezone: 'Atlantic/Reykjavik' },
  { name: 'Tallinn', country: 'EE', latitude: 59.437, longitude: 24.7536, timezone: 'Europe/Tallinn' },
  { name: 'Riga', country: 'LV', latitude: 56.9496, longitude: 24.1052, timezone: 'Europe/Riga' },
  { name: 'Vilnius', country: 'LT', latitude: 54.6872, longitude: 25.2797, timezone: 'Europe/Vilnius', areaCodes: ['5'] },
  { name: 'Warsaw', aliases: ['warszawa'], country: 'PL', latitude: 52.2297, longitude: 21.0122, timezone: 'Europe/Warsaw', areaCodes: ['22'], postalPattern: '00-###' },
  { name: 'Kraków', aliases: ['cracow'], country: 'PL', latitude: 50.0647, longitude: 19.945, timezone: 'Europe/Warsaw', areaCodes: ['12'], postalPattern: '31-###' },
  { name: 'Prague', aliases: ['praha'], country: 'CZ', latitude: 50.0755, longitude: 14.4378, timezone: 'Europe/Prague' },
  { name: 'Budapest', country: 'HU', latitude: 47.4979, longitude: 19.0402, timezone: 'Europe/Budapest', areaCodes: ['1'] },
  { name: 'Bucharest', aliases: ['bucuresti'], country: 'RO', latitude: 44.4268, longitude: 26.1025, timezone: 'Europe/Bucharest', areaCodes: ['21'] },
  { name: 'Sofia', aliases: ['софия'], country: 'BG', latitude: 42.6977, longitude: 23.3219, timezone: 'Europe/Sofia', areaCodes: ['2'] },
  { name: 'Belgrade', aliases: ['beograd', 'београд'], country: 'RS', latitude: 44.7866, longitude: 20.4489, timezone: 'Europe/Belgrade', areaCodes: ['11'] },
  { name: 'Zagreb', country: 'HR', latitude: 45.815, longitude: 15.9819, timezone: 'Europe/Zagreb', areaCodes: ['1'] },
  { name: 'Kyiv', aliases: ['kiev', 'київ', 'киев'], country: 'UA', latitude: 50.4501, longitude: 30.5234, timezone: 'Europe/Kyiv', areaCodes: ['44'] },
  { name: 'Moscow', aliases: ['moskva', 'москва', 'москве'], country: 'RU', latitude: 55.7558, longitude: 37.6173, timezone: 'Europe/Moscow', areaCodes: ['495'] },
  { name: 'Saint Petersburg', aliases: ['st petersburg', 'st. petersburg', 'sankt peterburg', 'санкт-петербург', 'петербург', 'петербурге'], country: 'RU', latitude: 59.9311, longitude: 30.3609, timezone: 'Europe/Moscow', areaCodes: ['812'] },
  { name: 'Istanbul', country: 'TR', latitude: 41.0082, longitude: 28.9784, timezone: 'Europe/Istanbul', areaCodes: ['212'], postalPattern: '34###' },
  { name: 'Ankara', country: 'TR', latitude: 39.9334, longitude: 32.8597, timezone: 'Europe/Istanbul', areaCodes: ['312'], postalPattern: '06###' },
  // Asia
  { name: 'Seoul', aliases: ['서울', 'ソウル'], country: 'KR', latitude: 37.5665, longitude: 126.978, timezone: 'Asia/Seoul', areaCodes: ['2'] },
  { name: 'Busan', aliases: ['pusan', '부산'], country: 'KR', latitude: 35.1796, longitude: 129.0756, timezone: 'Asia/Seoul', areaCodes: ['51'], postalPattern: '4####' },
  { name: 'Osaka', aliases: ['大阪'], country: 'JP', latitude: 34.6937, longitude: 135.5023, timezone: 'Asia/Tokyo', areaCodes: ['6'], postalPattern: '53#-####' },
  { name: 'Kyoto', aliases: ['京都'], country: 'JP', latitude: 35.0116, longitude: 135.7681, timezone: 'Asia/Tokyo', areaCodes: ['75'], postalPattern: '60#-####' },
  { name: 'Yokohama', aliases: ['横浜'], country: 'JP', latitude: 35.4437, longitude: 139.638, timezone: 'Asia/Tokyo', areaCodes: ['45'], postalPattern: '22#-####' },
  { name: 'Nagoya', aliases: ['名古屋'], country: 'JP', latitude: 35.1815, longitude: 136.9066, timezone: 'Asia/Tokyo', areaCodes: ['52'], postalPattern: '46#-####' },
  { name: 'Sapporo', aliases: ['札幌'], country: 'JP', latitude: 43.0618, longitude: 141.3545, timezone: 'Asia/Tokyo', areaCodes: ['11'], postalPattern: '06#-####' },
  { name: 'Fukuoka', aliases: ['福岡'], country: 'JP', latitude: 33.5904, longitude: 130.4017, timezone: 'Asia/Tokyo', areaCodes: ['92'], postalPattern: '81#-####' },
  { name: 'Beijing', aliases: ['peking', '北京'], country: 'CN', latitude: 39.9042, longitude: 116.4074, timezone: 'Asia/Shanghai', areaCodes: ['10'], postalPattern: '100###' },
  { name: 'Shanghai', aliases: ['上海'], country: 'CN', latitude: 31.2304, longitude: 121.4737, timezone: 'Asia/Shanghai', areaCodes: ['21'], postalPattern: '200###' },
  { name: 'Guangzhou', aliases: ['广州', '廣州'], country: 'CN', latitude: 23.1291, longitude: 113.2644, timezone: 'Asia/Shanghai', areaCodes: ['20'], postalPattern: '510###' },
  { name: 'Shenzhen', aliases: ['深圳'], country: 'CN', latitude: 22.5431, longitude: 114.0579, timezone: 'Asia/Shanghai', areaCodes: ['755'], postalPattern: '518###' },
  { name: 'Chengdu', aliases: ['成都'], country: 'CN', latitude: 30.5728, longitude: 104.0668, timezone: 'Asia/Shanghai', areaCodes: ['28'], postalPattern: '610###' },
  { name: 'Hong Kong', aliases: ['香港'], country: 'HK', latitude: 22.3193, longitude: 114.1694, timezone: 'Asia/Hong_Kong' },
  { name: 'Taipei', aliases: ['台北', '臺北'], country: 'TW', latitude: 25.033, longitude: 121.5654, timezone: 'Asia/Taipei', areaCodes: ['2'] },
  { name: 'Singapore', country: 'SG', latitude: 1.3521, longitude: 103.8198, timezone: 'Asia/Singapore' },
  { name: 'Kuala Lumpur', country: 'MY', latitude: 3.139, longitude: 101.6869, timezone: 'Asia/Kuala_Lumpur', areaCodes: ['3'] },
  { name: 'Bangkok', country: 'TH', latitude: 13.7563, longitude: 100.5018, timezone: 'Asia/Bangkok', areaCodes: ['2'] },
  { name: 'Chiang Mai', country: 'TH', latitude: 18.7883, longitude: 98.9853, timezone: 'Asia/Bangkok', areaCodes: ['53'], postalPattern: '50###' },
  { name: 'Hanoi', aliases: ['ha noi'], country: 'VN', latitude: 21.0278, longitude: 105.8342, timezone: 'Asia/Ho_Chi_Minh', areaCodes: ['24'] },
  { name: 'Ho Chi Minh City', aliases: ['saigon', 'hcmc'], country: 'VN', latitude: 10.8231, longitude: 106.6297, timezone: 'Asia/Ho_Chi_Minh', areaCodes: ['28'], postalPattern: '7#####' },
  { name: 'Manila', country: 'PH', latitude: 14.5995, longitude: 120.9842, timezone: 'Asia/Manila', areaCodes: ['2'] },
  { name: 'Jakarta', country: 'ID', latitude: -6.2088, longitude: 106.8456, timezone: 'Asia/Jakarta', areaCodes: ['21'] },
  { name: 'Denpasar', aliases: ['bali'], country: 'ID', latitude: -8.6705, longitude: 115.2126, timezone: 'Asia/Makassar', areaCodes: ['361'], postalPattern: '80###' },
  { name: 'Mumbai', aliases: ['bombay', 'मुंबई'], state: 'MH', country: 'IN', latitude: 19.076, longitude: 72.8777, timezone: 'Asia/Kolkata', areaCodes: ['22'], postalPattern: '400###' },
  { name: 'Delhi', aliases: ['new delhi', 'दिल्ली'], state: 'DL', country: 'IN', latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata', areaCodes: ['11'], postalPattern: '110###' },
  { name: 'Bengaluru', aliases: ['bangalore'], state: 'KA', country: 'IN', latitude: 12.9716, longitude: 77.5946, timezone: 'Asia/Kolkata', areaCodes: ['80'], postalPattern: '560###' },
  { name: 'Chennai', aliases: ['madras'], state: 'TN', country: 'IN', latitude: 13.0827, longitude: 80.2707, timezone: 'Asia/Kolkata', areaCodes: ['44'], postalPattern: '600###' },
  { name: 'Kolkata', aliases: ['calcutta'], state: 'WB', country: 'IN', latitude: 22.5726, longitude: 88.3639, timezone: 'Asia/Kolkata', areaCodes: ['33'], postalPattern: '700###' },
  { name: 'Hyderabad', state: 'TG', country: 'IN', latitude: 17.385, longitude: 78.4867, timezone: 'Asia/Kolkata', areaCodes: ['40'], postalPattern: '500###' },
  { name: 'Karachi', country: 'PK', latitude: 24.8607, longitude: 67.0011, timezone: 'Asia/Karachi', areaCodes: ['21'], postalPattern: '74###' },
  { name: 'Lahore', country: 'PK', latitude: 31.5204, longitude: 74.3587, timezone: 'Asia/Karachi', areaCodes: ['42'], postalPattern: '54###' },
  { name: 'Dhaka', country: 'BD', latitude: 23.8103, longitude: 90.4125, timezone: 'Asia/Dhaka', areaCodes: ['2'] },
  { name: 'Kathmandu', country: 'NP', latitude: 27.7172, longitude: 85.324, timezone: 'Asia/Kathmandu', areaCodes: ['1'] },
  { name: 'Colombo', country: 'LK', latitude: 6.9271, longitude: 79.8612, timezone: 'Asia/Colombo', areaCodes: ['11'] },
  { name: 'Almaty', country: 'KZ', latitude: 43.222, longitude: 76.8512, timezone: 'Asia/Almaty', areaCodes: ['727'] },
  { name: 'Dubai', aliases: ['دبي'], country: 'AE', latitude: 25.2048, longitude: 55.2708, timezone: 'Asia/Dubai', areaCodes: ['4'] },
  { name: 'Abu Dhabi', country: 'AE', latitude: 24.4539, longitude: 54.3773, timezone: 'Asia/Dubai', areaCodes: ['2'] },
  { name: 'Doha', country: 'QA', latitude: 25.2854, longitude: 51.531, timezone: 'Asia/Qatar' },
  { name: 'Riyadh', aliases: ['الرياض'], country: 'SA', latitude: 24.7136, longitude: 46.6753, timezone: 'Asia/Riyadh', areaCodes: ['11'] },
  { name: 'Jeddah', country: 'SA', latitude: 21.4858, longitude: 39.1925, timezone: 'Asia/Riyadh', areaCodes: ['12'], postalPattern: '2####' },
  { name: 'Tel Aviv', aliases: ['תל אביב'], country: 'IL', latitude: 32.0853, longitude: 34.7818, timezone: 'Asia/Jerusalem', areaCodes: ['3'] },
  { name: 'Jerusalem', aliases: ['ירושלים'], country: 'IL', latitude: 31.7683, longitude: 35.2137, timezone: 'Asia/Jerusalem', areaCodes: ['2'] },
  { name: 'Amman', country: 'JO', latitude: 31.9454, longitude: 35.9284, timezone: 'Asia/Amman', areaCodes: ['6'] },
  { name: 'Beirut', country: 'LB', latitude: 33.8938, longitude: 35.5018, timezone: 'Asia/Beirut', areaCodes: ['1'] },
  // Africa
  { name: 'Cairo', aliases: ['القاهرة'], country: 'EG', latitude: 30.0444, longitude: 31.2357, timezone: 'Africa/Cairo', areaCodes: ['2'] },
  { name: 'Casablanca', country: 'MA', latitude: 33.5731, longitude: -7.5898, timezone: 'Africa/Casablanca', areaCodes: ['522'] },
  { name: 'Marrakesh', aliases: ['marrakech'], country: 'MA', latitude: 31.6295, longitude: -7.9811, timezone: 'Africa/Casablanca', areaCodes: ['524'], postalPattern: '40###' },
  { name: 'Tunis', country: 'TN', latitude: 36.8065, longitude: 10.1815, timezone: 'Africa/Tunis', areaCodes: ['71'] },
  { name: 'Lagos', country: 'NG', latitude: 6.5244, longitude: 3.3792, timezone: 'Africa/Lagos', areaCodes: ['1'] },
  { name: 'Accra', country: 'GH', latitude: 5.6037, longitude: -0.187, timezone: 'Africa/Accra', areaCodes: ['30'] },
  { name: 'Dakar', country: 'SN', latitude: 14.7167, longitude: -17.4677, timezone: 'Africa/Dakar', areaCodes: ['33'] },
  { name: 'Nairobi', country: 'KE', latitude: -1.2921, longitude: 36.8219, timezone: 'Africa/Nairobi', areaCodes: ['20'] },
  { name: 'Addis Ababa', country: 'ET', latitude: 9.032, longitude: 38.7469, timezone: 'Africa/Addis_Ababa', areaCodes: ['11'] },
  { name: 'Dar es Salaam', country: 'TZ', latitude: -6.7924, longitude: 39.2083, timezone: 'Africa/Dar_es_Salaam', areaCodes: ['22'] },
  { name: 'Johannesburg', aliases: ['joburg'], country: 'ZA', latitude: -26.2041, longitude: 28.0473, timezone: 'Africa/Johannesburg', areaCodes: ['11'], postalPattern: '2###' },
  { name: 'Cape Town', country: 'ZA', latitude: -33.9249, longitude: 18.4241, timezone: 'Africa/Johannesburg', areaCodes: ['21'], postalPattern: '8###' },
  // Oceania
  { name: 'Melbourne', state: 'VIC', country: 'AU', latitude: -37.8136, longitude: 144.9631, timezone: 'Australia/Melbourne', areaCodes: ['3'], postalPattern: '30##' },
  { name: 'Brisbane', state: 'QLD', country: 'AU', latitude: -27.4698, longitude: 153.0251, timezone: 'Australia/Brisbane', areaCodes: ['7'], postalPattern: '40##' },
  { name: 'Perth', state: 'WA', country: 'AU', latitude: -31.9505, longitude: 115.8605, timezone: 'Australia/Perth', areaCodes: ['8'], postalPattern: '60##' },
  { name: 'Adelaide', state: 'SA', country: 'AU', latitude: -34.9285, longitude: 138.6007, timezone: 'Australia/Adelaide', areaCodes: ['8'], postalPattern: '50##' },
  { name: 'Auckland', country: 'NZ', latitude: -36.8485, longitude: 174.7633, timezone: 'Pacific/Auckland', areaCodes: ['9'], postalPattern: '10##' },
  { name: 'Wellington', country: 'NZ', latitude: -41.2865, longitude: 174.7762, timezone: 'Pacific/Auckland', areaCodes: ['4'], postalPattern: '60##' },
];

function cityOf({ aliases = [], areaCodes = [], postalPattern, ...entry }: Entry): City {
  const country = COUNTRIES[entry.country]!;
  const names = LOCAL_NAMES[country.language];
  return {
    ...entry,
    aliases: [entry.name.toLowerCase(), ...aliases],
    countryName: country.name,
    currency: country.currency,
    callingCode: getCountryCallingCode(entry.country as CountryCode),
    areaCodes,
    addressStyle: country.addressStyle,
    postalPattern: postalPattern ?? country.postalPattern,
    streets: names.streets,
    neighborhoods: names.neighborhoods,
  };
}

export const GAZETTEER: readonly City[] = ENTRIES.map(cityOf);
