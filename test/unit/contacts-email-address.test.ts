import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { checkEmailAddress, EmailAddress, isRoleAddress, looksGibberish, splitAddress } from '../../src/contacts/email-address';
import { gibberishPoints } from '../../src/contacts/gibberish';

describe('EmailAddress (request field)', () => {
  const parse = (value: unknown) => EmailAddress.safeParse(value);

  test('trims, lower-cases and keeps a well-formed address', () => {
    assert.deepEqual(parse('  Jane.Doe@Acme-Widgets.Example ').data, 'jane.doe@acme-widgets.example');
    for (const address of ['a@b.co', "o'brien@example.ie", 'first+tag@example.com', 'x_y-z@sub.example.org', "!#$%&'*+/=?^_`{|}~-@example.com"]) {
      assert.equal(parse(address).data, address, address);
    }
  });

  test('internationalised domains are converted to ASCII; a non-ASCII local part is kept (RFC 6531)', () => {
    assert.equal(parse('info@bücher.de').data, 'info@xn--bcher-kva.de');
    assert.equal(parse('user@例え.jp').data, 'user@xn--r8jz45g.jp');
    assert.equal(parse('Jürgen@Example.DE').data, 'jürgen@example.de');
    assert.equal(parse('info@XN--BCHER-KVA.de').data, 'info@xn--bcher-kva.de');
  });

  test('malformed addresses are refused with a message saying what is wrong', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /must not be empty/],
      ['jane.example.com', /no @/],
      ['@example.com', /nothing before the @/],
      ['jane@', /no domain after the @/],
      ['jane@doe@example.com', /single @/],
      ['jane doe@example.com', /without spaces/],
      ['.jane@example.com', /must not start or end with a dot/],
      ['jane.@example.com', /must not start or end with a dot/],
      ['jane..doe@example.com', /two dots in a row/],
      ['jane(doe)@example.com', /holds a character addresses cannot have/],
      ['jane,doe@example.com', /holds a character addresses cannot have/],
      [`${'a'.repeat(65)}@example.com`, /at most 64 bytes/],
      [`${'ü'.repeat(33)}@example.com`, /at most 64 bytes/],
      ['jane@[192.0.2.1]', /address literals/],
      ['jane@localhost', /not a valid domain name/],
      ['jane@example', /not a valid domain name/],
      ['jane@exa_mple.com', /not a valid domain name/],
      ['jane@-example.com', /not a valid domain name/],
      ['jane@example..com', /not a valid domain name/],
      ['jane@192.0.2.1', /not a valid domain name/],
      ['\u200bjane.doe@example.com', /invisible, control or text-direction characters/],
      ['jane\u202e@example.com', /invisible, control or text-direction characters/],
      ['jane\u0085doe@example.com', /invisible, control or text-direction characters/],
      ['jane\u00addoe@example.com', /invisible, control or text-direction characters/],
      ['jane\ue000@example.com', /invisible, control or text-direction characters/],
      ['jane\u{10fffe}@example.com', /invisible, control or text-direction characters/],
      ['jane\ud800@example.com', /invisible, control or text-direction characters/],
      [`${'j'.repeat(20)}@${'a'.repeat(57)}.${'b'.repeat(57)}.${'c'.repeat(57)}.${'d'.repeat(57)}.com`, /at most 254 bytes/],
    ];
    for (const [address, message] of cases) {
      const result = parse(address);
      assert.equal(result.success, false, address);
      assert.match(result.error!.issues[0]!.message, message, address);
      assert.ok(!result.error!.issues[0]!.message.includes(address) || address === '', 'the message does not repeat the address');
    }
    assert.equal(parse(42).success, false);
  });

  test('used in a request schema, the issue names the field', () => {
    const result = z.strictObject({ email: EmailAddress }).safeParse({ email: 'nope' });
    assert.deepEqual(result.error!.issues[0]!.path, ['email']);
  });

  test('checkEmailAddress gives the parts of what it accepts', () => {
    assert.deepEqual(checkEmailAddress('Jane@Bücher.de'), { ok: true, address: 'jane@xn--bcher-kva.de', localPart: 'jane', domain: 'xn--bcher-kva.de' });
  });

  test('splitAddress splits at the last @', () => {
    assert.deepEqual(splitAddress('jane.doe@acme.example'), { localPart: 'jane.doe', domain: 'acme.example' });
  });
});

describe('isRoleAddress', () => {
  test('role mailboxes count, however written (separators, +tags, case)', () => {
    for (const localPart of ['info', 'sales', 'support', 'admin', 'noreply', 'no-reply', 'no_reply', 'do-not-reply', 'postmaster', 'webmaster', 'abuse', 'hello', 'contact', 'billing', 'careers', 'customer.service', 'Info', 'sales+eu', 'mailer-daemon']) {
      assert.equal(isRoleAddress(localPart), true, localPart);
    }
  });

  test("a person's mailbox does not", () => {
    for (const localPart of ['jane', 'jane.doe', 'j.smith', 'infoman', 'salesforce.admin.jane', 'john+info', 'adminton']) {
      assert.equal(isRoleAddress(localPart), false, localPart);
    }
  });
});

describe('looksGibberish', () => {
  const realNames = [
    'john.smith', 'maria.garcia', 'jane.doe1987', 'mike_88', 'info', 'wojciech.kazmierczak', 'krzysztof', 'brzeczyszczykiewicz', 'przemyslaw', 'szczepanski',
    'zbigniew', 'dzmitry', 'nguyen.thi.thu', 'xiaoming.zhang', 'qiang.xu', 'oluwaseun', 'ngozi', 'kwame.nkrumah', 'siobhan', 'llewellyn', 'tchaikovsky',
    'shcherbakov', 'schwarzkopf', 'hirschsprung', 'knightsbridge', 'strengths', 'jacqueline', 'fitzgerald', 'vazquez', 'muhammad', 'mckenzie', 'dmitriy',
    'j.r.r.tolkien', 'jsmith', 'alexander.baxter', 'liberty', 'property', 'john1234', 'acme-widgets', 'stackoverflow', 'jpmorganchase', 'kpmg', 'nytimes',
  ];
  const randomStrings = [
    'xkqzvw', 'qwrtpsdf', 'bxtrplmq', 'kjhsdfkjhsdf', 'a8f3k2l9', 'jx7q2m', 'u7x9k3', 'a1b2c3d4', 'r4nd0m1z3d', '8f14e45fceea167a5a36dedd4bea2543',
    'asdfghjkl', 'hgfdsa', 'qwertyu', 'zxcvbnm123', 'aaaaaa', 'xqzjvk', 'xjqkzwpv', 'pqxjzr.wvk', 'dfjkgh', 'fjdkslaq',
  ];

  test('real names and words of many languages pass', () => {
    for (const text of realNames) assert.equal(looksGibberish(text), false, `${text} (${gibberishPoints(text)} points)`);
  });

  test('keyboard mashes, random letters, letter-digit soup and hashes are gibberish', () => {
    for (const text of randomStrings) assert.equal(looksGibberish(text), true, `${text} (${gibberishPoints(text)} points)`);
  });

  test('each signal on its own', () => {
    assert.equal(gibberishPoints('bcdfg'), 2 + 1, 'no vowel in 5+ letters (2), 5 consonants in a row (1)');
    assert.equal(gibberishPoints('ab1cd2ef'), 2, '4 letter-digit switches');
    assert.equal(gibberishPoints('asdf'), 2, 'a keyboard run');
    assert.equal(gibberishPoints('erty'), 0, 'four top-row keys occur in words (liberty)');
    assert.equal(gibberishPoints('deadbeef1234'), 2, 'a hex run with digits (its one letter-digit switch counts nothing)');
    assert.equal(gibberishPoints('zoe'), 0);
  });
});
