import type { AddressStyle } from './cities';

/**
 * What a gazetteer city (./gazetteer.ts) takes from its country: how addresses are written there,
 * the currency, and street and neighbourhood names in the local language (its calling code comes
 * from libphonenumber's metadata, as the phone tools' does). Names are generic ones most towns of
 * that language have, so every city of a country can share them.
 */

export interface Country {
  /** As the country's addresses name it ("USA", "UK", "Germany"). */
  name: string;
  currency: string;
  addressStyle: AddressStyle;
  /** `#` a digit, `@` an upper-case letter; empty where the country has no postal codes. */
  postalPattern: string;
  language: Language;
}

type Language = 'en' | 'us' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'sv' | 'no' | 'da' | 'is' | 'fi' | 'pl' | 'cs' | 'ru' | 'tr' | 'el' | 'ar' | 'ja' | 'ko' | 'zh' | 'in' | 'world';

export const LOCAL_NAMES: Readonly<Record<Language, { streets: readonly string[]; neighborhoods: readonly string[] }>> = {
  en: { streets: ['High St', 'Church St', 'Station Rd', 'Park Rd', 'King St', 'Queen St'], neighborhoods: ['City Centre', 'Old Town', 'Riverside', 'Northside', 'West End'] },
  us: { streets: ['Main St', 'Oak St', '2nd Ave', 'Park Ave', 'Elm St', 'Washington St'], neighborhoods: ['Downtown', 'Midtown', 'Old Town', 'Riverside', 'Arts District'] },
  de: { streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Goethestraße', 'Lindenstraße', 'Gartenstraße'], neighborhoods: ['Altstadt', 'Neustadt', 'Innenstadt', 'Westend', 'Südstadt'] },
  fr: { streets: ['Rue de la République', 'Rue Victor Hugo', 'Avenue Jean Jaurès', 'Rue Pasteur', 'Boulevard Gambetta', 'Rue du Marché'], neighborhoods: ['Centre-Ville', 'Vieille Ville', 'Quartier de la Gare', 'Saint-Pierre', 'Les Halles'] },
  es: { streets: ['Calle Mayor', 'Avenida de la Constitución', 'Calle Real', 'Calle del Sol', 'Avenida Central', 'Calle San Martín'], neighborhoods: ['Centro', 'Casco Antiguo', 'Barrio Norte', 'San Miguel', 'La Merced'] },
  pt: { streets: ['Rua das Flores', 'Rua Sete de Setembro', 'Avenida da Liberdade', 'Rua São José', 'Rua do Comércio', 'Avenida Independência'], neighborhoods: ['Centro', 'Bela Vista', 'Vila Nova', 'Jardim América', 'Santa Cecília'] },
  it: { streets: ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via Dante', 'Via Mazzini', 'Via Verdi'], neighborhoods: ['Centro Storico', 'San Lorenzo', 'Borgo Nuovo', 'Porta Nuova', 'San Giovanni'] },
  nl: { streets: ['Kerkstraat', 'Dorpsstraat', 'Stationsstraat', 'Molenstraat', 'Nieuwstraat', 'Marktstraat'], neighborhoods: ['Centrum', 'Oud-Zuid', 'Noord', 'Oost', 'West'] },
  sv: { streets: ['Storgatan', 'Drottninggatan', 'Kungsgatan', 'Järnvägsgatan', 'Skolgatan'], neighborhoods: ['Centrum', 'Gamla stan', 'Söder', 'Norr', 'Väster'] },
  no: { streets: ['Storgata', 'Kirkegata', 'Kongens gate', 'Parkveien', 'Torggata'], neighborhoods: ['Sentrum', 'Gamlebyen', 'Nordre', 'Søndre', 'Vestre'] },
  da: { streets: ['Nørregade', 'Vestergade', 'Østergade', 'Algade', 'Strandvejen'], neighborhoods: ['Indre By', 'Vesterbro', 'Nørrebro', 'Østerbro', 'Frederiksberg'] },
  is: { streets: ['Laugavegur', 'Skólavörðustígur', 'Hverfisgata', 'Bankastræti', 'Austurstræti'], neighborhoods: ['Miðborg', 'Vesturbær', 'Hlíðar', 'Laugardalur', 'Háaleiti'] },
  fi: { streets: ['Aleksanterinkatu', 'Mannerheimintie', 'Fredrikinkatu', 'Bulevardi', 'Hämeentie'], neighborhoods: ['Kallio', 'Kamppi', 'Punavuori', 'Töölö', 'Kruununhaka'] },
  pl: { streets: ['ul. Długa', 'ul. Mickiewicza', 'ul. Słowackiego', 'ul. Kościuszki', 'ul. Piłsudskiego'], neighborhoods: ['Śródmieście', 'Stare Miasto', 'Nowe Miasto', 'Wola', 'Podgórze'] },
  cs: { streets: ['Národní', 'Dlouhá', 'Husova', 'Palackého', 'Masarykova'], neighborhoods: ['Staré Město', 'Nové Město', 'Vinohrady', 'Žižkov', 'Smíchov'] },
  ru: { streets: ['ulitsa Lenina', 'prospekt Mira', 'ulitsa Pushkina', 'Sadovaya ulitsa', 'ulitsa Gagarina'], neighborhoods: ['Tsentralny', 'Sovetsky', 'Oktyabrsky', 'Leninsky', 'Kirovsky'] },
  tr: { streets: ['Atatürk Caddesi', 'Cumhuriyet Caddesi', 'İstiklal Caddesi', 'Gazi Bulvarı', 'Çarşı Sokak'], neighborhoods: ['Merkez', 'Kadıköy', 'Beşiktaş', 'Çankaya', 'Konak'] },
  el: { streets: ['Odos Ermou', 'Odos Athinas', 'Leoforos Syngrou', 'Odos Adrianou', 'Odos Stadiou'], neighborhoods: ['Plaka', 'Kolonaki', 'Psyrri', 'Exarchia', 'Koukaki'] },
  ar: { streets: ['Al Nahda Street', 'Al Salam Street', 'Al Qasr Street', 'Al Jamaa Street', 'Al Souq Street'], neighborhoods: ['Al Balad', 'Downtown', 'Al Rawda', 'Al Safa', 'Al Nour'] },
  ja: { streets: ['Chuo', 'Honmachi', 'Sakae', 'Motomachi', 'Minami'], neighborhoods: ['Chuo', 'Kita', 'Minami', 'Nishi', 'Higashi'] },
  ko: { streets: ['Jungang-ro', 'Sejong-daero', 'Munhwa-ro', 'Daehak-ro', 'Eulji-ro'], neighborhoods: ['Jung-gu', 'Nam-gu', 'Seo-gu', 'Dong-gu', 'Buk-gu'] },
  zh: { streets: ['Renmin Lu', 'Zhongshan Lu', 'Jiefang Lu', 'Heping Lu', 'Xinhua Lu'], neighborhoods: ['Gulou', 'Xinhua', 'Binjiang', 'Zhongshan', 'Dongcheng'] },
  in: { streets: ['MG Road', 'Station Road', 'Nehru Road', 'Gandhi Road', 'Park Street'], neighborhoods: ['Civil Lines', 'Old City', 'Cantonment', 'Model Town', 'Central'] },
  world: { streets: ['Central Avenue', 'Market Street', 'Station Road', 'Park Street', 'Independence Avenue'], neighborhoods: ['City Centre', 'Old Town', 'Riverside', 'North District', 'Harbour'] },
};

/** Units of each currency a dollar-priced meal costs there, roughly. */
export const SPEND_SCALE: Readonly<Record<string, number>> = {
  USD: 1, EUR: 1, GBP: 1, CAD: 1.4, AUD: 1.5, MXN: 20, JPY: 150, NZD: 1.6, BRL: 5, ARS: 1000, CLP: 900, COP: 4000, PEN: 4, UYU: 40, BOB: 7, GTQ: 8, DOP: 60, CUP: 120, PAB: 1,
  CHF: 0.9, SEK: 10, NOK: 10, DKK: 7, ISK: 140, PLN: 4, CZK: 23, HUF: 360, RON: 4.6, BGN: 2, RSD: 110, UAH: 40, RUB: 90, TRY: 30,
  CNY: 7, HKD: 8, TWD: 30, KRW: 1300, SGD: 1.3, MYR: 4.5, THB: 35, VND: 25_000, PHP: 55, IDR: 15_000, INR: 80, PKR: 280, BDT: 110, NPR: 130, LKR: 300, KZT: 450,
  AED: 3.7, QAR: 3.6, SAR: 3.75, ILS: 3.7, JOD: 0.7, EGP: 48, MAD: 10, TND: 3, NGN: 1500, GHS: 15, KES: 130, ETB: 120, TZS: 2500, ZAR: 18, XOF: 600,
};

export const COUNTRIES: Readonly<Record<string, Country>> = {
  US: { name: 'USA', currency: 'USD', addressStyle: 'us', postalPattern: '#####', language: 'us' },
  PR: { name: 'Puerto Rico', currency: 'USD', addressStyle: 'us', postalPattern: '009##', language: 'es' },
  CA: { name: 'Canada', currency: 'CAD', addressStyle: 'us', postalPattern: '@#@ #@#', language: 'en' },
  MX: { name: 'Mexico', currency: 'MXN', addressStyle: 'eu', postalPattern: '#####', language: 'es' },
  CU: { name: 'Cuba', currency: 'CUP', addressStyle: 'eu', postalPattern: '10###', language: 'es' },
  DO: { name: 'Dominican Republic', currency: 'DOP', addressStyle: 'eu', postalPattern: '10###', language: 'es' },
  GT: { name: 'Guatemala', currency: 'GTQ', addressStyle: 'eu', postalPattern: '01###', language: 'es' },
  PA: { name: 'Panama', currency: 'PAB', addressStyle: 'eu', postalPattern: '', language: 'es' },
  CO: { name: 'Colombia', currency: 'COP', addressStyle: 'eu', postalPattern: '11####', language: 'es' },
  VE: { name: 'Venezuela', currency: 'USD', addressStyle: 'eu', postalPattern: '10##', language: 'es' },
  EC: { name: 'Ecuador', currency: 'USD', addressStyle: 'eu', postalPattern: '170###', language: 'es' },
  PE: { name: 'Peru', currency: 'PEN', addressStyle: 'eu', postalPattern: '150##', language: 'es' },
  BO: { name: 'Bolivia', currency: 'BOB', addressStyle: 'eu', postalPattern: '', language: 'es' },
  CL: { name: 'Chile', currency: 'CLP', addressStyle: 'eu', postalPattern: '#######', language: 'es' },
  AR: { name: 'Argentina', currency: 'ARS', addressStyle: 'eu', postalPattern: 'C####@@@', language: 'es' },
  UY: { name: 'Uruguay', currency: 'UYU', addressStyle: 'eu', postalPattern: '11###', language: 'es' },
  BR: { name: 'Brazil', currency: 'BRL', addressStyle: 'eu', postalPattern: '#####-###', language: 'pt' },
  GB: { name: 'UK', currency: 'GBP', addressStyle: 'uk', postalPattern: '@## #@@', language: 'en' },
  IE: { name: 'Ireland', currency: 'EUR', addressStyle: 'uk', postalPattern: 'D0# @#@#', language: 'en' },
  FR: { name: 'France', currency: 'EUR', addressStyle: 'eu', postalPattern: '#####', language: 'fr' },
  BE: { name: 'Belgium', currency: 'EUR', addressStyle: 'eu', postalPattern: '1###', language: 'fr' },
  LU: { name: 'Luxembourg', currency: 'EUR', addressStyle: 'eu', postalPattern: 'L-####', language: 'fr' },
  CH: { name: 'Switzerland', currency: 'CHF', addressStyle: 'eu', postalPattern: '####', language: 'de' },
  DE: { name: 'Germany', currency: 'EUR', addressStyle: 'eu', postalPattern: '#####', language: 'de' },
  AT: { name: 'Austria', currency: 'EUR', addressStyle: 'eu', postalPattern: '1###', language: 'de' },
  NL: { name: 'Netherlands', currency: 'EUR', addressStyle: 'eu', postalPattern: '#### @@', language: 'nl' },
  ES: { name: 'Spain', currency: 'EUR', addressStyle: 'eu', postalPattern: '#####', language: 'es' },
  PT: { name: 'Portugal', currency: 'EUR', addressStyle: 'eu', postalPattern: '4###-###', language: 'pt' },
  IT: { name: 'Italy', currency: 'EUR', addressStyle: 'eu', postalPattern: '#####', language: 'it' },
  GR: { name: 'Greece', currency: 'EUR', addressStyle: 'eu', postalPattern: '1## ##', language: 'el' },
  SE: { name: 'Sweden', currency: 'SEK', addressStyle: 'eu', postalPattern: '1## ##', language: 'sv' },
  NO: { name: 'Norway', currency: 'NOK', addressStyle: 'eu', postalPattern: '0###', language: 'no' },
  DK: { name: 'Denmark', currency: 'DKK', addressStyle: 'eu', postalPattern: '1###', language: 'da' },
  FI: { name: 'Finland', currency: 'EUR', addressStyle: 'eu', postalPattern: '00###', language: 'fi' },
  IS: { name: 'Iceland', currency: 'ISK', addressStyle: 'eu', postalPattern: '1##', language: 'is' },
  EE: { name: 'Estonia', currency: 'EUR', addressStyle: 'eu', postalPattern: '10###', language: 'world' },
  LV: { name: 'Latvia', currency: 'EUR', addressStyle: 'eu', postalPattern: 'LV-10##', language: 'world' },
  LT: { name: 'Lithuania', currency: 'EUR', addressStyle: 'eu', postalPattern: 'LT-0####', language: 'world' },
  PL: { name: 'Poland', currency: 'PLN', addressStyle: 'eu', postalPattern: '##-###', language: 'pl' },
  CZ: { name: 'Czechia', currency: 'CZK', addressStyle: 'eu', postalPattern: '1## ##', language: 'cs' },
  HU: { name: 'Hungary', currency: 'HUF', addressStyle: 'eu', postalPattern: '1###', language: 'world' },
  RO: { name: 'Romania', currency: 'RON', addressStyle: 'eu', postalPattern: '0#####', language: 'world' },
  BG: { name: 'Bulgaria', currency: 'BGN', addressStyle: 'eu', postalPattern: '1###', language: 'world' },
  RS: { name: 'Serbia', currency: 'RSD', addressStyle: 'eu', postalPattern: '11###', language: 'world' },
  HR: { name: 'Croatia', currency: 'EUR', addressStyle: 'eu', postalPattern: '10###', language: 'world' },
  UA: { name: 'Ukraine', currency: 'UAH', addressStyle: 'eu', postalPattern: '0####', language: 'ru' },
  RU: { name: 'Russia', currency: 'RUB', addressStyle: 'eu', postalPattern: '1#####', language: 'ru' },
  TR: { name: 'Türkiye', currency: 'TRY', addressStyle: 'eu', postalPattern: '#####', language: 'tr' },
  JP: { name: 'Japan', currency: 'JPY', addressStyle: 'jp', postalPattern: '###-####', language: 'ja' },
  KR: { name: 'South Korea', currency: 'KRW', addressStyle: 'us', postalPattern: '0####', language: 'ko' },
  CN: { name: 'China', currency: 'CNY', addressStyle: 'us', postalPattern: '######', language: 'zh' },
  HK: { name: 'Hong Kong', currency: 'HKD', addressStyle: 'us', postalPattern: '', language: 'en' },
  TW: { name: 'Taiwan', currency: 'TWD', addressStyle: 'us', postalPattern: '1##', language: 'zh' },
  SG: { name: 'Singapore', currency: 'SGD', addressStyle: 'us', postalPattern: '######', language: 'en' },
  MY: { name: 'Malaysia', currency: 'MYR', addressStyle: 'us', postalPattern: '50###', language: 'world' },
  TH: { name: 'Thailand', currency: 'THB', addressStyle: 'us', postalPattern: '10###', language: 'world' },
  VN: { name: 'Vietnam', currency: 'VND', addressStyle: 'us', postalPattern: '1#####', language: 'world' },
  PH: { name: 'Philippines', currency: 'PHP', addressStyle: 'us', postalPattern: '1###', language: 'world' },
  ID: { name: 'Indonesia', currency: 'IDR', addressStyle: 'us', postalPattern: '1####', language: 'world' },
  IN: { name: 'India', currency: 'INR', addressStyle: 'us', postalPattern: '######', language: 'in' },
  PK: { name: 'Pakistan', currency: 'PKR', addressStyle: 'us', postalPattern: '#####', language: 'in' },
  BD: { name: 'Bangladesh', currency: 'BDT', addressStyle: 'us', postalPattern: '1###', language: 'in' },
  NP: { name: 'Nepal', currency: 'NPR', addressStyle: 'us', postalPattern: '44###', language: 'in' },
  LK: { name: 'Sri Lanka', currency: 'LKR', addressStyle: 'us', postalPattern: '00###', language: 'in' },
  KZ: { name: 'Kazakhstan', currency: 'KZT', addressStyle: 'eu', postalPattern: '050###', language: 'ru' },
  AE: { name: 'UAE', currency: 'AED', addressStyle: 'us', postalPattern: '', language: 'ar' },
  QA: { name: 'Qatar', currency: 'QAR', addressStyle: 'us', postalPattern: '', language: 'ar' },
  SA: { name: 'Saudi Arabia', currency: 'SAR', addressStyle: 'us', postalPattern: '1####', language: 'ar' },
  IL: { name: 'Israel', currency: 'ILS', addressStyle: 'eu', postalPattern: '#######', language: 'world' },
  JO: { name: 'Jordan', currency: 'JOD', addressStyle: 'us', postalPattern: '11###', language: 'ar' },
  LB: { name: 'Lebanon', currency: 'USD', addressStyle: 'us', postalPattern: '', language: 'ar' },
  EG: { name: 'Egypt', currency: 'EGP', addressStyle: 'us', postalPattern: '1####', language: 'ar' },
  MA: { name: 'Morocco', currency: 'MAD', addressStyle: 'eu', postalPattern: '20###', language: 'fr' },
  TN: { name: 'Tunisia', currency: 'TND', addressStyle: 'eu', postalPattern: '10##', language: 'fr' },
  NG: { name: 'Nigeria', currency: 'NGN', addressStyle: 'us', postalPattern: '1#####', language: 'world' },
  GH: { name: 'Ghana', currency: 'GHS', addressStyle: 'us', postalPattern: '', language: 'world' },
  SN: { name: 'Senegal', currency: 'XOF', addressStyle: 'eu', postalPattern: '1####', language: 'fr' },
  KE: { name: 'Kenya', currency: 'KES', addressStyle: 'us', postalPattern: '00###', language: 'world' },
  ET: { name: 'Ethiopia', currency: 'ETB', addressStyle: 'us', postalPattern: '1000', language: 'world' },
  TZ: { name: 'Tanzania', currency: 'TZS', addressStyle: 'us', postalPattern: '1####', language: 'world' },
  ZA: { name: 'South Africa', currency: 'ZAR', addressStyle: 'us', postalPattern: '####', language: 'en' },
  AU: { name: 'Australia', currency: 'AUD', addressStyle: 'us', postalPattern: '####', language: 'en' },
  NZ: { name: 'New Zealand', currency: 'NZD', addressStyle: 'us', postalPattern: '####', language: 'en' },
};
