import { randomBytes } from 'node:crypto';
import type { EndpointDefinition, EndpointServices } from '../../src/core/define-endpoint';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { MEDIA_JOB_EXAMPLE } from '../../src/endpoints/media/job-schema';
import type { Insertable } from 'kysely';
import type { MediaJobsTable } from '../../src/store/schema';
import type { TestApp } from './test-app';

/** Endpoints about an existing media job: their examples name one, which a test makes for its account. */
export const JOB_ENDPOINTS = new Set(['media.status', 'media.cancel']);

/** The queue's row of a job of the account's, canceled at `now` (a new id), nothing due. */
export function canceledJobRow(accountId: string, now: number): Insertable<MediaJobsTable> {
  const jobId = `job_${randomBytes(16).toString('base64url')}`;
  return {
    id: jobId,
    account_id: accountId,
    model: 'black-forest-labs/flux-1-schnell',
    request: JSON.stringify({ prompt: 'a lighthouse', options: { aspectRatio: '1:1', count: 1 }, image: null }),
    status: 'canceled',
    hold_request_id: `req_seed_${jobId}`,
    max_micros: 10_000,
    cost_micros: 0,
    error_code: 'CANCELED',
    error_message: 'The job was canceled; nothing is charged.',
    created_at: now,
    completed_at: now,
    expires_at: now + 3_600_000,
    due_at: null,
  };
}

/**
 * A finished (canceled) job of the account, written straight to the queue's table: the job
 * endpoints answer it without anything moving on the ledger.
 */
export async function seedFinishedJob(app: TestApp, accountId: string): Promise<string> {
  const row = canceledJobRow(accountId, Date.now());
  await app.store.db.insertInto('media_jobs').values(row).execute();
  return row.id;
}

/** The example's path and body with a job of the account's own in place of the example's job id. */
export async function withAccountsJob(app: TestApp, accountId: string, path: string, body: Record<string, unknown>): Promise<{ path: string; body: Record<string, unknown> }> {
  const jobId = await seedFinishedJob(app, accountId);
  return { path: path.replace(MEDIA_JOB_EXAMPLE.jobId, jobId), body: body.jobId === MEDIA_JOB_EXAMPLE.jobId ? { ...body, jobId } : body };
}

/** What the example request leaves held after the call: the hold of work billed on completion (a media job). */
export async function stillHeldAfterExample(endpoint: EndpointDefinition): Promise<number> {
  if (endpoint.price.kind !== 'on_completion') return 0;
  const input = endpoint.input.parse(endpoint.examples.request);
  const params = endpoint.params ? endpoint.params.parse(endpoint.examples.params) : {};
  return endpoint.price.maxMicros(await endpoint.prepare({ input, params, models: builtinCatalog, services: {} as EndpointServices }));
}
