import { z } from 'zod';
import { Keyword } from '../../../schemas/keyword';
import { languageCode, locationCode, searchText, wholeNumber } from '../../../schemas/request-fields';
import { keywordFilterBlock, normaliseFilterBlock } from '../../../filters/keyword-filter/schema';
import { rejectWordsOrLengthMixedUnderAny } from '../../../filters/keyword-filter/vendor';
import type { SeedKeywordsRequest } from '../../../providers/families/keywords';

/**
 * Request and response of the endpoints that grow keywords from one seed (ideas, related): the
 * same body and the same `{seed, keywords}` answer; `noun` names what they return.
 */
export function seedKeywordsRequest(noun: string) {
  return z
    .strictObject({
      keyword: searchText(80).meta({ description: 'Seed keyword.', examples: ['running shoes'] }),
      limit: wholeNumber(1, 1000).default(50).meta({ description: `Most ${noun} to return, 1 to 1000.` }),
      location_code: locationCode(),
      language: languageCode(),
      ...keywordFilterBlock,
    })
    .superRefine(rejectWordsOrLengthMixedUnderAny);
}

export function seedKeywordsResponse(noun: string) {
  return z.object({
    seed: z.string().meta({ description: 'The seed keyword as sent.' }),
    keywords: z.array(Keyword).meta({ description: `${noun}, highest volume first unless sorted otherwise.` }),
  });
}

type SeedKeywordsInput = z.output<ReturnType<typeof seedKeywordsRequest>>;

/** What the keywords family is asked for, from a validated body. */
export function toSeedKeywordsRequest(input: SeedKeywordsInput): SeedKeywordsRequest {
  return {
    seed: input.keyword,
    limit: input.limit,
    locationCode: input.location_code,
    language: input.language,
    filter: normaliseFilterBlock(input),
  };
}

/** An example record for the examples of every endpoint returning keyword records. */
export const exampleKeyword: z.input<typeof Keyword> = {
  keyword: 'best running shoes',
  volume: 40500,
  cpc: 1.12,
  difficulty: 52,
  competition: 0.82,
  competitionLevel: 'HIGH',
  intent: 'commercial',
  avgBacklinks: 8200,
  avgReferringDomains: 410,
  serpFeatures: ['organic', 'peopleAlsoAsk', 'video'],
  totalResults: 412000000,
  trend: [{ month: '2026-09', volume: 41000 }, { month: '2026-10', volume: 39800 }],
};
