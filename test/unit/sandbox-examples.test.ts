import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { endpoints } from '../../src/endpoints';
import { EXAMPLE_AREAS, HAND_WRITTEN_EXAMPLES, examplesFile, sandboxExamples } from '../../scripts/sandbox-examples';

/** The retail, photos, clips and video examples are what the sandbox answers (lists cut to two items), never hand-edited. */
test('the retail, photos, clips and video examples are the sandbox answers to their example requests', async () => {
  const answers = await sandboxExamples();
  for (const area of EXAMPLE_AREAS) {
    const written = JSON.parse(fs.readFileSync(examplesFile(area), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(written, answers[area], `src/endpoints/${area}/example-responses.json is stale: run node --import tsx scripts/sandbox-examples.ts`);
    const ids = endpoints.filter((endpoint) => endpoint.id.startsWith(`${area}.`) && !HAND_WRITTEN_EXAMPLES.has(endpoint.id)).map((endpoint) => endpoint.id).sort();
    assert.deepEqual(Object.keys(written).sort(), ids);
  }
});

/**
 * A documented example shows what the endpoint finds: every list of the photos, clips and video
 * example answers (the answer itself, or a list among its fields) holds something.
 */
test('the photos, clips and video example requests find something: no list of their answers is empty', async () => {
  const answers = await sandboxExamples();
  const empty: string[] = [];
  for (const area of ['photos', 'clips', 'video'] as const) {
    for (const [id, answer] of Object.entries(answers[area]!)) {
      const lists = Array.isArray(answer) ? { '': answer } : Object.fromEntries(Object.entries(answer as Record<string, unknown>).filter(([, value]) => Array.isArray(value)));
      for (const [field, list] of Object.entries(lists)) if ((list as unknown[]).length === 0) empty.push(`${id} ${field}`.trim());
    }
  }
  assert.deepEqual(empty, []);
});
