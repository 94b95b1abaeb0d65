import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { MEDIA_JOB_EXAMPLE, MediaJob } from './job-schema';
import { JOB_ERRORS, JobId } from './status';

export default defineEndpoint({
  id: 'media.cancel',
  method: 'POST',
  path: '/v1/media/cancel',
  summary: 'Cancel a media job',
  description:
    "Cancels a job: a queued one at once, its hold released in full; a running one at the model's service when the service still allows it (the answer may show it `running` for a moment while a worker cancels it; a job past cancelling finishes and is charged). A finished job is answered as it is.",
  input: z.strictObject({ jobId: JobId }),
  output: MediaJob,
  errors: JOB_ERRORS,
  price: ({ free }) => free(),
  examples: { request: { jobId: MEDIA_JOB_EXAMPLE.jobId }, response: { ...MEDIA_JOB_EXAMPLE, status: 'canceled', completedAt: '2026-11-24T10:00:01.000Z', progress: null, costUsd: 0, result: null, error: { code: 'CANCELED', message: 'The job was canceled; nothing is charged.' } } },
  async handler({ input, ctx, services }) {
    return services.mediaJobs.cancel(ctx.accountId, input.jobId);
  },
});
