import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { free, onCompletion, perCall, perPage, perResults, perResultsMicros, perToken } from '../../src/core/price';

/** Every amount below is micro-USD: 1 cent = 10,000. */
const cents = (count: number) => count * 10_000;

describe('free', () => {
  test('holds and charges nothing', () => {
    const rule = free();
    assert.equal(rule.kind, 'free');
    assert.equal(rule.maxMicros({}), 0);
    assert.equal(rule.actualMicros({}, {}), 0);
    assert.equal(rule.describe(), 'Free.');
    assert.deepEqual(rule.toJSON(), { kind: 'free' });
  });
});

describe('perCall', () => {
  test('holds and charges the same fixed amount whatever the input and output', () => {
    const rule = perCall(0.15);
    assert.equal(rule.kind, 'per_call');
    for (const input of [{}, { keywords: ['a', 'b', 'c'] }]) {
      assert.equal(rule.maxMicros(input), 150_000);
      assert.equal(rule.actualMicros(input, { data: [] }), 150_000);
    }
    assert.equal(perCall(0.02).maxMicros({}), 20_000);
    assert.equal(perCall(0.000001).actualMicros({}, {}), 1);
  });

  test('describes and publishes its amount', () => {
    assert.equal(perCall(0.04).describe(), 'Cost: $0.04 per call.');
    assert.equal(perCall(0.0015).describe(), 'Cost: $0.0015 per call.');
    assert.deepEqual(perCall(0.04).toJSON(), { kind: 'per_call', usd: 0.04 });
  });
});

describe('perPage (SERP: 0.01 per page of 10 results)', () => {
  const serp = perPage({ usdPerPage: 0.01, pageSize: 10, requested: (input: { depth: number }) => input.depth });

  test('charges per started page of the depth requested', () => {
    const table: [number, number][] = [
      [1, cents(1)],
      [9, cents(1)],
      [10, cents(1)],
      [11, cents(2)],
      [15, cents(2)],
      [20, cents(2)],
      [21, cents(3)],
      [30, cents(3)],
      [31, cents(4)],
      [99, cents(10)],
      [100, cents(10)],
    ];
    for (const [depth, micros] of table) {
      assert.equal(serp.maxMicros({ depth }), micros, `hold for depth ${depth}`);
      assert.equal(serp.actualMicros({ depth }, { results: [] }), micros, `charge for depth ${depth}`);
    }
  });

  test('the charge is the hold, whatever the output holds', () => {
    for (let depth = 1; depth <= 100; depth++) {
      const expected = Math.ceil(depth / 10) * cents(1);
      assert.equal(serp.maxMicros({ depth }), expected);
      assert.equal(serp.actualMicros({ depth }, { results: new Array(3) }), expected);
    }
  });

  test('a request for no results still costs one page', () => {
    assert.equal(serp.maxMicros({ depth: 0 }), cents(1));
  });

  test('describes and publishes its page price and size', () => {
    assert.equal(serp.kind, 'per_page');
    assert.equal(serp.describe(), 'Cost: $0.01 per started page of 10 results requested.');
    assert.deepEqual(serp.toJSON(), { kind: 'per_page', usdPerPage: 0.01, pageSize: 10 });
  });
});

describe('perPage counting what came back (email domain-search: 0.03 per 10 emails returned)', () => {
  const search = perPage({
    usdPerPage: 0.03,
    pageSize: 10,
    unit: 'emails',
    requested: (input: { limit: number }) => input.limit,
    returned: (output: { emails: unknown[] }) => output.emails.length,
  });

  test('holds for the limit, charges per started 10 returned, nothing when none', () => {
    assert.equal(search.maxMicros({ limit: 25 }), cents(9));
    assert.equal(search.maxMicros({ limit: 50 }), cents(15));
    const table: [number, number][] = [[0, 0], [1, cents(3)], [10, cents(3)], [11, cents(6)], [20, cents(6)], [25, cents(9)], [50, cents(15)]];
    for (const [returned, micros] of table) {
      assert.equal(search.actualMicros({ limit: 50 }, { emails: new Array(returned) }), micros, `${returned} returned`);
    }
  });

  test('says per 10 emails, and publishes that it counts what is returned', () => {
    assert.equal(search.kind, 'per_page');
    assert.match(search.describe(), /^Cost: \$0\.03 per 10 emails returned, each started 10 counting in full; none returned costs nothing\./);
    assert.deepEqual(search.toJSON(), { kind: 'per_page', usdPerPage: 0.03, pageSize: 10, counted: 'returned' });
  });
});

interface ResultsInput {
  limit: number;
}
interface ResultsOutput {
  items: unknown[];
}
const resultsRule = (baseUsd: number, per100Usd: number) =>
  perResults({
    baseUsd,
    per100Usd,
    maxResults: (input: ResultsInput) => input.limit,
    countResults: (output: ResultsOutput) => output.items.length,
  });
const returning = (count: number): ResultsOutput => ({ items: new Array(count).fill(null) });

describe('perResults: keyword ideas and domain traffic (0.03 + 0.03 per 100)', () => {
  const ideas = resultsRule(0.03, 0.03);
  const specTable: [number, number][] = [
    [1, cents(4)],
    [10, cents(4)],
    [50, cents(5)],
    [100, cents(6)],
    [250, cents(11)],
    [500, cents(18)],
    [1000, cents(33)],
  ];

  test('reproduces the cost table of the spec', () => {
    for (const [count, micros] of specTable) {
      assert.equal(perResultsMicros(30_000, 30_000, count), micros, `perResultsMicros for ${count}`);
      assert.equal(ideas.actualMicros({ limit: 1000 }, returning(count)), micros, `charge for ${count} returned`);
      assert.equal(ideas.maxMicros({ limit: count }), micros, `hold for limit ${count}`);
    }
  });

  test('zero results cost the base only', () => {
    assert.equal(perResultsMicros(30_000, 30_000, 0), cents(3));
    assert.equal(ideas.actualMicros({ limit: 50 }, returning(0)), cents(3));
  });
});

describe('perResults: backlink anchors (0.05 + 0.01 per 100)', () => {
  const anchors = resultsRule(0.05, 0.01);
  const specTable: [number, number][] = [
    [1, cents(6)],
    [37, cents(6)],
    [100, cents(6)],
    [250, cents(8)],
    [500, cents(10)],
    [1000, cents(15)],
  ];

  test('reproduces the cost table of the spec', () => {
    for (const [count, micros] of specTable) {
      assert.equal(perResultsMicros(50_000, 10_000, count), micros, `perResultsMicros for ${count}`);
      assert.equal(anchors.actualMicros({ limit: 1000 }, returning(count)), micros, `charge for ${count} returned`);
      assert.equal(anchors.maxMicros({ limit: count }), micros, `hold for limit ${count}`);
    }
  });

  test('every count from 1 to 100 costs 0.06', () => {
    for (let count = 1; count <= 100; count++) assert.equal(perResultsMicros(50_000, 10_000, count), cents(6), `count ${count}`);
    assert.equal(perResultsMicros(50_000, 10_000, 101), cents(7));
  });

  test('zero results cost the base only', () => {
    assert.equal(perResultsMicros(50_000, 10_000, 0), cents(5));
    assert.equal(anchors.actualMicros({ limit: 100 }, returning(0)), cents(5));
  });
});

describe('perResults: hold and charge', () => {
  const rule = resultsRule(0.03, 0.03);

  test('the hold comes from the input, the charge from the output', () => {
    const input = { limit: 500 };
    assert.equal(rule.maxMicros(input), cents(18));
    assert.equal(rule.actualMicros(input, returning(37)), cents(5));
    assert.equal(rule.actualMicros(input, returning(500)), cents(18));
  });

  test('the charge never exceeds the hold while the count stays within the most results', () => {
    for (const [baseUsd, per100Usd] of [[0.03, 0.03], [0.05, 0.01], [0.02, 0.07]] as const) {
      const candidate = resultsRule(baseUsd, per100Usd);
      for (const limit of [0, 1, 7, 50, 99, 100, 101, 250, 999, 1000]) {
        const hold = candidate.maxMicros({ limit });
        for (let count = 0; count <= limit; count++) {
          const charge = candidate.actualMicros({ limit }, returning(count));
          assert.ok(charge <= hold, `${baseUsd}+${per100Usd}/100: ${count} of ${limit} charged ${charge} > hold ${hold}`);
        }
      }
    }
  });

  test('matches an independent whole-cent computation for every count from 0 to 1000', () => {
    // In cents: base + rate·n/100, rounded up; computed here as integer ceiling division.
    const ceilDivide = (numerator: number, denominator: number) => Math.floor((numerator + denominator - 1) / denominator);
    for (const [baseCents, per100Cents] of [[3, 3], [5, 1], [2, 7], [0, 1], [10, 0]] as const) {
      for (let count = 0; count <= 1000; count++) {
        const expectedCents = ceilDivide(baseCents * 100 + per100Cents * count, 100);
        assert.equal(expectedCents, Math.ceil(baseCents + (per100Cents * count) / 100));
        assert.equal(
          perResultsMicros(cents(baseCents), cents(per100Cents), count),
          cents(expectedCents),
          `base ${baseCents}¢ + ${per100Cents}¢/100, ${count} results`,
        );
      }
    }
  });

  test('charges always land on a whole cent', () => {
    for (let count = 0; count <= 1000; count++) {
      assert.equal(perResultsMicros(30_000, 30_000, count) % 10_000, 0);
      assert.equal(perResultsMicros(50_000, 10_000, count) % 10_000, 0);
    }
  });

  test('describes and publishes its amounts', () => {
    assert.equal(rule.kind, 'per_results');
    assert.equal(
      rule.describe(),
      'Cost: $0.03 per call plus $0.03 per 100 results returned, rounded up to the next whole cent.',
    );
    assert.match(resultsRule(0.05, 0.01).describe(), /\$0\.05 per call plus \$0\.01 per 100 results/);
    assert.deepEqual(rule.toJSON(), { kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent' });
  });
});

describe('perToken', () => {
  interface ChatPlan {
    model: 'large' | 'fast';
    /** Models the call may fall back to, in order. */
    fallbacks?: Array<'large' | 'fast'>;
    promptEstimate: number;
    maxTokens: number;
  }
  interface ChatOutcome {
    answeredBy?: 'large' | 'fast';
    usage: { promptTokens: number; completionTokens: number };
  }
  const ratesByModel = {
    large: { inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
    fast: { inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 },
  };
  const rule = perToken({
    held: (plan: ChatPlan) =>
      [plan.model, ...(plan.fallbacks ?? [])].map((model) => ({
        rates: ratesByModel[model],
        tokens: { promptTokens: plan.promptEstimate, completionTokens: plan.maxTokens },
      })),
    used: (plan: ChatPlan, outcome: ChatOutcome) => ({ rates: ratesByModel[outcome.answeredBy ?? plan.model], tokens: outcome.usage }),
  });
  const used = (promptTokens: number, completionTokens: number): ChatOutcome => ({ usage: { promptTokens, completionTokens } });

  test('charges the per-million rates of the input and output tokens used', () => {
    const input: ChatPlan = { model: 'large', promptEstimate: 2_000, maxTokens: 4_000 };
    // 1,000 × $3/M + 500 × $15/M = $0.003 + $0.0075.
    assert.equal(rule.actualMicros(input, used(1_000, 500)), 10_500);
    assert.equal(rule.actualMicros(input, used(1_000_000, 0)), 3_000_000);
    assert.equal(rule.actualMicros(input, used(0, 1_000_000)), 15_000_000);
    assert.equal(rule.actualMicros(input, used(0, 0)), 0);
  });

  test('the hold is the dearest model that may answer; the charge is the model that did', () => {
    const plan: ChatPlan = { model: 'fast', fallbacks: ['large'], promptEstimate: 1_000, maxTokens: 1_000 };
    assert.equal(rule.maxMicros(plan), 18_000);
    assert.equal(rule.actualMicros(plan, { answeredBy: 'fast', usage: { promptTokens: 1_000, completionTokens: 1_000 } }), 750);
    assert.equal(rule.actualMicros(plan, { answeredBy: 'large', usage: { promptTokens: 1_000, completionTokens: 1_000 } }), 18_000);
  });

  test('rates come from the input (the model)', () => {
    const usage = used(1_000, 1_000);
    assert.equal(rule.actualMicros({ model: 'large', promptEstimate: 0, maxTokens: 0 }, usage), 18_000);
    assert.equal(rule.actualMicros({ model: 'fast', promptEstimate: 0, maxTokens: 0 }, usage), 750);
  });

  test('rounds a fraction of a micro-USD up', () => {
    const fast: ChatPlan = { model: 'fast', promptEstimate: 0, maxTokens: 0 };
    // 1 token × $0.15/M = 0.15 µUSD → 1; 7 tokens = 1.05 → 2; 20 tokens = 3 exactly.
    assert.equal(rule.actualMicros(fast, used(1, 0)), 1);
    assert.equal(rule.actualMicros(fast, used(7, 0)), 2);
    assert.equal(rule.actualMicros(fast, used(20, 0)), 3);
    assert.equal(rule.actualMicros(fast, used(1, 1)), 1);
    assert.equal(rule.actualMicros(fast, used(3, 1)), 2);
  });

  test('the hold covers the prompt estimate plus the most completion tokens allowed', () => {
    const input: ChatPlan = { model: 'large', promptEstimate: 2_000, maxTokens: 4_000 };
    // 2,000 × $3/M + 4,000 × $15/M = $0.006 + $0.06.
    assert.equal(rule.maxMicros(input), 66_000);
    assert.equal(rule.maxMicros({ model: 'fast', promptEstimate: 200_000, maxTokens: 8_192 }), 30_000 + 4_916);
  });

  test('the charge never exceeds the hold when usage stays within it', () => {
    const input: ChatPlan = { model: 'fast', promptEstimate: 333, maxTokens: 77 };
    const hold = rule.maxMicros(input);
    for (let prompt = 0; prompt <= input.promptEstimate; prompt += 37) {
      for (let completion = 0; completion <= input.maxTokens; completion += 7) {
        assert.ok(rule.actualMicros(input, used(prompt, completion)) <= hold);
      }
    }
  });

  test('describes itself and publishes its kind', () => {
    assert.equal(rule.kind, 'per_token');
    assert.match(rule.describe(), /per token/);
    assert.match(rule.describe(), /per million tokens/);
    assert.deepEqual(rule.toJSON(), { kind: 'per_token' });
  });
});

describe('onCompletion', () => {
  interface CrawlInput {
    pages: number;
  }
  interface CrawlOutput {
    crawled: number;
  }
  const rule = onCompletion({
    heldMicros: (input: CrawlInput) => input.pages * 2_000,
    finalMicros: (_input: CrawlInput, output: CrawlOutput) => output.crawled * 2_000,
    summary: '$0.002 per page crawled',
  });

  test('holds the estimate from the input and charges the final cost from the output', () => {
    assert.equal(rule.kind, 'on_completion');
    assert.equal(rule.maxMicros({ pages: 100 }), 200_000);
    assert.equal(rule.maxMicros({ pages: 3 }), 6_000);
    assert.equal(rule.actualMicros({ pages: 100 }, { crawled: 42 }), 84_000);
    assert.equal(rule.actualMicros({ pages: 100 }, { crawled: 0 }), 0);
  });

  test('describes and publishes its summary', () => {
    assert.equal(rule.describe(), 'Cost: $0.002 per page crawled, billed on completion; the most it can cost is held until then.');
    assert.deepEqual(rule.toJSON(), { kind: 'on_completion', summary: '$0.002 per page crawled' });
  });
});
