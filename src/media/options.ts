import { z } from 'zod';

/** The aspect ratios media models are asked for (each model takes a subset). */
export const ASPECT_RATIOS = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export function aspectRatio(allowed: readonly AspectRatio[], fallback: AspectRatio) {
  return z.enum(allowed as [AspectRatio, ...AspectRatio[]]).default(fallback).meta({ description: `Aspect ratio of what is made: ${allowed.join(', ')} (default ${fallback}).` });
}

/**
 * A duration in whole seconds. The catalog writes it as a string ("5"); a number is taken too.
 * `allowed` lists the values when the model takes only some (LTX: even seconds). Its range (or
 * values) and default are published in the JSON Schema, and any value outside them is refused
 * with them: the rule to meet is the range, not the form.
 */
export function durationSeconds(min: number, max: number, fallback: number, allowed?: readonly number[]) {
  const rule = allowed ? `one of ${allowed.join(', ')}` : `${min} to ${max}`;
  const refusal = `must be whole seconds, ${rule}`;
  const seconds = z
    .number()
    .int(refusal)
    .min(min, refusal)
    .max(max, refusal)
    .refine((value) => !allowed || allowed.includes(value), refusal);
  return z
    .union([seconds.meta(allowed ? { enum: [...allowed] } : {}), z.string().regex(/^\d+$/, refusal).meta(allowed ? { enum: allowed.map(String) } : {})])
    .transform((value) => Number(value))
    .pipe(seconds)
    .prefault(String(fallback))
    .meta({ description: `Duration in seconds, ${rule} (default "${fallback}"); a string as the catalog writes it, or a number.` });
}

/** An http(s) URL Tollgate reaches for a job: media it downloads, a webhook it posts to. */
export function httpUrl() {
  return z.url({ protocol: /^https?$/, error: (issue) => (issue.code === 'invalid_format' ? 'must be an http or https URL' : undefined) }).max(2048);
}

/** A URL of media the job reads (fetched through Tollgate's SSRF-safe fetcher, never passed on). */
export function mediaUrl(what: string) {
  return httpUrl().meta({ description: `URL of ${what} (http or https; Tollgate downloads it through its destination check).` });
}
