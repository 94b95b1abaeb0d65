/**
 * Calendar arithmetic for month-by-month series (backlink history): which months a date range
 * covers, and the last day of each, in UTC and as plain `YYYY-MM-DD` strings so no time zone can
 * shift a month. Pure functions; the wall clock is read only through `todayUtc(now)`.
 */

/** A calendar month; `month` runs 1 to 12. */
export interface CalendarMonth {
  year: number;
  month: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date or a vendor timestamp (`2026-03-01 00:00:00 +00:00`): the month is its first seven characters. */
const MONTH_PREFIX = /^(\d{4})-(\d{2})/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** True for a `YYYY-MM-DD` string naming a day that exists (2024-02-29 yes, 2026-02-29 and 2026-02-30 no). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth({ year, month });
}

/** Today's date in UTC, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function daysInMonth({ year, month }: CalendarMonth): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month of a `YYYY-MM-DD` date, a `YYYY-MM` month or a vendor timestamp starting with a date. */
export function monthOf(text: string): CalendarMonth {
  const match = MONTH_PREFIX.exec(text);
  if (!match) throw new Error(`not a date: ${text}`);
  const month = { year: Number(match[1]), month: Number(match[2]) };
  if (month.month < 1 || month.month > 12) throw new Error(`not a date: ${text}`);
  return month;
}

/** `YYYY-MM-DD` of the month's last day: 2024-02 → 2024-02-29, 2026-02 → 2026-02-28. */
export function lastDayOf(month: CalendarMonth): string {
  return `${pad(month.year, 4)}-${pad(month.month)}-${pad(daysInMonth(month))}`;
}

/** Months since year 0, so months compare and step as integers. */
export function monthIndex({ year, month }: CalendarMonth): number {
  return year * 12 + (month - 1);
}

export function monthAt(index: number): CalendarMonth {
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Every month from `first` to `last`, both included, oldest first; empty when `first` is later. */
export function monthsBetween(first: CalendarMonth, last: CalendarMonth): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  for (let index = monthIndex(first); index <= monthIndex(last); index += 1) months.push(monthAt(index));
  return months;
}

/** The earlier of two months. */
export function earlierMonth(a: CalendarMonth, b: CalendarMonth): CalendarMonth {
  return monthIndex(a) <= monthIndex(b) ? a : b;
}

/** The later of two months. */
export function laterMonth(a: CalendarMonth, b: CalendarMonth): CalendarMonth {
  return monthIndex(a) >= monthIndex(b) ? a : b;
}

/** The date part of a vendor timestamp (`2019-11-15 12:57:46 +00:00` → `2019-11-15`); '' when absent or unreadable. */
export function dateOfTimestamp(timestamp: string | null | undefined): string {
  const date = timestamp?.slice(0, 10) ?? '';
  return isCalendarDate(date) ? date : '';
}
