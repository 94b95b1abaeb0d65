import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError } from '../../core/errors';
import { describeIssues, issueField } from '../../core/validation';
import { findMediaModel, MEDIA_MODELS, type MediaModel } from '../../media/models';
import { httpUrl } from '../../media/options';
import { heldMicros } from '../../media/job-cost';
import { JOB_HOLD_LEASE_SECONDS } from '../../jobs/media-jobs';
import { microsToUsd } from '../../core/money';

/** Any byte, in a signature. */
const ANY = null;
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

/**
 * The image types `imageData` takes, told apart by their first bytes: a PNG's signature and its
 * whole IHDR chunk (always first: 13 bytes of data and a CRC), a JPEG's start of image, a WebP's
 * RIFF header naming WEBP and its first chunk (VP8, VP8L or VP8X). A file shorter than its type's
 * signature is not one: eight bytes of PNG signature are not an image.
 */
const IMAGE_SIGNATURES: Record<string, Array<number | null>> = {
  'image/png': [0x89, ...ascii('PNG\r\n\x1a\n'), 0, 0, 0, 13, ...ascii('IHDR'), ...Array<null>(13 + 4).fill(ANY)],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/webp': [...ascii('RIFF'), ANY, ANY, ANY, ANY, ...ascii('WEBPVP8')],
};
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The body that carries the largest image (base64: 4 characters per 3 bytes) and the rest of the request. */
const MAX_BODY_BYTES = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

const QueueRequest = z.strictObject({
  model: z.string().min(1).max(100).meta({ description: 'Model id or alias (GET /v1/media/models).', examples: ['bytedance/seedance-2-0', 'seedance', 'flux-schnell'] }),
  prompt: z.string().trim().min(1).max(10_000).optional().meta({ description: 'What to make, or the question about the image or video.' }),
  options: z.record(z.string(), z.unknown(), { error: (issue) => (issue.code === 'invalid_type' ? 'must be an object' : undefined) }).default({}).meta({ description: "The model's options (its `options` schema in GET /v1/media/models); any other is a 400 naming it." }),
  imageData: z
    .strictObject({
      mimeType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
      base64: z.string().min(1).max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4).meta({ description: 'The image, base64-encoded (at most 10 MiB decoded).' }),
    })
    .optional()
    .meta({ description: 'An image for models that take one: a first frame, a reference, or the image to describe.' }),
  webhookUrl: httpUrl()
    .optional()
    .meta({ description: "Receives the job's final state as a POST, signed the Standard Webhooks way with your account's webhook secret; a public http(s) address (a private, loopback or link-local one is a 400)." }),
});

const QueuedJob = z.object({
  jobId: z.string(),
  status: z.literal('queued'),
  model: z.string(),
  estimatedCostUsd: z.number().meta({ description: 'Held now: the most this job can cost with these options. It is charged on completion at its actual outcome; a failed or canceled job costs nothing.' }),
  createdAt: z.string(),
});

interface QueuePlan {
  model: MediaModel;
  prompt: string | null;
  options: Record<string, unknown>;
  image: { mimeType: string; data: Buffer } | null;
  webhookUrl: string | null;
  maxMicros: number;
}

export default defineEndpoint({
  id: 'media.queue',
  method: 'POST',
  path: '/v1/media/queue',
  bodyLimitBytes: MAX_BODY_BYTES,
  summary: 'Queue a media generation or analysis job',
  description:
    'Queues an asynchronous job on one of the nine media models: images, video or music from a prompt, or an answer about an image or a video. Poll GET /v1/media/status/{jobId}, or pass `webhookUrl`. The most the job can cost for these options is held now and it is billed on completion at its actual outcome (the images made, the seconds of media made, the seconds analysed or the characters answered); a failed, canceled or expired job is released in full.',
  input: QueueRequest,
  output: QueuedJob,
  prepare: ({ input, services }): QueuePlan => {
    const model = findMediaModel(input.model);
    if (!model) {
      throw new ApiError('MEDIA_MODEL_NOT_FOUND', `model: no media model '${input.model}'; GET /v1/media/models lists the ${MEDIA_MODELS.length} there are.`, { param: 'model' });
    }
    if (model.prompt === 'required' && input.prompt === undefined) throw new ApiError('VALIDATION_ERROR', `prompt: required by ${model.id}.`, { param: 'prompt' });
    if (model.image === 'refused' && input.imageData) throw new ApiError('VALIDATION_ERROR', `imageData: ${model.id} does not take an image.`, { param: 'imageData' });
    if (model.image === 'required' && !input.imageData) throw new ApiError('VALIDATION_ERROR', `imageData: required by ${model.id}.`, { param: 'imageData' });
    const parsed = model.options.safeParse(input.options);
    if (!parsed.success) {
      const unknown = parsed.error.issues.find((issue) => issue.code === 'unrecognized_keys');
      if (unknown) {
        throw new ApiError('VALIDATION_ERROR', `options.${unknown.keys[0]}: ${model.id} does not take this option (GET /v1/media/models lists what it takes).`, { param: `options.${unknown.keys[0]}` });
      }
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['options', ...issue.path] }));
      throw new ApiError('VALIDATION_ERROR', describeIssues(issues), { param: issueField(issues[0]!) });
    }
    const imageOption = input.imageData ? undefined : model.imageOptions?.find((option) => input.options[option] !== undefined);
    if (imageOption) throw new ApiError('VALIDATION_ERROR', `options.${imageOption}: taken only with imageData (it says what the image is); send the image, or leave the option out.`, { param: `options.${imageOption}` });
    const options = parsed.data as Record<string, unknown>;
    for (const option of Object.keys(model.fal.referenceFields ?? {})) {
      const url = options[option];
      if (typeof url === 'string') services.checkDestination(`options.${option}`, url);
    }
    if (input.webhookUrl !== undefined) services.checkDestination('webhookUrl', input.webhookUrl);
    return {
      model,
      prompt: input.prompt ?? null,
      options,
      image: input.imageData ? decodedImage(input.imageData) : null,
      webhookUrl: input.webhookUrl ?? null,
      maxMicros: heldMicros(model, options),
    };
  },
  price: ({ onCompletion }) =>
    onCompletion({
      heldMicros: (plan) => plan.maxMicros,
      finalMicros: () => {
        throw new Error('a media job is settled by the job when it completes, never by the call that queued it');
      },
      summary: "the model's rate (GET /v1/media/models) times what the job made: images, seconds of media, seconds of video analysed or characters answered",
    }),
  examples: {
    request: { model: 'flux-schnell', prompt: 'A lighthouse on a cliff at dawn, oil painting', options: { aspectRatio: '16:9' } },
    response: { jobId: 'job_3q2x0TtZk1Yc8Vb6dW4pLA', status: 'queued', model: 'black-forest-labs/flux-1-schnell', estimatedCostUsd: 0.01, createdAt: '2026-11-24T10:00:00.000Z' },
  },
  async handler({ plan, ctx, services }) {
    const job = await services.mediaJobs.enqueue({
      accountId: ctx.accountId,
      keyId: ctx.keyId,
      model: plan.model,
      prompt: plan.prompt,
      options: plan.options,
      image: plan.image,
      webhookUrl: plan.webhookUrl,
      hold: { requestId: ctx.requestId, maxMicros: plan.maxMicros },
      handOver: async () => {
        await ctx.handOverReservation(JOB_HOLD_LEASE_SECONDS);
      },
    });
    return { jobId: job.jobId, status: 'queued' as const, model: job.model, estimatedCostUsd: microsToUsd(plan.maxMicros), createdAt: job.createdAt };
  },
});

function decodedImage(imageData: { mimeType: string; base64: string }): { mimeType: string; data: Buffer } {
  const text = imageData.base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new ApiError('VALIDATION_ERROR', 'imageData.base64: not base64.', { param: 'imageData.base64' });
  const data = Buffer.from(text, 'base64');
  if (data.length > MAX_IMAGE_BYTES) throw new ApiError('VALIDATION_ERROR', `imageData.base64: the image is ${data.length} bytes; at most ${MAX_IMAGE_BYTES}.`, { param: 'imageData.base64' });
  const signature = IMAGE_SIGNATURES[imageData.mimeType]!;
  if (data.length < signature.length || signature.some((byte, index) => byte !== ANY && data[index] !== byte)) {
    throw new ApiError('VALIDATION_ERROR', `imageData.base64: not a ${imageData.mimeType.slice(6).toUpperCase()} image (its first bytes say otherwise).`, { param: 'imageData.base64' });
  }
  return { mimeType: imageData.mimeType, data };
}
