import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { formatUsd } from '../../src/core/money';
import { economics, economicsTable } from '../../scripts/operator-economics';
import { maskTier } from '../../src/providers/google-places/costs';
import { FULL_PLACE_FIELDS, searchMask, SUMMARY_PLACE_FIELDS } from '../../src/providers/google-places/field-mask';
import { REPOSITORY } from '../../scripts/repository';

/**
 * A vendor call must never cost the operator more than the customer pays: every vendor-backed
 * endpoint, at the smallest and the largest input it allows (and with a word filter where it takes
 * one), runs its real handler on the real adapters over recording clients; the adapters' price
 * lists (dataforseo/costs.ts, google-places/costs.ts) price what was asked for. An adapter asking
 * for more rows, pages or fields than the price covers fails here. An endpoint whose price cannot
 * cover the vendor's list price at all is declared by its adapter (BELOW_COST) and not served live
 * unless the operator accepts the loss; here the declaration is held to be true.
 */

const rows = await economics();

describe('operator economics: upstream cost ≤ price', () => {
  for (const row of rows.filter((candidate) => !candidate.shortfall)) {
    test(`${row.endpoint.id} (${row.label})`, () => {
      assert.ok(row.calls.length > 0, `${row.endpoint.id} made no vendor call: it is not vendor-backed, take it out of VENDOR_BACKED`);
      assert.ok(
        row.costMicros <= row.priceMicros,
        `${row.endpoint.id} costs the operator $${formatUsd(row.costMicros)} for a $${formatUsd(row.priceMicros)} call: ${JSON.stringify(row.calls)}`,
      );
    });
  }
});

// Not served live unless the operator accepts the loss (test/http/below-cost.test.ts): the
// declaration must stay true, or an endpoint that pays for itself is refused for nothing.
describe('operator economics: an endpoint declared below cost is', () => {
  for (const id of new Set(rows.filter((row) => row.shortfall).map((row) => row.endpoint.id))) {
    test(`${id}: short at its largest input`, () => {
      const largest = rows.find((row) => row.endpoint.id === id && row.label === 'largest')!;
      assert.ok(largest.costMicros > largest.priceMicros, `${id} costs $${formatUsd(largest.costMicros)} for $${formatUsd(largest.priceMicros)}: it pays for itself, take it out of BELOW_COST`);
    });
  }
});

test('the maps search asks for its summary fields only; the web-search maps variant for the full record', () => {
  assert.equal(maskTier(searchMask(SUMMARY_PLACE_FIELDS)), 'atmosphere', 'the summary carries amenities and a top review');
  assert.equal(maskTier(searchMask(FULL_PLACE_FIELDS)), 'atmosphere');
  assert.equal(maskTier(searchMask(['id', 'displayName', 'formattedAddress'])), 'pro');
  assert.equal(maskTier('places.id,nextPageToken'), 'idsOnly');
  assert.equal(maskTier('places.someFieldNobodyPriced'), 'atmosphere', 'an unknown field errs on the expensive side');
});

test("the README's economics table is the one the adapters' price lists give", async () => {
  const readme = fs.readFileSync(path.join(REPOSITORY, 'README.md'), 'utf8');
  assert.ok(readme.includes(await economicsTable()), 'README.md is stale: paste the output of `node --import tsx scripts/operator-economics.ts`');
});
