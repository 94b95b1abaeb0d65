import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { MEDIA_JOB_EXAMPLE, MediaJob } from './job-schema';

/**
 * Any id is looked up, not checked for a job id's shape: one that cannot name a job is as unknown
 * as a well-formed one that names none, and answers the same JOB_NOT_FOUND (SPEC's error table).
 * Bounded only so that the answer echoing it stays small.
 */
export const JobId = z.string().min(1).max(200).meta({ description: 'The id POST /v1/media/queue answered.' });

/** What the endpoints about one job answer when it is not the caller's, or no longer kept. */
export const JOB_ERRORS = {
  JOB_NOT_FOUND: "no job with this id was queued by this account (another account's job answers the same). Not charged.",
  JOB_EXPIRED: 'the job ended its retention period (TOLLGATE_MEDIA_RETENTION_HOURS after it was queued) and its files are deleted; 30 days later it answers JOB_NOT_FOUND. Not charged.',
};

export default defineEndpoint({
  id: 'media.status',
  method: 'GET',
  path: '/v1/media/status/{jobId}',
  summary: 'A media job: its status, result and cost',
  description:
    "A job queued with POST /v1/media/queue: queued, running, succeeded (with its files at signed links that expire with the job, and any text), failed or canceled (with the error), and what it cost. Only the account that queued a job sees it (anyone else's is JOB_NOT_FOUND); after the retention period it is JOB_EXPIRED (410).",
  input: z.strictObject({}),
  params: z.strictObject({ jobId: JobId }),
  output: MediaJob,
  errors: JOB_ERRORS,
  price: ({ free }) => free(),
  examples: { request: {}, params: { jobId: MEDIA_JOB_EXAMPLE.jobId }, response: MEDIA_JOB_EXAMPLE },
  async handler({ params, ctx, services }) {
    return services.mediaJobs.view(ctx.accountId, params.jobId);
  },
});
