import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dateOfTimestamp,
  daysInMonth,
  isCalendarDate,
  lastDayOf,
  monthAt,
  monthIndex,
  monthOf,
  monthsBetween,
  todayUtc,
} from '../../src/schemas/calendar-month';

/** The month arithmetic behind backlink history: which months a range covers, and their last days. */
describe('calendar months', () => {
  test('real calendar dates only: leap days in leap years, no 30 February, no month 13', () => {
    for (const date of ['2024-02-29', '2000-02-29', '2026-01-31', '2026-12-31', '2019-01-01']) assert.equal(isCalendarDate(date), true, date);
    for (const date of ['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-05', '20260105', '2026-01-05T00:00:00Z', '']) {
      assert.equal(isCalendarDate(date), false, date);
    }
  });

  test('the last day of each month, February by leap year', () => {
    assert.equal(lastDayOf({ year: 2024, month: 2 }), '2024-02-29');
    assert.equal(lastDayOf({ year: 2026, month: 2 }), '2026-02-28');
    assert.equal(lastDayOf({ year: 2000, month: 2 }), '2000-02-29');
    assert.equal(lastDayOf({ year: 2100, month: 2 }), '2100-02-28');
    assert.equal(lastDayOf({ year: 2026, month: 4 }), '2026-04-30');
    assert.equal(lastDayOf({ year: 2026, month: 12 }), '2026-12-31');
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth({ year: 2025, month })), [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
  });

  test('the month of a date, a month or a vendor timestamp', () => {
    assert.deepEqual(monthOf('2026-02-14'), { year: 2026, month: 2 });
    assert.deepEqual(monthOf('2019-11'), { year: 2019, month: 11 });
    assert.deepEqual(monthOf('2024-02-01 00:00:00 +00:00'), { year: 2024, month: 2 });
    assert.throws(() => monthOf('yesterday'));
    assert.throws(() => monthOf('2026-13-01'));
  });

  test('a range inside one month covers that month only', () => {
    assert.deepEqual(monthsBetween(monthOf('2026-03-05'), monthOf('2026-03-20')), [{ year: 2026, month: 3 }]);
  });

  test('a range spanning years covers every month, oldest first', () => {
    const months = monthsBetween(monthOf('2023-11-15'), monthOf('2024-03-01'));
    assert.deepEqual(months.map(lastDayOf), ['2023-11-30', '2023-12-31', '2024-01-31', '2024-02-29', '2024-03-31']);
    assert.equal(monthsBetween(monthOf('2019-01-01'), monthOf('2026-10-31')).length, 8 * 12 - 2);
  });

  test('a reversed range covers nothing', () => {
    assert.deepEqual(monthsBetween({ year: 2026, month: 5 }, { year: 2026, month: 4 }), []);
  });

  test('month indexes step across year ends both ways', () => {
    assert.deepEqual(monthAt(monthIndex({ year: 2025, month: 12 }) + 1), { year: 2026, month: 1 });
    assert.deepEqual(monthAt(monthIndex({ year: 2026, month: 1 }) - 1), { year: 2025, month: 12 });
  });

  test('today in UTC, whatever the local zone', () => {
    assert.equal(todayUtc(new Date('2026-11-21T23:59:59Z')), '2026-11-21');
    assert.equal(todayUtc(new Date('2024-02-29T00:00:00Z')), '2024-02-29');
  });

  test('the date of a vendor timestamp, or empty when there is none', () => {
    assert.equal(dateOfTimestamp('2019-11-15 12:57:46 +00:00'), '2019-11-15');
    assert.equal(dateOfTimestamp(null), '');
    assert.equal(dateOfTimestamp(undefined), '');
    assert.equal(dateOfTimestamp('soon'), '');
  });
});
