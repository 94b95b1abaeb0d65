import { z } from 'zod';

/**
 * fal's queue API answers, as far as this adapter reads them: loose objects (fal adds fields such
 * as `logs` and `metrics`). Facts relied on, read from fal's own documentation (fal.ai/docs, "Queue",
 * "Model Errors", "Request Error Types"):
 *
 * - Every request carries `Authorization: Key <FAL_KEY>`. `POST {queue}/{endpoint}` with the
 *   model's input as the JSON body answers `{request_id, response_url, status_url, cancel_url}`
 *   (sometimes `queue_position`). The three URLs drop the endpoint's subpath
 *   (`fal-ai/flux/schnell` polls under `fal-ai/flux/requests/…`), so they are used as given,
 *   never rebuilt.
 * - `GET status_url` answers `{status: IN_QUEUE, queue_position}` (the requests ahead: 0 is next), `{status: IN_PROGRESS, logs}`
 *   or `{status: COMPLETED, response_url, error?, error_type?}`; `?logs=0` leaves the logs out.
 * - `GET response_url` answers the model's output; a run the model refused answers 4xx (422 for
 *   a validation error: `{detail: [{loc, msg, type}]}`), an infrastructure failure
 *   `{detail: "…", error_type}`.
 * - `PUT cancel_url` answers 202 `{status: CANCELLATION_REQUESTED}`, 400
 *   `{status: ALREADY_COMPLETED}` for a finished request, 404 for an unknown one.
 */

export const SubmitAnswer = z.looseObject({
  request_id: z.string().min(1),
  response_url: z.string().min(1),
  status_url: z.string().min(1),
  cancel_url: z.string().min(1),
  queue_position: z.number().int().nonnegative().nullish(),
});
export type SubmitAnswer = z.infer<typeof SubmitAnswer>;

export const StatusAnswer = z.discriminatedUnion('status', [
  z.looseObject({ status: z.literal('IN_QUEUE'), queue_position: z.number().int().nonnegative().nullish() }),
  z.looseObject({ status: z.literal('IN_PROGRESS') }),
  z.looseObject({
    status: z.literal('COMPLETED'),
    response_url: z.string().min(1).nullish(),
    /** fal's own words: for the log only. */
    error: z.string().nullish(),
    error_type: z.string().nullish(),
  }),
]);
export type StatusAnswer = z.infer<typeof StatusAnswer>;

/** A model's output is an object whose fields depend on the model: ./outputs.ts reads it. */
export const OutputAnswer = z.record(z.string(), z.unknown());

/**
 * A file in a model's output (fal's `File` and `Image` objects): the URL makes it one; a type or
 * size sent oddly is unknown rather than losing the file.
 */
export const OutputFile = z.looseObject({
  url: z.string().regex(/^https?:\/\//i),
  content_type: z.string().min(1).nullish().catch(null),
  file_size: z.number().int().nonnegative().nullish().catch(null),
});

/** One entry of a validation error's `detail` array; `msg` is never read (fal's prose). */
const ValidationIssue = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])).nullish(),
  type: z.string().nullish(),
});

/** What fal says about a refused request: validation issues, or a request error's type. */
export const ErrorAnswer = z.looseObject({
  detail: z.union([z.array(ValidationIssue), z.string()]).nullish(),
  error_type: z.string().nullish(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

export const CancelAnswer = z.looseObject({ status: z.string().nullish() });
