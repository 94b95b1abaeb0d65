import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readPhoneNumber } from '../../src/contacts/phone';
import { PhoneResult } from '../../src/schemas/contact';

describe('readPhoneNumber', () => {
  test('a US number written nationally, with the country as a hint: valid, every format, its time zone', () => {
    assert.deepEqual(readPhoneNumber('(415) 555-0123', 'us'), {
      valid: true,
      e164Format: '+14155550123',
      intlFormat: '+1 415 555 0123',
      localFormat: '(415) 555-0123',
      countryCode: 'US',
      lineType: 'FIXED_LINE_OR_MOBILE',
      carrier: null,
      timezones: ['America/Los_Angeles'],
    });
  });

  test('a UK mobile in international form: MOBILE, the carrier its range was assigned to, UK time zones', () => {
    const result = readPhoneNumber('+44 7400 123456', null)!;
    assert.equal(result.valid, true);
    assert.equal(result.e164Format, '+447400123456');
    assert.equal(result.localFormat, '07400 123456');
    assert.equal(result.countryCode, 'GB');
    assert.equal(result.lineType, 'MOBILE');
    assert.equal(result.carrier, 'Three');
    assert.ok(result.timezones.includes('Europe/London'));
  });

  test('a UK landline: FIXED_LINE, no carrier (carrier data describes mobile ranges)', () => {
    const result = readPhoneNumber('+44 20 7946 0958', null)!;
    assert.deepEqual([result.valid, result.lineType, result.carrier, result.timezones], [true, 'FIXED_LINE', null, ['Europe/London']]);
    assert.equal(result.intlFormat, '+44 20 7946 0958');
  });

  test('numbers of other countries and types: German mobile, French mobile, Japanese mobile, US toll-free, a non-geographic +800', () => {
    const german = readPhoneNumber('+49 1512 3456789', null)!;
    assert.deepEqual([german.countryCode, german.lineType, german.carrier, german.timezones], ['DE', 'MOBILE', 'T-Mobile', ['Europe/Berlin']]);
    const french = readPhoneNumber('06 12 34 56 78', 'FR')!;
    assert.deepEqual([french.e164Format, french.lineType, french.carrier, french.timezones], ['+33612345678', 'MOBILE', 'SFR', ['Europe/Paris']]);
    const japanese = readPhoneNumber('090-1234-5678', 'jp')!;
    assert.deepEqual([japanese.e164Format, japanese.intlFormat, japanese.lineType, japanese.timezones], ['+819012345678', '+81 90 1234 5678', 'MOBILE', ['Asia/Tokyo']]);
    const tollFree = readPhoneNumber('+1 800 555 0199', null)!;
    assert.deepEqual([tollFree.valid, tollFree.lineType, tollFree.countryCode], [true, 'TOLL_FREE', 'US']);
    const global = readPhoneNumber('+800 1234 5678', null)!;
    assert.deepEqual([global.valid, global.lineType, global.countryCode, global.timezones], [true, 'TOLL_FREE', null, []]);
  });

  test('an international number ignores the hint; an unknown hint is no hint', () => {
    assert.equal(readPhoneNumber('+49 30 901820', 'us')!.countryCode, 'DE');
    assert.equal(readPhoneNumber('+49 30 901820', 'zz')!.e164Format, '+4930901820');
    assert.equal(readPhoneNumber('030 901820', 'zz'), undefined, 'a national number without a usable country cannot be read');
  });

  test('without a country, a leading 00 is the international prefix; with one, that country’s own prefix is', () => {
    for (const [text, e164] of [['0049 30 901820', '+4930901820'], ['0044 20 7946 0958', '+442079460958'], ['00442079460958', '+442079460958'], ['00 44 20 7946 0958', '+442079460958']] as const) {
      assert.equal(readPhoneNumber(text, null)?.e164Format, e164, text);
      assert.equal(readPhoneNumber(text, 'zz')?.e164Format, e164, `${text}, an unknown hint`);
    }
    assert.equal(readPhoneNumber('0044 20 7946 0958', 'DE')!.e164Format, '+442079460958', "00 is Germany's prefix");
    assert.equal(readPhoneNumber('011 44 20 7946 0958', 'US')!.e164Format, '+442079460958', "011 is the US's");
  });

  test('readable but invalid: valid false, no line type, carrier or zones; its formats as written from the digits read, whatever their length', () => {
    assert.deepEqual(readPhoneNumber('12345', 'US'), { valid: false, e164Format: '+112345', intlFormat: '+1 12345', localFormat: '12345', countryCode: 'US', lineType: null, carrier: null, timezones: [] });
    assert.deepEqual(readPhoneNumber('+1 555 0100', null), { valid: false, e164Format: '+15550100', intlFormat: '+1 5550100', localFormat: '5550100', countryCode: null, lineType: null, carrier: null, timezones: [] });
    const unassigned = readPhoneNumber('+1 555 123 4567', null)!;
    assert.equal(unassigned.valid, false);
    assert.deepEqual([unassigned.e164Format, unassigned.intlFormat, unassigned.localFormat], ['+15551234567', '+1 555 123 4567', '(555) 123-4567']);
    assert.equal(unassigned.lineType, null);
  });

  test('a vanity number: its letters are the digits of the keypad (1-800-FLOWERS is 1-800-356-9377), not dropped; words around a number and an extension stay words', () => {
    const flowers = readPhoneNumber('1-800-FLOWERS', 'US')!;
    assert.deepEqual([flowers.valid, flowers.e164Format, flowers.localFormat, flowers.lineType], [true, '+18003569377', '(800) 356-9377', 'TOLL_FREE']);
    assert.equal(readPhoneNumber('+1 800 GO FEDEX', null)!.e164Format, '+18004633339');
    assert.equal(readPhoneNumber('+1 415 555 0123 ext. 45', null)!.intlFormat, '+1 415 555 0123 ext. 45');
    assert.equal(readPhoneNumber('+1 415 555 0123 x45', null)!.e164Format, '+14155550123');
    assert.equal(readPhoneNumber('Tel: +44 20 7946 0958 (office)', null)!.e164Format, '+442079460958');
    // A word after a valid number is no part of it: read as written, as before vanity numbers were read.
    for (const [text, e164] of [
      ['+44 20 7946 0958 mobile', '+442079460958'], ['+1 415 555 1234 home', '+14155551234'], ['+49 30 901820 Zentrale', '+4930901820'],
      ['+1 415 555 1234 fax', '+14155551234'], ['+44 20 7946 0958 MOBILE', '+442079460958'], ['+14155551234x', '+14155551234'],
    ] as const) {
      const read = readPhoneNumber(text, null)!;
      assert.deepEqual([read.valid, read.e164Format], [true, e164], text);
    }
  });

  test('more digits than E.164 allows (15) is not valid and has no format, not a 19-digit "E.164"', () => {
    assert.deepEqual(readPhoneNumber('+4420794600180000000', null), { valid: false, e164Format: null, intlFormat: null, localFormat: null, countryCode: null, lineType: null, carrier: null, timezones: [] });
  });

  test('a number no country\'s ranges hold is its calling code\'s main country\'s when its length fits there, as with that country as hint: Ofcom\'s drama range is GB\'s, not valid', () => {
    const drama = readPhoneNumber('+44 7700 900123', null)!;
    assert.deepEqual([drama.valid, drama.countryCode, drama.e164Format], [false, 'GB', '+447700900123']);
    assert.deepEqual(readPhoneNumber('07700 900123', 'GB'), drama);
    assert.equal(readPhoneNumber('+1 555 123 4567', null)!.countryCode, 'US');
  });

  test('text that is not a phone number at all: undefined', () => {
    for (const text of ['', '   ', 'hello', 'call me maybe', '+', 'x'.repeat(300)]) assert.equal(readPhoneNumber(text, 'US'), undefined, JSON.stringify(text));
  });

  test('every answer fits the PhoneResult record', () => {
    for (const [text, hint] of [['(415) 555-0123', 'US'], ['12345', 'US'], ['+800 1234 5678', null], ['+4420794600180000000', null], ['1-800-FLOWERS', 'US']] as const) {
      assert.ok(PhoneResult.safeParse(readPhoneNumber(text, hint)).success, text);
    }
  });
});
