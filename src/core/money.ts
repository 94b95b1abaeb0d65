/**
 * Money is integer micro-USD (1 USD = 1,000,000) everywhere it is stored or computed.
 * Decimal USD exists only at the edges: JSON bodies, headers, CLI arguments.
 */
export type Micros = number;

export const MICROS_PER_USD = 1_000_000;
export const MICROS_PER_CENT = 10_000;

/** Balances stay far inside the range where a JavaScript number is an exact integer. */
export const MAX_BALANCE_MICROS = 1_000_000_000 * MICROS_PER_USD;

/** Converts a decimal USD amount to micro-USD, exactly for up to 6 decimals. */
export function usdToMicros(usd: number): Micros {
  if (!Number.isFinite(usd)) throw new RangeError(`not a finite USD amount: ${usd}`);
  return Math.round(usd * MICROS_PER_USD);
}

/** Parses a decimal string such as "12.50" without going through binary floating point. */
export function parseUsd(text: string): Micros {
  const match = /^(-)?(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a USD amount with at most 6 decimals: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const micros = Number(whole) * MICROS_PER_USD + Number(fraction.padEnd(6, '0'));
  return sign ? -micros : micros;
}

export function microsToUsd(micros: Micros): number {
  return micros / MICROS_PER_USD;
}

/** Decimal text for headers: at least two decimals, never scientific notation. */
export function formatUsd(micros: Micros): string {
  const sign = micros < 0 ? '-' : '';
  const absolute = Math.abs(micros);
  const whole = Math.floor(absolute / MICROS_PER_USD);
  const fraction = String(absolute % MICROS_PER_USD).padStart(6, '0').replace(/0{1,4}$/, '');
  return `${sign}${whole}.${fraction}`;
}

/** Rounds up to the next whole cent. */
export function ceilToCent(micros: Micros): Micros {
  return Math.ceil(micros / MICROS_PER_CENT) * MICROS_PER_CENT;
}
