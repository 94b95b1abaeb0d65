import { z } from 'zod';

/** The aspect ratios media models are asked for (each model takes a subset). */
export const ASPECT_RATIOS = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export function aspectRatio(allowed: readonly AspectRatio[], fallback: AspectRatio) {
  return z.enum(allowed as [AspectRatio, ...AspectRatio[]]).default(fallback).meta({ description: `Aspect ratio of what is made: ${allowed.join(', ')} (default ${fallback}).` });
}

/**
 * A duration in whole seconds. The catalog writes it as a string ("5"); a number is taken too.
 * `allowed` lists the values when the model takes only some (LTX: even seconds).
 */
export function durationSeconds(min: number, max: number, fallback: number, allowed?: readonly number[]) {
  const values = allowed ? ` in ${allowed.join(', ')}` : '';
  return z
    .union([z.number(), z.string().regex(/^\d{1,3}$/, 'whole seconds, e.g. "5"')])
    .transform((value) => Number(value))
    .pipe(
      z
        .number()
        .int()
        .min(min)
        .max(max)
        .refine((seconds) => !allowed || allowed.includes(seconds), `one of ${allowed?.join(', ')}`),
    )
    .default(fallback)
    .meta({ description: `Duration in seconds, ${min} to ${max}${values} (default "${fallback}"); a string as the catalog writes it, or a number.` });
}

/** A URL of media the job reads (fetched through Tollgate's SSRF-safe fetcher, never passed on). */
export function mediaUrl(what: string) {
  return z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .meta({ description: `URL of ${what} (http or https; Tollgate downloads it through its destination check).` });
}
