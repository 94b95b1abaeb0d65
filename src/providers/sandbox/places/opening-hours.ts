/**
 * A sandbox place's week of opening hours, its weekday descriptions as the maps service words them,
 * and whether it is open at a given instant in its own time zone (the sandbox's one use of the
 * clock, which the provider receives so tests can fix it).
 */

/** Minutes after local midnight; a close past 1440 runs into the next day (a bar until 2 AM). */
export interface DayHours {
  open: number;
  close: number;
}

/** Monday first; `null` is a closed day. */
export type WeeklyHours = { alwaysOpen: true } | { alwaysOpen: false; days: readonly (DayHours | null)[] };

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MINUTES_PER_DAY = 1440;

/** `at(7, 30)` → 450. */
export function at(hour: number, minute = 0): number {
  return hour * 60 + minute;
}

function clockTime(minutes: number): string {
  const inDay = minutes % MINUTES_PER_DAY;
  const hour = Math.floor(inDay / 60);
  const minute = inDay % 60;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Seven lines, Monday first: "Monday: 7:00 AM – 6:00 PM", "Sunday: Closed", "Monday: Open 24 hours". */
export function describeWeek(hours: WeeklyHours): string[] {
  return WEEKDAYS.map((weekday, index) => {
    if (hours.alwaysOpen) return `${weekday}: Open 24 hours`;
    const day = hours.days[index];
    return day ? `${weekday}: ${clockTime(day.open)} – ${clockTime(day.close)}` : `${weekday}: Closed`;
  });
}

const localFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/**
 * The last answer per time zone, by the minute it was for: a search's places share a few time
 * zones and one `now`, and formatting a date in a zone is most of what telling opening hours costs.
 */
const lastLocalTime = new Map<string, { minuteOfEpoch: number; day: number; minute: number }>();

/** Day of the week (Monday 0) and minute of the day at `now` in `timezone`. */
function localTime(now: Date, timezone: string): { day: number; minute: number } {
  const minuteOfEpoch = Math.floor(now.getTime() / 60_000);
  const last = lastLocalTime.get(timezone);
  if (last?.minuteOfEpoch === minuteOfEpoch) return last;
  let formatter = localFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    localFormatters.set(timezone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  const found = { minuteOfEpoch, day: WEEKDAY_INDEX[parts.weekday!]!, minute: Number(parts.hour) * 60 + Number(parts.minute) };
  lastLocalTime.set(timezone, found);
  return found;
}

export interface OpeningState {
  openNow: boolean;
  /** ISO 8601, only while closed. */
  nextOpenTime?: string;
}

/** Open or closed at `now` in the place's time zone, and when it next opens if closed. */
export function openingState(hours: WeeklyHours, timezone: string, now: Date): OpeningState {
  if (hours.alwaysOpen) return { openNow: true };
  const { day, minute } = localTime(now, timezone);
  const today = hours.days[day];
  const yesterday = hours.days[(day + 6) % 7];
  const openToday = today !== null && today !== undefined && minute >= today.open && minute < today.close;
  const openFromYesterday = yesterday !== null && yesterday !== undefined && yesterday.close > MINUTES_PER_DAY && minute < yesterday.close - MINUTES_PER_DAY;
  if (openToday || openFromYesterday) return { openNow: true };
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const next = hours.days[(day + ahead) % 7];
    if (!next || (ahead === 0 && next.open <= minute)) continue;
    const minutesUntil = ahead * MINUTES_PER_DAY + next.open - minute;
    const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
    return { openNow: false, nextOpenTime: new Date(startOfMinute + minutesUntil * 60_000).toISOString().replace('.000Z', 'Z') };
  }
  return { openNow: false };
}
