import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ceilToCent, formatUsd, MICROS_PER_CENT, MICROS_PER_USD, microsToUsd, parseUsd, usdToMicros } from '../../src/core/money';

describe('usdToMicros', () => {
  test('converts amounts with up to 6 decimals exactly', () => {
    const cases: [number, number][] = [
      [0, 0],
      [1, 1_000_000],
      [0.01, 10_000],
      [0.03, 30_000],
      [0.15, 150_000],
      [0.000001, 1],
      [0.000123, 123],
      [1.005, 1_005_000],
      [12.5, 12_500_000],
      [0.1 + 0.2, 300_000],
      [123456.654321, 123_456_654_321],
      [-0.05, -50_000],
    ];
    for (const [usd, micros] of cases) assert.equal(usdToMicros(usd), micros, `usdToMicros(${usd})`);
  });

  test('round-trips every micro amount from 0 to 0.02 USD and a seeded sample up to 1,000,000 USD', () => {
    for (let micros = 0; micros <= 20_000; micros++) {
      assert.equal(usdToMicros(micros / MICROS_PER_USD), micros);
    }
    let seed = 12345;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const micros = (seed % 1_000_000) * 1_000_000 + (Math.floor(seed / 7) % 1_000_000);
      assert.equal(usdToMicros(microsToUsd(micros)), micros, `micros ${micros}`);
    }
  });

  test('rejects non-finite amounts', () => {
    for (const usd of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      assert.throws(() => usdToMicros(usd), RangeError);
    }
  });
});

describe('parseUsd', () => {
  test('parses decimal strings without floating-point error', () => {
    const cases: [string, number][] = [
      ['5', 5_000_000],
      ['5.00', 5_000_000],
      ['0.000001', 1],
      ['12.5', 12_500_000],
      ['0.01', 10_000],
      ['0.1', 100_000],
      ['1.005', 1_005_000],
      ['123456.654321', 123_456_654_321],
      ['0', 0],
      ['-2.5', -2_500_000],
      [' 7.25 ', 7_250_000],
    ];
    for (const [text, micros] of cases) assert.equal(parseUsd(text), micros, `parseUsd(${JSON.stringify(text)})`);
  });

  test('rejects more than 6 decimals, non-numbers, empty text and exponent notation', () => {
    for (const text of ['1.0000001', 'abc', '', '   ', '1e3', '1.', '.5', '+5', '1,50', '$5', '5 USD', 'Infinity', 'NaN', '0x10']) {
      assert.throws(() => parseUsd(text), RangeError, `parseUsd(${JSON.stringify(text)}) should throw`);
    }
  });
});

describe('formatUsd', () => {
  test('keeps at least two decimals and drops trailing zeros beyond them', () => {
    const cases: [number, string][] = [
      [5_000_000, '5.00'],
      [10_000, '0.01'],
      [1_234, '0.001234'],
      [1_230, '0.00123'],
      [0, '0.00'],
      [1, '0.000001'],
      [100_000, '0.10'],
      [1_200, '0.0012'],
      [1_000_000, '1.00'],
      [1_010_000, '1.01'],
      [12_500_000, '12.50'],
      [330_000, '0.33'],
      [1_000_001, '1.000001'],
      [123_456_654_321, '123456.654321'],
    ];
    for (const [micros, text] of cases) assert.equal(formatUsd(micros), text, `formatUsd(${micros})`);
  });

  test('prefixes negative amounts with a minus sign', () => {
    assert.equal(formatUsd(-10_000), '-0.01');
    assert.equal(formatUsd(-5_000_000), '-5.00');
    assert.equal(formatUsd(-1_234), '-0.001234');
  });

  test('never uses scientific notation', () => {
    assert.equal(formatUsd(1e15), '1000000000.00');
    assert.doesNotMatch(formatUsd(1), /e/i);
  });

  test('parseUsd reads back what formatUsd writes', () => {
    for (const micros of [0, 1, 9, 10, 1_230, 10_000, 99_999, 1_000_000, 12_345_678, -42]) {
      assert.equal(parseUsd(formatUsd(micros)), micros);
    }
  });
});

describe('ceilToCent', () => {
  test('leaves whole cents alone and rounds anything else up to the next cent', () => {
    const cases: [number, number][] = [
      [0, 0],
      [1, MICROS_PER_CENT],
      [9_999, 10_000],
      [10_000, 10_000],
      [10_001, 20_000],
      [1_234, 10_000],
      [5_000_000, 5_000_000],
      [5_000_001, 5_010_000],
      [-10_000, -10_000],
      [-15_000, -10_000],
    ];
    for (const [micros, rounded] of cases) assert.equal(ceilToCent(micros), rounded, `ceilToCent(${micros})`);
  });
});
