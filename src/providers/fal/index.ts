import { readUpstream } from '../http/upstream-request';
import type { MediaProvider, MediaSubmission, MediaSubmitRequest, MediaVendorState } from '../families/media';
import type { CallOptions } from '../providers';
import { FalClient, succeeded, type FalSettings } from './client';
import { failedRun, falFailure, VENDOR } from './errors';
import { filesAndText } from './outputs';
import { CancelAnswer, ErrorAnswer, OutputAnswer, StatusAnswer, SubmitAnswer } from './wire';

export type { FalSettings } from './client';

/**
 * fal's queue API (https://queue.fal.run) for the media family: a submission enqueues one run and
 * keeps fal's status, response and cancel URLs as its handle (stored with the job, so polling
 * survives a restart); a poll reads the status and, once completed, the output. A run fal finished
 * without a result is a `failed` state in our words (./errors.ts); fal failing to answer is a 502.
 * Costs are not reported here: the queue prices a job from the model catalog.
 */
export function falMedia(settings: FalSettings): MediaProvider {
  const client = new FalClient(settings);

  async function result(responseUrl: string, call: CallOptions): Promise<MediaVendorState> {
    const answer = await client.get(responseUrl, 'response', call);
    if (succeeded(answer)) {
      const output = readUpstream(VENDOR, OutputAnswer, answer.body);
      return { status: 'succeeded', ...filesAndText(output), output };
    }
    // The key refused or the request unknown is ours to fix; any other 4xx is the run's own failure.
    if (answer.status === 401 || answer.status === 403 || answer.status === 404) throw falFailure(answer);
    return failedRun({ status: answer.status, errorType: ErrorAnswer.safeParse(answer.body).data?.error_type ?? null });
  }

  return {
    name: 'fal',

    async submit(request, call) {
      const answer = await client.submit(request.endpoint, inputWithFiles(request), request.jobId, call);
      if (!succeeded(answer)) throw falFailure(answer);
      const accepted = readUpstream(VENDOR, SubmitAnswer, answer.body);
      // Checked now, so a foreign URL fails the submission rather than every later poll.
      return {
        requestId: accepted.request_id,
        handle: {
          statusUrl: client.onQueue(accepted.status_url, 'status'),
          responseUrl: client.onQueue(accepted.response_url, 'response'),
          cancelUrl: client.onQueue(accepted.cancel_url, 'cancel'),
        },
      };
    },

    async status(submission, call) {
      const handle = handleOf(submission);
      const url = new URL(client.onQueue(handle.statusUrl, 'status'));
      // The runner's logs are not ours to show, and can be long.
      url.searchParams.set('logs', '0');
      const answer = await client.get(url.href, 'status', call);
      if (!succeeded(answer)) throw falFailure(answer);
      const state = readUpstream(VENDOR, StatusAnswer, answer.body);
      // fal counts the requests ahead (0: next); a job's queuePosition is that plus one, as at Tollgate.
      if (state.status === 'IN_QUEUE') return { status: 'queued', queuePosition: state.queue_position == null ? null : state.queue_position + 1 };
      // fal reports no progress for a running request.
      if (state.status === 'IN_PROGRESS') return { status: 'running', progress: null };
      if (state.error || state.error_type) return failedRun({ errorType: state.error_type ?? null });
      return result(state.response_url ?? handle.responseUrl, call);
    },

    async cancel(submission, call) {
      const answer = await client.put(handleOf(submission).cancelUrl, 'cancel', call);
      if (succeeded(answer)) return true;
      if (answer.status === 400 && CancelAnswer.safeParse(answer.body).data?.status === 'ALREADY_COMPLETED') return false;
      throw falFailure(answer);
    },
  };
}

/**
 * The model's input with each file in its field as a data URI, which fal takes wherever it takes
 * a file URL: the bytes travel with the submission, and fal never fetches a customer's URL.
 */
function inputWithFiles(request: MediaSubmitRequest): Record<string, unknown> {
  const input: Record<string, unknown> = { ...request.input };
  for (const file of request.files) {
    const uri = `data:${file.mimeType};base64,${file.data.toString('base64')}`;
    if (!file.field.endsWith('[]')) {
      input[file.field] = uri;
      continue;
    }
    const list = file.field.slice(0, -2);
    input[list] = [...((input[list] as string[] | undefined) ?? []), uri];
  }
  return input;
}

/** The URLs a submission stored; only this adapter writes them, so one missing is our bug. */
function handleOf(submission: MediaSubmission): { statusUrl: string; responseUrl: string; cancelUrl: string } {
  const { statusUrl, responseUrl, cancelUrl } = submission.handle;
  if (!statusUrl || !responseUrl || !cancelUrl) throw new Error(`The fal submission ${submission.requestId} has no status, response or cancel URL in its handle.`);
  return { statusUrl, responseUrl, cancelUrl };
}
