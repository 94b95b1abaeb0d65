import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { describeIssues } from '../../src/core/validation';
import { keywordList } from '../../src/schemas/keyword';
import { languageCode, queryText } from '../../src/schemas/request-fields';
import { mapsLanguage, regionCode } from '../../src/endpoints/maps/fields';

/** The shared rules for search text, languages and regions, and how their refusals read. */

function refusal(schema: z.ZodType, body: unknown): string | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : describeIssues(result.error.issues);
}

describe('search text', () => {
  const body = z.strictObject({ query: queryText('Search query.', 'coffee'), keywords: keywordList(10, ['coffee']).optional() });

  test('control characters, tabs and line breaks inside a query are refused, naming the field', () => {
    for (const query of ['a\u0000b', 'a\u0000b\u0007c', 'coffee\tshops', 'coffee\nshops', 'coffee\r\nshops', 'a\u007fb', 'a\u0085b', 'a\u009fb']) {
      assert.match(refusal(body, { query }) ?? '', /^query: must be one line of text without control characters/, JSON.stringify(query));
    }
  });

  test('each keyword of a list likewise, by its index', () => {
    assert.match(refusal(body, { query: 'tea', keywords: ['coffee', 'a\u0000b'] }) ?? '', /^keywords\[1\]: must be one line of text without control characters/);
  });

  test('printable text in any script is taken, leading and trailing white space trimmed', () => {
    for (const query of ['café in paris', 'カフェ 東京', 'кофе', '  coffee\n', 'a\u00a0b', 'emoji ☕']) assert.equal(refusal(body, { query }), undefined, query);
    assert.equal(body.parse({ query: '\tcoffee \n' }).query, 'coffee');
  });
});

describe('languages and regions', () => {
  test('an SEO language code is a real ISO 639-1 language, with the region variants the vendor takes', () => {
    const body = z.strictObject({ language: languageCode() });
    for (const language of ['en', 'de', 'ja', 'zh-TW', 'zh-CN', 'pt-BR', 'es']) assert.equal(refusal(body, { language }), undefined, language);
    for (const language of ['xx', 'qa', 'en-XX', 'zz-TW', 'en-ZZ', 'en-EU', 'en-UN']) assert.match(refusal(body, { language }) ?? '', /^language: is not a known language code/, language);
    assert.match(refusal(body, { language: 'English' }) ?? '', /^language: must be an ISO language code such as en or pt-BR$/);
  });

  test('a maps language is a BCP-47 tag of a real language and region; a region a real ISO 3166 country', () => {
    const body = z.strictObject({ language: mapsLanguage(), region: regionCode() });
    for (const language of ['en', 'pt-BR', 'es-419', 'zh-Hant-TW', 'EN-us']) assert.equal(refusal(body, { language }), undefined, language);
    for (const language of ['xx', 'en-XX', 'xx-US']) assert.match(refusal(body, { language }) ?? '', /^language: must be a BCP-47 language tag/, language);
    for (const region of ['us', 'GB', 'de', 'jp', 'uk']) assert.equal(refusal(body, { region }), undefined, region);
    assert.equal(body.parse({ region: 'UK' }).region, 'gb', "the United Kingdom's top-level domain is read as gb");
    for (const region of ['zz', 'xx', 'aa']) assert.match(refusal(body, { region }) ?? '', /^region: is not an ISO 3166-1 country code/, region);
    assert.match(refusal(body, { region: 'usa' }) ?? '', /^region: must be a two-letter CLDR region code such as us or gb$/);
  });
});
