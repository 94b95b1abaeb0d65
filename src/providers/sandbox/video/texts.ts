import { needleOf } from '../clips/search';

/** How the platform shows numbers, lengths and times, all against the world's fixed present. */

/** The world's present: every date and relative text is measured from it (seconds). */
export const NOW = Date.UTC(2026, 10, 20, 12) / 1000;

const UNITS: ReadonlyArray<readonly [string, number]> = [['year', 365 * 86_400], ['month', 30 * 86_400], ['week', 7 * 86_400], ['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1]];

/** `3 weeks ago`. */
export function timeAgo(seconds: number): string {
  const age = Math.max(1, NOW - seconds);
  const [unit, size] = UNITS.find(([, size]) => age >= size)!;
  const amount = Math.floor(age / size);
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}

/** `1.2K`, `48K`, `1.8M`: three significant digits at most, truncated as the platform does. */
export function compactCount(value: number): string {
  for (const [suffix, size] of [['B', 1e9], ['M', 1e6], ['K', 1e3]] as const) {
    if (value < size) continue;
    const scaled = value / size;
    const shown = scaled >= 10 ? Math.floor(scaled) : Math.floor(scaled * 10) / 10;
    return `${shown}${suffix}`;
  }
  return String(value);
}

export const viewsText = (views: number) => (views === 1 ? '1 view' : `${compactCount(views)} views`);
export const fullViewsText = (views: number) => `${views.toLocaleString('en-US')} view${views === 1 ? '' : 's'}`;

/** `12:07`, `1:02:03`. */
export function clockText(seconds: number): string {
  const whole = Math.floor(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

export const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
export const isoDate = (seconds: number) => isoTime(seconds).slice(0, 10);


/** A name as a handle or URL part: its letters and digits. */
export const slugOf = (name: string) => needleOf(name).replace(/[^a-z0-9]/g, '');
