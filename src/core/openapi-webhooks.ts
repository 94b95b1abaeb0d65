import { z } from 'zod';
import type { EndpointDefinition } from './define-endpoint';
import { WEBHOOK_ATTEMPT_TIMEOUT_MS, WEBHOOK_RETRY_DELAYS_SECONDS } from '../jobs/webhooks/delivery';

/** The endpoint whose answer a media job's webhook carries as its `data`: the job as its status shows it. */
const MEDIA_STATUS_ID = 'media.status';

/** A job's webhook is sent once it has ended, in one of these states (src/jobs/job-runner.ts). */
const FINAL_STATUSES = ['succeeded', 'failed', 'canceled'] as const;

const STANDARD_WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The message id (`msg_` + the job id), the same on every attempt: deduplicate on it.',
    schema: { type: 'string', examples: ['msg_job_3q2x0TtZk1Yc8Vb6dW4pLA'] },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: "This attempt's time, whole seconds since the epoch: refuse a message more than a few minutes off your clock.",
    schema: { type: 'string', pattern: '^[0-9]+$', examples: ['1795600805'] },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      "`v1,` + the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the body's exact bytes), keyed with the base64-decoded part of your account's webhook secret after `whsec_` (the dashboard's Webhooks page, or `tollgate webhooks secret`). Standard Webhooks: its libraries verify it.",
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+={0,2}$' },
  },
];

/**
 * The OpenAPI 3.1 `webhooks` object: what Tollgate POSTs to a media job's `webhookUrl` when the
 * job ends, signed the Standard Webhooks way — so generated clients have a type for it. Empty when
 * the registry serves no media jobs. `payload` is the event's schema, for the caller to convert
 * with the document's other schemas.
 */
export function mediaJobWebhooks(endpoints: readonly EndpointDefinition<any, any>[]): { payload: z.ZodType; webhooks: (payloadSchema: unknown) => Record<string, unknown> } | undefined {
  const status = endpoints.find((endpoint) => endpoint.id === MEDIA_STATUS_ID);
  if (!status) return undefined;
  const payload = z
    .object({
      type: z.enum(FINAL_STATUSES.map((state) => `media.job.${state}`) as [string, ...string[]]).meta({ description: 'What happened: the job succeeded, failed or was canceled.' }),
      timestamp: z.string().meta({ description: "When the job ended (ISO 8601, UTC): the same on every attempt, where the `webhook-timestamp` header is the attempt's own.", examples: ['2026-11-24T10:00:05.300Z'] }),
      data: status.output.meta({ description: `The job as ${status.method} ${status.path} answers it.` }),
    })
    .meta({ id: 'MediaJobWebhookEvent', description: 'A media job that has ended, as POSTed to its `webhookUrl`.' });
  return {
    payload,
    webhooks: (payloadSchema) => ({
      'media.job': {
        post: {
          operationId: 'media.job_webhook',
          summary: 'A media job ended (sent to its webhookUrl)',
          description:
            'POSTed to the `webhookUrl` given to POST /v1/media/queue once the job has ended, as JSON, with `User-Agent: Tollgate-Webhooks/1.0`. Answer 2xx to acknowledge it. ' +
            `Any other answer, a redirect (never followed) or none within ${WEBHOOK_ATTEMPT_TIMEOUT_MS / 1000} s is retried ${WEBHOOK_RETRY_DELAYS_SECONDS.map(duration).join(', ')} after the attempt before it; 410 Gone stops the deliveries at once.`,
          tags: ['media'],
          parameters: STANDARD_WEBHOOK_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: payloadSchema } } },
          responses: {
            '2XX': { description: 'Delivered: no more attempts.' },
            '410': { description: 'Gone: the receiver wants no more deliveries of this message; it is abandoned.' },
          },
        },
      },
    }),
  };
}

/** 5 → `5 s`, 300 → `5 min`, 7200 → `2 h`. */
function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
