import { randomUUID } from 'node:crypto';
import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

/**
 * fal's queue API on a loopback port, speaking its wire format (src/providers/fal/wire.ts lists the
 * facts). Like fal, it turns away a request without `Authorization: Key <FAL_KEY>` with 401, and
 * answers status, response and cancel URLs of its own, under the model id without the endpoint's
 * subpath (`fal-ai/flux/schnell` is polled under `fal-ai/flux/requests/<id>`).
 *
 * A submitted job walks IN_QUEUE (its queue position counting down) → IN_PROGRESS → COMPLETED,
 * `pollsPerStep` status polls per step (0: completed at once). Cancelling a job not yet completed
 * answers 202 CANCELLATION_REQUESTED; the job then reads COMPLETED and its response URL answers
 * 400 with `error_type: client_cancelled` — a simplification of fal, which may also let a running
 * job finish. Cancelling a completed job answers 400 ALREADY_COMPLETED; an unknown id, 404.
 */

export const FAL_KEY = 'f4ke0000-key0-id00-0000-000000000000:fake0secret0for0tests0only';

/** What one endpoint does with what is submitted to it. */
export interface FakeEndpoint {
  /** What the response URL answers once a job completes. */
  output?: Record<string, unknown>;
  /** The job completes with this error in its status (fal's words: never shown to a customer). */
  runError?: { error: string; error_type?: string };
  /** The completed job's response URL refuses with this (a model's own validation failure, say). */
  resultRefusal?: { status: number; body: unknown };
  /** Submissions are refused with 422 and these validation issues. */
  rejectInput?: Array<{ loc: Array<string | number>; msg: string; type: string }>;
  /** The origin the submission answer's URLs point at, when not this fake's (a foreign origin). */
  urlOrigin?: string;
}

export type RequestKind = 'submit' | 'status' | 'response' | 'cancel';

export interface FakeFal {
  fake: FakeUpstream;
  /** `http://127.0.0.1:PORT`, what FAL_QUEUE_URL is set to. */
  queueUrl: string;
  /** The app settings that point the adapter here. */
  environment: Record<string, string>;
  /** Status polls per step of a job's walk; 1 unless set. */
  pollsPerStep: number;
  /** Answers submissions to `endpoint` (`fal-ai/flux/schnell`) as `behaviour` says. */
  on(endpoint: string, behaviour: FakeEndpoint): void;
  /** The next `times` requests of `kind` get `reply` instead (after the key is checked): 429, 500, a malformed body. */
  failNext(kind: RequestKind, reply: FakeReply, times?: number): void;
  /** The requests received (of one kind, when given), in order. */
  requests(kind?: RequestKind): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

interface Job {
  behaviour: FakeEndpoint;
  polls: number;
  cancelled: boolean;
}

type Phase = 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';

export async function startFakeFal(): Promise<FakeFal> {
  const fake = await startFakeUpstream();
  const interruptions = new Map<RequestKind, FakeReply[]>();
  const state = { pollsPerStep: 1 };

  const phaseOf = (job: Job): Phase => {
    if (job.cancelled || job.polls >= 2 * state.pollsPerStep) return 'COMPLETED';
    return job.polls >= state.pollsPerStep ? 'IN_PROGRESS' : 'IN_QUEUE';
  };

  /** Checks the key, then serves a scripted interruption if one waits, else `handle`. */
  const guarded = (kind: RequestKind, handle: (request: RecordedRequest) => FakeReply) => (request: RecordedRequest): FakeReply => {
    if (request.headers.authorization !== `Key ${FAL_KEY}`) return { status: 401, json: { detail: 'No user found for Key ID and Secret' } };
    const next = interruptions.get(kind)?.shift();
    return next ?? handle(request);
  };

  const routeJob = (job: Job, base: string) => {
    fake.on(
      `GET ${base}/status`,
      guarded('status', () => {
        const phase = phaseOf(job);
        // A poll moves the job one step along its walk; the answer is the state it was in.
        job.polls += 1;
        if (phase === 'IN_QUEUE') return { json: { status: phase, queue_position: state.pollsPerStep - job.polls, response_url: `${fake.url}${base}` } };
        if (phase === 'IN_PROGRESS') return { json: { status: phase, response_url: `${fake.url}${base}`, logs: null } };
        const error = job.cancelled ? {} : (job.behaviour.runError ?? {});
        return { json: { status: phase, response_url: `${fake.url}${base}`, logs: null, metrics: { inference_time: 1.5 }, ...error } };
      }),
    );
    fake.on(
      `GET ${base}`,
      guarded('response', () => {
        if (phaseOf(job) !== 'COMPLETED') return { status: 400, json: { detail: 'Request is still in progress' } };
        if (job.cancelled) return { status: 400, json: { detail: 'Request was cancelled by the client', error_type: 'client_cancelled' } };
        if (job.behaviour.runError) return { status: 500, json: { detail: job.behaviour.runError.error, error_type: job.behaviour.runError.error_type ?? 'runner_server_error' } };
        if (job.behaviour.resultRefusal) return { status: job.behaviour.resultRefusal.status, json: job.behaviour.resultRefusal.body };
        return { json: job.behaviour.output ?? {} };
      }),
    );
    fake.on(
      `PUT ${base}/cancel`,
      guarded('cancel', () => {
        if (phaseOf(job) === 'COMPLETED') return { status: 400, json: { status: 'ALREADY_COMPLETED' } };
        job.cancelled = true;
        return { status: 202, json: { status: 'CANCELLATION_REQUESTED' } };
      }),
    );
  };

  return {
    fake,
    queueUrl: fake.url,
    environment: { FAL_KEY, FAL_QUEUE_URL: fake.url },
    get pollsPerStep() {
      return state.pollsPerStep;
    },
    set pollsPerStep(polls: number) {
      state.pollsPerStep = polls;
    },
    on(endpoint, behaviour) {
      fake.on(
        `POST /${endpoint}`,
        guarded('submit', () => {
          if (behaviour.rejectInput) return { status: 422, json: { detail: behaviour.rejectInput } };
          const id = randomUUID();
          // fal's request URLs name the model (owner/name) without the endpoint's subpath.
          const base = `/${endpoint.split('/').slice(0, 2).join('/')}/requests/${id}`;
          routeJob({ behaviour, polls: 0, cancelled: false }, base);
          const origin = behaviour.urlOrigin ?? fake.url;
          return {
            json: {
              request_id: id,
              response_url: `${origin}${base}`,
              status_url: `${origin}${base}/status`,
              cancel_url: `${origin}${base}/cancel`,
              queue_position: Math.max(0, state.pollsPerStep - 1),
            },
          };
        }),
      );
    },
    failNext(kind, reply, times = 1) {
      const queue = interruptions.get(kind) ?? [];
      for (let count = 0; count < times; count += 1) queue.push(reply);
      interruptions.set(kind, queue);
    },
    requests(kind) {
      return fake.requests.filter((request) => kind === undefined || kindOf(request) === kind);
    },
    reset() {
      fake.reset();
      interruptions.clear();
      state.pollsPerStep = 1;
    },
    close: () => fake.close(),
  };
}

function kindOf(request: RecordedRequest): RequestKind | undefined {
  if (request.method === 'POST') return 'submit';
  if (request.method === 'PUT') return 'cancel';
  if (!request.path.includes('/requests/')) return undefined;
  return request.path.endsWith('/status') ? 'status' : 'response';
}
