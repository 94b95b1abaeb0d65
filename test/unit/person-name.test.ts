import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitPersonName } from '../../src/contacts/person-name';

test("a whole name splits one way for both finders: the last word with its particles is the last name, titles, suffixes and middle initials are no part of it", () => {
  const cases: Array<[string, string, string | null]> = [
    ['Jane Doe', 'Jane', 'Doe'],
    ['Mary Ann van der Berg', 'Mary Ann', 'van der Berg'],
    ['Jane Q. Doe', 'Jane', 'Doe'],
    ['Dr. Jane Doe', 'Jane', 'Doe'],
    ['Prof Jane Doe', 'Jane', 'Doe'],
    ['John Smith Jr.', 'John', 'Smith'],
    ['John Smith, Jr.', 'John', 'Smith'],
    ['Jane Doe III', 'Jane', 'Doe'],
    ['Jane Doe PhD', 'Jane', 'Doe'],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['Cher', 'Cher', null],
    ['Jane Q', 'Jane', null],
  ];
  for (const [whole, firstName, lastName] of cases) assert.deepEqual(splitPersonName(whole), { firstName, lastName }, whole);
});
