import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isoTime } from '../../src/core/iso-time';

describe('isoTime', () => {
  test('the same text as Date#toISOString, in order and out of order, across seconds, days and eras', () => {
    const moments = [
      0, 1, 9, 10, 99, 100, 999, 1000, -1, -999, -1000, -1001, 1.7, -1.7,
      Date.parse('2026-11-30T23:59:59.999Z'), Date.parse('2026-12-01T00:00:00.000Z'), Date.parse('2026-12-01T00:00:00.042Z'),
      Date.parse('2026-12-01T00:00:00.042Z'), // the same second again, from the cache
      -62_198_755_200_000, // year -0001
      253_402_300_800_000, // year 10000
      8.64e15, -8.64e15, // the limits
    ];
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      moments.push(Date.parse('2026-11-30T12:00:00Z') + (seed % 5000) - 2500);
    }
    for (const ms of moments) assert.equal(isoTime(ms), new Date(ms).toISOString(), String(ms));
  });

  test('an invalid moment throws as toISOString does', () => {
    assert.throws(() => isoTime(Number.NaN), RangeError);
    assert.throws(() => isoTime(8.64e15 + 1), RangeError);
  });
});
