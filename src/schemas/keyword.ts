import { z } from 'zod';

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
