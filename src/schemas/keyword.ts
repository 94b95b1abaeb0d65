import { z } from 'zod';
import { searchText } from './request-fields';

export const KeywordIntent = z.enum(['informational', 'commercial', 'navigational', 'transactional', 'unknown']);
export const CompetitionLevel = z.enum(['LOW', 'MEDIUM', 'HIGH', 'unknown']);

export const MonthlyVolume = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/).meta({ description: 'Month, YYYY-MM.', examples: ['2026-09'] }),
  volume: z.number().int().nonnegative().meta({ description: 'Searches in that month.' }),
});

/** The Keyword record of the spec, shared by every keyword endpoint. */
export const Keyword = z
  .object({
    keyword: z.string().meta({ description: 'Keyword text.', examples: ['running shoes for flat feet'] }),
    volume: z.number().int().nonnegative().meta({ description: 'Average monthly search volume.', examples: [6600] }),
    cpc: z.number().nonnegative().meta({ description: 'Cost per click, USD.', examples: [1.42] }),
    difficulty: z.number().min(0).max(100).meta({ description: 'SEO difficulty, 0 to 100.', examples: [38] }),
    competition: z.number().min(0).max(1).meta({ description: 'PPC competition index, 0 to 1.', examples: [0.71] }),
    competitionLevel: CompetitionLevel.meta({ description: 'LOW, MEDIUM, HIGH or unknown.' }),
    intent: KeywordIntent.meta({ description: 'Main search intent.' }),
    avgBacklinks: z.number().nonnegative().meta({ description: 'Average backlinks of the top-ranking pages.' }),
    avgReferringDomains: z.number().nonnegative().meta({ description: 'Average referring domains of the top-ranking pages.' }),
    serpFeatures: z.array(z.string()).meta({ description: 'SERP features present for this keyword.', examples: [['peopleAlsoAsk', 'video']] }),
    totalResults: z.number().int().nonnegative().meta({ description: 'Total search results.' }),
    trend: z.array(MonthlyVolume).meta({ description: 'Monthly volumes, oldest first.' }),
  })
  .meta({ id: 'Keyword' });

export type Keyword = z.infer<typeof Keyword>;

/**
 * The record of a keyword the data provider knows nothing about: no demand measured, nothing
 * classified. Endpoints that answer one record per keyword sent use it rather than drop the keyword.
 */
export function unknownKeyword(keyword: string): Keyword {
  return {
    keyword,
    volume: 0,
    cpc: 0,
    difficulty: 0,
    competition: 0,
    competitionLevel: 'unknown',
    intent: 'unknown',
    avgBacklinks: 0,
    avgReferringDomains: 0,
    serpFeatures: [],
    totalResults: 0,
    trend: [],
  };
}

/** One keyword's SEO difficulty (the bulk difficulty endpoint). */
export const KeywordDifficulty = z
  .object({
    keyword: z.string().meta({ description: 'Keyword text, lower-cased.', examples: ['running shoes'] }),
    difficulty: z.number().min(0).max(100).meta({ description: 'SEO difficulty, 0 to 100.', examples: [38] }),
  })
  .meta({ id: 'KeywordDifficulty' });

export type KeywordDifficulty = z.infer<typeof KeywordDifficulty>;

const IntentProbability = z.number().min(0).max(1).meta({ description: 'Probability of this intent, 0 to 1.', examples: [0.86] });

/** One keyword's search intent, with the other intents it may also carry (the search intent endpoint). */
export const KeywordSearchIntent = z
  .object({
    keyword: z.string().meta({ description: 'Keyword text, lower-cased.', examples: ['best running shoes'] }),
    intent: KeywordIntent.meta({ description: 'Most probable search intent.' }),
    probability: IntentProbability,
    secondaryIntents: z
      .array(z.object({ intent: KeywordIntent.meta({ description: 'Another likely intent.' }), probability: IntentProbability }))
      .meta({ description: 'Other likely intents, most probable first; empty when there are none.' }),
  })
  .meta({ id: 'KeywordSearchIntent' });

export type KeywordSearchIntent = z.infer<typeof KeywordSearchIntent>;

/** The form data providers report keywords in: trimmed, lower-cased, single spaces. */
export function normaliseKeyword(keyword: string): string {
  return keyword.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A keyword as requests take it: 1 to 80 characters (the data provider's limit), one line, normalised. */
export function keywordText() {
  return searchText(80).overwrite(normaliseKeyword);
}

/**
 * 1 to `max` keywords; a bad one is refused naming its index (`keywords[3]: must not be empty`).
 * Duplicates (after normalisation, so case-insensitive) are dropped, first occurrence kept.
 */
export function keywordList(max: number, examples: string[]) {
  return z
    .array(keywordText())
    .min(1)
    .max(max)
    .overwrite((keywords) => [...new Set(keywords)])
    .meta({
      description: `1 to ${max} keywords, each at most 80 characters; compared case-insensitively, so duplicates count once.`,
      examples: [examples],
    });
}
