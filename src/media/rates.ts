import { formatUsd, usdToMicros, type Micros } from '../core/money';

/**
 * What a media model's price counts, measured on the finished job:
 * - `job`: each job;
 * - `image`: each image made;
 * - `second`: each second of video or audio made, a started second counting in full;
 * - `started-5-seconds`: each started 5 seconds of the video analysed;
 * - `started-1000-characters`: each started 1,000 characters of the answer written.
 */
export const MEDIA_UNITS = ['job', 'image', 'second', 'started-5-seconds', 'started-1000-characters'] as const;
export type MediaUnit = (typeof MEDIA_UNITS)[number];

/**
 * A rate per unit, in USD. Where an option changes what one unit takes to make (a 21:9 video has
 * more pixels per second than a 16:9 one), `byOption` gives the rate for each of its values.
 */
export interface MediaRate {
  unit: MediaUnit;
  usd: number;
  byOption?: { option: string; usd: Readonly<Record<string, number>> };
}

/** The rate that applies to a job with these options, in micro-USD per unit. */
export function rateMicros(rate: MediaRate, options: Readonly<Record<string, unknown>>): Micros {
  const value = rate.byOption ? options[rate.byOption.option] : undefined;
  const usd = typeof value === 'string' && rate.byOption?.usd[value] !== undefined ? rate.byOption.usd[value]! : rate.usd;
  return usdToMicros(usd);
}

/** What a job's outcome measured, in the units rates count. */
export interface MediaOutcome {
  images?: number;
  /** Seconds of video or audio made (or, for analysis, of the video analysed). */
  seconds?: number;
  characters?: number;
}

/** How many units an outcome comes to. */
export function unitsOf(unit: MediaUnit, outcome: MediaOutcome): number {
  switch (unit) {
    case 'job':
      return 1;
    case 'image':
      return outcome.images ?? 0;
    case 'second':
      return Math.ceil(outcome.seconds ?? 0);
    case 'started-5-seconds':
      return Math.ceil((outcome.seconds ?? 0) / 5);
    case 'started-1000-characters':
      return Math.ceil((outcome.characters ?? 0) / 1000);
  }
}

/** The rate in words, for the model list and the OpenAPI description. */
export function describeRate(rate: MediaRate): string {
  const per: Record<MediaUnit, string> = {
    job: 'per job',
    image: 'per image',
    second: 'per second of media made',
    'started-5-seconds': 'per started 5 seconds of video analysed',
    'started-1000-characters': 'per started 1,000 characters of the answer',
  };
  const base = `$${formatUsd(usdToMicros(rate.usd))} ${per[rate.unit]}`;
  if (!rate.byOption) return base;
  const exceptions = Object.entries(rate.byOption.usd)
    .filter(([, usd]) => usd !== rate.usd)
    .map(([value, usd]) => `$${formatUsd(usdToMicros(usd))} when ${rate.byOption!.option} is ${value}`);
  return exceptions.length === 0 ? base : `${base} (${exceptions.join(', ')})`;
}
