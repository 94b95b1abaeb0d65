import { DomainName } from '../../../schemas/domain-name';
import { serpDraft, serpPage, type SerpResponse } from '../../../schemas/serp';
import { normaliseKeyword } from '../../../schemas/keyword';
import { SeededRandom } from '../random';
import { timestampBefore, titleCase, wordsOf } from './page-text';

function digits(random: SeededRandom, count: number): string {
  return Array.from({ length: count }, () => random.integer(0, 9)).join('');
}

/**
 * The ads transparency library for an advertiser: a domain names one advertiser account, a name
 * may match two (a brand and its regional account). Each advertiser's library is seeded by its
 * own name, so the same advertiser shows the same creatives whatever the query that found it.
 */
export function sandboxAds({ query: rawQuery, depth }: { query: string; depth: number }): SerpResponse {
  const query = normaliseKeyword(rawQuery);
  const isDomain = DomainName.safeParse(query).success;
  const brand = titleCase((isDomain ? query.split('.')[0]! : wordsOf(query).join(' ') || query).replace(/-/g, ' '));
  const accounts = new SeededRandom(`ads-accounts:${query}`).chance(isDomain ? 0 : 0.4) ? [`${brand} Inc.`, `${brand} International Ltd`] : [`${brand} Inc.`];
  const libraries = accounts.map((name) => {
    const random = new SeededRandom(`ads:${name}`);
    return { name, random, advertiserId: `AR${digits(random, 20)}`, verified: random.chance(0.8), adsCount: random.integer(40, 4800) };
  });

  const drafts = Array.from({ length: depth }, (_, index) => {
    const library = libraries[index % libraries.length]!;
    const { random } = library;
    const creativeId = `CR${digits(random, 20)}`;
    const format = random.pick(['text', 'text', 'image', 'video'] as const);
    const lastShownDaysBefore = random.integer(1, 120);
    const url = `https://adstransparency.example/advertiser/${library.advertiserId}/creative/${creativeId}`;
    return serpDraft(
      'adsSearch',
      {
        advertiserId: library.advertiserId,
        creativeId,
        verified: library.verified,
        format,
        previewImage: format === 'text' ? null : { url: `https://ads-preview.example/${creativeId}.jpg`, width: format === 'video' ? 1280 : 300, height: format === 'video' ? 720 : 250 },
        previewUrl: `https://ads-preview.example/creative/${creativeId}`,
        firstShown: timestampBefore(lastShownDaysBefore + random.integer(5, 600)),
        lastShown: timestampBefore(lastShownDaysBefore),
      },
      { title: library.name, url, domain: 'adstransparency.example' },
    );
  });
  const totalResults = libraries.reduce((sum, library) => sum + library.adsCount, 0);
  return serpPage(rawQuery, Math.max(totalResults, drafts.length), drafts);
}
