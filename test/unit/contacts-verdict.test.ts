import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { verdictOf, type Verdict, type VerificationFacts } from '../../src/contacts/verdict';

const clean: VerificationFacts = { validFormat: true, mailServer: true, exists: null, acceptAll: null, disposable: false, role: false, gibberish: false };

/** Every rule of verdictOf's doc comment, one row each: facts (changes from a clean address) → verdict. */
const TABLE: Array<[string, Partial<VerificationFacts>, Verdict]> = [
  ['malformed', { validFormat: false, mailServer: false }, { status: 'invalid', deliverability: 'undeliverable', score: 0 }],
  ['no mail server', { mailServer: false }, { status: 'invalid', deliverability: 'undeliverable', score: 0 }],
  ['the domain\'s DNS could not be read: not known to have no mail server', { mailServer: null }, { status: 'unknown', deliverability: 'unknown', score: 40 }],
  ['mailbox refused', { exists: false, acceptAll: false }, { status: 'invalid', deliverability: 'undeliverable', score: 0 }],
  ['mailbox refused, disposable and role: still 0', { exists: false, disposable: true, role: true }, { status: 'invalid', deliverability: 'undeliverable', score: 0 }],
  ['mailbox accepted', { exists: true, acceptAll: false }, { status: 'valid', deliverability: 'deliverable', score: 100 }],
  ['mailbox accepted, catch-all unknown', { exists: true }, { status: 'valid', deliverability: 'deliverable', score: 100 }],
  ['accepted, role address', { exists: true, acceptAll: false, role: true }, { status: 'valid', deliverability: 'deliverable', score: 90 }],
  ['accepted, gibberish', { exists: true, acceptAll: false, gibberish: true }, { status: 'valid', deliverability: 'deliverable', score: 80 }],
  ['accepted, disposable', { exists: true, acceptAll: false, disposable: true }, { status: 'valid', deliverability: 'risky', score: 60 }],
  ['accepted, disposable, gibberish, role', { exists: true, disposable: true, gibberish: true, role: true }, { status: 'valid', deliverability: 'risky', score: 30 }],
  ['catch-all domain', { exists: true, acceptAll: true }, { status: 'accept_all', deliverability: 'risky', score: 60 }],
  ['catch-all known from data alone', { acceptAll: true }, { status: 'accept_all', deliverability: 'risky', score: 60 }],
  ['catch-all, role', { exists: true, acceptAll: true, role: true }, { status: 'accept_all', deliverability: 'risky', score: 50 }],
  ['catch-all, every penalty: not below 0', { acceptAll: true, disposable: true, gibberish: true, role: true }, { status: 'accept_all', deliverability: 'risky', score: 0 }],
  ['no word on the mailbox', {}, { status: 'unknown', deliverability: 'unknown', score: 40 }],
  ['no word, role', { role: true }, { status: 'unknown', deliverability: 'unknown', score: 30 }],
  ['no word, disposable', { disposable: true }, { status: 'unknown', deliverability: 'risky', score: 0 }],
  ['no word, gibberish', { gibberish: true }, { status: 'unknown', deliverability: 'unknown', score: 20 }],
];

describe('verdictOf: the verify rules', () => {
  for (const [name, facts, expected] of TABLE) {
    test(name, () => {
      assert.deepEqual(verdictOf({ ...clean, ...facts }), expected);
    });
  }
});
