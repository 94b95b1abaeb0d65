import type { SearchMarket } from '../families/domain-analytics';
import { SeededRandom } from './random';
import { lookupTable } from '../../core/lookup-table';
import { localLanguage, locationLanguages } from '../../schemas/location-languages';

export type { SearchMarket };

/**
 * Where a search happens, as the sandbox's keyword numbers see it: a country's searches are a share
 * of the United States' (its online population, then how much of it searches in the language
 * asked), and its clicks cost what its advertisers pay. Every endpoint that reports a keyword in a
 * location reads the same share, so a keyword's United Kingdom volume is one number everywhere.
 */

export const UNITED_STATES: SearchMarket = { locationCode: 2840, language: 'en' };

/** `[online population relative to the United States, CPC relative to it]` by vendor location code (the languages each searches in: schemas/location-languages.ts). */
type Country = readonly [demand: number, cpc: number];

const COUNTRIES = lookupTable<Country>({
  2840: [1, 1], 2826: [0.2, 0.85], 2124: [0.11, 0.8], 2036: [0.075, 0.9], 2554: [0.015, 0.75], 2372: [0.015, 0.8],
  2276: [0.24, 0.85], 2040: [0.028, 0.75], 2756: [0.029, 1.05], 2250: [0.17, 0.7], 2056: [0.035, 0.7], 2528: [0.055, 0.8],
  2724: [0.13, 0.5], 2620: [0.027, 0.4], 2380: [0.16, 0.55], 2752: [0.031, 0.8], 2578: [0.017, 0.9], 2208: [0.018, 0.85],
  2246: [0.017, 0.75], 2616: [0.11, 0.3], 2203: [0.03, 0.35], 2703: [0.015, 0.3], 2348: [0.027, 0.3], 2642: [0.055, 0.25],
  2100: [0.022, 0.2], 2300: [0.027, 0.3], 2191: [0.012, 0.25], 2705: [0.006, 0.3], 2688: [0.021, 0.15], 2440: [0.009, 0.25],
  2428: [0.006, 0.25], 2804: [0.1, 0.1], 2643: [0.42, 0.15], 2398: [0.058, 0.12], 2792: [0.25, 0.15], 2376: [0.026, 0.6],
  2784: [0.033, 0.6], 2682: [0.11, 0.35], 2818: [0.24, 0.06], 2012: [0.11, 0.05], 2504: [0.1, 0.07], 2566: [0.35, 0.05],
  2404: [0.13, 0.05], 2710: [0.13, 0.3], 2356: [2.4, 0.06], 2586: [0.3, 0.04], 2050: [0.22, 0.03], 2360: [0.7, 0.08],
  2458: [0.1, 0.2], 2702: [0.018, 0.8], 2608: [0.28, 0.1], 2764: [0.2, 0.12], 2704: [0.26, 0.06], 2156: [3.3, 0.15],
  2158: [0.07, 0.35], 2344: [0.025, 0.6], 2392: [0.36, 0.6], 2410: [0.16, 0.5], 2076: [0.58, 0.2], 2484: [0.33, 0.2],
  2032: [0.13, 0.12], 2152: [0.054, 0.2], 2170: [0.13, 0.1], 2604: [0.09, 0.1], 2218: [0.044, 0.1], 2862: [0.078, 0.05],
});

/**
 * A country's searches in each language, as a share of its demand: its first language all of it;
 * another it speaks (Spanish in the United States, French in Canada) a part; one it does not speak
 * — English is widely searched; any other, rarely.
 */
const LANGUAGE_SHARE = { first: 1, spoken: 0.35, foreignEnglish: 0.3, foreign: 0.04 };

/** A location the table does not list (a region or a city, say): a small market, seeded by its code. */
function unlistedCountry(locationCode: number): Country {
  const random = new SeededRandom(`location:${locationCode}`);
  return [random.between(0.002, 0.05), random.between(0.3, 1)];
}

/** `pt-BR` → `pt`. */
const baseLanguage = (language: string) => language.split('-')[0]!.toLowerCase();

/**
 * log10 of a market's searches as a share of the United States' in English: 0 there, below 0
 * almost everywhere else (India and China, with more people online, search more).
 */
export function marketLogShare({ locationCode, language }: SearchMarket): number {
  const [demand] = COUNTRIES[locationCode] ?? unlistedCountry(locationCode);
  const languages = locationLanguages(locationCode);
  const spoken = baseLanguage(language);
  const languageShare =
    languages[0] === spoken ? LANGUAGE_SHARE.first : languages.includes(spoken) ? LANGUAGE_SHARE.spoken : spoken === 'en' ? LANGUAGE_SHARE.foreignEnglish : LANGUAGE_SHARE.foreign;
  return Math.log10(demand * languageShare);
}

/** A location's searches in all its languages, relative to the United States': its online population. */
export function locationDemand(locationCode: number): number {
  return (COUNTRIES[locationCode] ?? unlistedCountry(locationCode))[0];
}

/** A location searching in its first language (Germany in German): the market its own results pages serve. */
export function localMarket(locationCode: number): SearchMarket {
  return { locationCode, language: localLanguage(locationCode) };
}

/** What a click costs in a market, relative to the United States. */
export function marketCpcFactor({ locationCode }: SearchMarket): number {
  return (COUNTRIES[locationCode] ?? unlistedCountry(locationCode))[1];
}

/** Whether a market is the United States in English, whose numbers are the sandbox's own (asked on every results page: no splitting). */
export const isUnitedStates = ({ locationCode, language }: SearchMarket) =>
  locationCode === UNITED_STATES.locationCode && (language === 'en' || language.startsWith('en-') || baseLanguage(language) === 'en');

/** Whether a market searches in English (in any country). */
export const isEnglish = ({ language }: SearchMarket) => baseLanguage(language) === 'en';

/** A market as a seed or cache key (`2826:en`). */
export const marketKey = ({ locationCode, language }: SearchMarket) => `${locationCode}:${baseLanguage(language)}`;
