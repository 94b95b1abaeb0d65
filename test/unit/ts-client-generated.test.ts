import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { endpoints } from '../../src/endpoints';
import { GENERATED_DIRECTORY, functionName, generateClientFiles } from '../../clients/typescript/scripts/generate';

/**
 * The TypeScript client's types and functions are generated from the registry's OpenAPI document;
 * the checked-in files must be what the registry generates now, so a changed endpoint cannot ship
 * with a stale client.
 */

test('the checked-in client files are what the current registry generates', async () => {
  const generated = await generateClientFiles();
  assert.deepEqual(Object.keys(generated).sort(), ['operations.ts', 'schema.ts']);
  for (const [name, text] of Object.entries(generated)) {
    const checkedIn = fs.readFileSync(new URL(name, GENERATED_DIRECTORY), 'utf8');
    // A plain comparison: a diff of 1.4 MB of text would bury the message.
    assert.ok(checkedIn === text, `clients/typescript/src/generated/${name} is stale: run \`npm run client:generate\``);
  }
});

test('one generated function per registry endpoint, named from its id, and a changed registry changes the files', async () => {
  const operations = fs.readFileSync(new URL('operations.ts', GENERATED_DIRECTORY), 'utf8');
  const names = [...operations.matchAll(/^ {4}(\w+): \(/gm)].map((match) => match[1]);
  assert.deepEqual(names, endpoints.map((endpoint) => functionName(endpoint.id)));
  assert.equal(new Set(names).size, endpoints.length, 'two operation ids give one function name');
  assert.equal(functionName('seo.keyword_ideas'), 'seoKeywordIdeas');

  const fewer = await generateClientFiles(endpoints.filter((endpoint) => endpoint.id !== 'seo.keyword_ideas'));
  assert.ok(!fewer['operations.ts']!.includes('seoKeywordIdeas:'));
  assert.ok(!fewer['schema.ts']!.includes('operations["seo.keyword_ideas"]'));
});
