import { lookupTable } from '../core/lookup-table';

/**
 * The languages a vendor location (its location code: 2276 is Germany) searches in, the most
 * searched first. Its first is the language its own searchers' results pages come in: what a
 * country's raw results page is asked in, live or in the sandbox, and what the sandbox's keyword
 * numbers count as the location's own language. A location not listed (a region or a city) is
 * taken to search in English.
 */
const LANGUAGES = lookupTable<readonly string[]>({
  2840: ['en', 'es'], 2826: ['en'], 2124: ['en', 'fr'], 2036: ['en'], 2554: ['en'], 2372: ['en', 'ga'],
  2276: ['de'], 2040: ['de'], 2756: ['de', 'fr', 'it'], 2250: ['fr'], 2056: ['nl', 'fr', 'de'], 2528: ['nl'],
  2724: ['es', 'ca'], 2620: ['pt'], 2380: ['it'], 2752: ['sv'], 2578: ['no', 'nb'], 2208: ['da'],
  2246: ['fi', 'sv'], 2616: ['pl'], 2203: ['cs'], 2703: ['sk'], 2348: ['hu'], 2642: ['ro'],
  2100: ['bg'], 2300: ['el'], 2191: ['hr'], 2705: ['sl'], 2688: ['sr'], 2440: ['lt'],
  2428: ['lv'], 2804: ['uk', 'ru'], 2643: ['ru'], 2398: ['kk', 'ru'], 2792: ['tr'], 2376: ['he', 'en'],
  2784: ['ar', 'en'], 2682: ['ar'], 2818: ['ar'], 2012: ['ar', 'fr'], 2504: ['ar', 'fr'], 2566: ['en'],
  2404: ['en', 'sw'], 2710: ['en', 'af', 'zu'], 2356: ['en', 'hi'], 2586: ['ur', 'en'], 2050: ['bn'], 2360: ['id'],
  2458: ['ms', 'en'], 2702: ['en', 'zh'], 2608: ['en', 'tl'], 2764: ['th'], 2704: ['vi'], 2156: ['zh'],
  2158: ['zh'], 2344: ['zh', 'en'], 2392: ['ja'], 2410: ['ko'], 2076: ['pt'], 2484: ['es'],
  2032: ['es'], 2152: ['es'], 2170: ['es'], 2604: ['es'], 2218: ['es'], 2862: ['es'],});

const UNLISTED = ['en'] as const;

/** The languages searched in a location, the first most. */
export const locationLanguages = (locationCode: number): readonly string[] => LANGUAGES[locationCode] ?? UNLISTED;

/** The language a location's own searchers search in (Germany: `de`). */
export const localLanguage = (locationCode: number): string => locationLanguages(locationCode)[0]!;
