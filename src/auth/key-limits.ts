import { areaOf, type EndpointDefinition } from '../core/define-endpoint';
import { MICROS_PER_USD, parseUsd, type Micros } from '../core/money';

/**
 * What a key may spend and call. Caps are per UTC day and UTC month, counted over every paid call
 * the key makes (a call in flight counts at its hold until it settles); `areas` is the endpoint
 * areas (the first part of an endpoint id: `seo`, `serp`, …) it may call. Null: no limit.
 */
export interface KeyLimits {
  dailyMicros: Micros | null;
  monthlyMicros: Micros | null;
  areas: readonly string[] | null;
}

export const NO_KEY_LIMITS: KeyLimits = Object.freeze({ dailyMicros: null, monthlyMicros: null, areas: null });

/** The account's own endpoints (balance, usage, the key's limits) answer whatever a key's areas. */
export const ALWAYS_ALLOWED_AREA = 'account';

/** The highest spending cap a key may carry: a million USD a period. */
export const MAX_SPEND_CAP_MICROS = 1_000_000 * MICROS_PER_USD;

/** A limit as typed (CLI option, dashboard field) that cannot be one; the message says what would be. */
export class InvalidKeyLimit extends Error {}

/** A spending cap as typed: a USD amount above 0, at most MAX_SPEND_CAP_MICROS. */
export function parseSpendCap(text: string): Micros {
  let micros: Micros;
  try {
    micros = parseUsd(text);
  } catch {
    throw new InvalidKeyLimit('give a USD amount such as 5 or 12.50');
  }
  if (micros <= 0) throw new InvalidKeyLimit('give an amount above $0');
  if (micros > MAX_SPEND_CAP_MICROS) throw new InvalidKeyLimit(`give at most $${(MAX_SPEND_CAP_MICROS / MICROS_PER_USD).toLocaleString('en-US')}`);
  return micros;
}

/** The areas a key may be limited to, from the registry, sorted (the account's own are always allowed). */
export function limitableAreas(endpoints: ReadonlyArray<Pick<EndpointDefinition, 'id'>>): string[] {
  const areas = new Set(endpoints.map(areaOf));
  areas.delete(ALWAYS_ALLOWED_AREA);
  return [...areas].sort();
}

export function hasSpendCap(limits: KeyLimits): boolean {
  return limits.dailyMicros !== null || limits.monthlyMicros !== null;
}

/** Whether a key with these areas (null: every area) may call an endpoint of `area`. */
export function areaAllowed(areas: KeyLimits['areas'], area: string): boolean {
  return areas === null || area === ALWAYS_ALLOWED_AREA || areas.includes(area);
}

/** The UTC day and month a moment falls in, as `key_spend` names them, and when each ends. */
export interface SpendPeriods {
  day: string;
  month: string;
  dayEndsAt: Date;
  monthEndsAt: Date;
}

export function spendPeriods(at: Date): SpendPeriods {
  const iso = at.toISOString();
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  return {
    day: iso.slice(0, 10),
    month: iso.slice(0, 7),
    dayEndsAt: new Date(Date.UTC(year, month, at.getUTCDate() + 1)),
    monthEndsAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** As stored in `api_keys.allowed_areas`. */
export function storedAreas(areas: readonly string[] | null): string | null {
  return areas === null ? null : [...new Set(areas)].sort().join(',');
}

export function parseStoredAreas(text: string | null): readonly string[] | null {
  return text === null ? null : text.split(',').filter((area) => area !== '');
}
