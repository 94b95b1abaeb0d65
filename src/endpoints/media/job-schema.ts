import { z } from 'zod';
import { MEDIA_MODELS } from '../../media/models';

const FileEntry = z.object({
  url: z.string().meta({ description: 'Signed link to the file in Tollgate\'s storage; it expires with the job (`expiresAt`). A fresh status call answers the same links.' }),
  mimeType: z.string().meta({ examples: ['image/png'] }),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable().meta({ description: 'Length of a video or audio file; null for images.' }),
});

/** A media job, as the status and cancel endpoints (and the job's webhook) answer it. */
export const MediaJob = z.object({
  jobId: z.string().meta({ examples: ['job_3q2x0TtZk1Yc8Vb6dW4pLA'] }),
  model: z.string().meta({ examples: [MEDIA_MODELS[0]!.id] }),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']),
  queuePosition: z.number().int().nullable().meta({ description: 'Jobs ahead of this one, plus one, while it is queued (at Tollgate, then at the model\'s service when it reports it).' }),
  progress: z.number().min(0).max(1).nullable().meta({ description: 'From 0 to 1 while running, when the model reports it; 1 once succeeded.' }),
  createdAt: z.string(),
  startedAt: z.string().nullable().meta({ description: "When the model's service started running it; null while it is queued." }),
  completedAt: z.string().nullable(),
  expiresAt: z.string().meta({ description: 'End of retention (TOLLGATE_MEDIA_RETENTION_HOURS after it was queued): the job then answers JOB_EXPIRED (410) and its files are deleted.' }),
  estimatedCostUsd: z.number().meta({ description: 'What is held while the job runs: its most expensive outcome for these options.' }),
  costUsd: z.number().nullable().meta({ description: 'What the job was charged: null until it ends; 0 for a failed or canceled job.' }),
  result: z.object({ files: z.array(FileEntry), text: z.string().nullable() }).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const MEDIA_JOB_EXAMPLE: z.input<typeof MediaJob> = {
  jobId: 'job_3q2x0TtZk1Yc8Vb6dW4pLA',
  model: 'black-forest-labs/flux-1-schnell',
  status: 'succeeded',
  queuePosition: null,
  progress: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  startedAt: '2026-11-24T10:00:00.120Z',
  completedAt: '2026-11-24T10:00:05.300Z',
  expiresAt: '2026-11-25T10:00:00.000Z',
  estimatedCostUsd: 0.01,
  costUsd: 0.01,
  result: {
    files: [{ url: 'https://api.example.com/v1/media/files/mf_kP0dJ8aQwE2rT5yU7iO9pA?expires=1795600800&signature=2mN4bV6cX8zL0kJ9hG7fD5sA3qW1eR2tY4uI6oP8aS0', mimeType: 'image/png', bytes: 48213, width: 1024, height: 1024, durationSeconds: null }],
    text: null,
  },
  error: null,
};
