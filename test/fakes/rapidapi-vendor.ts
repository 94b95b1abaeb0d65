import type { RapidApiSettings } from '../../src/providers/http/rapidapi';
import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

/** One of the vendor's documented answers: the shape each vendor's fixtures declare (a malformed `raw` wins over `body`). */
export type DocumentedAnswer = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };

/**
 * An API behind RapidAPI on a loopback port: every one of its paths (`GET /<path>?…`) answered from
 * the vendor's world, after the gateway's own checks. Like RapidAPI, it turns away a request
 * without the key (401) or with another key or host (403, "not subscribed").
 */
export interface FakeRapidApiVendor<Path extends string> {
  fake: FakeUpstream;
  /** `http://127.0.0.1:PORT` */
  baseUrl: string;
  /** The adapter's settings pointing here (timeout 3 s). */
  settings: RapidApiSettings;
  /** The app settings that point the adapter here. */
  environment: Record<string, string>;
  /** Every request answered with `answer` from now on (the key still checked first). */
  fail(answer: DocumentedAnswer): void;
  /** Back to the world's answers. */
  recover(): void;
  /** `path` answered with `answer` (or what `answer(request)` says) instead of the world's. */
  on(path: Path, answer: DocumentedAnswer | ((request: RecordedRequest) => DocumentedAnswer)): void;
  /** The requests received (for one path, when given), in order. */
  requests(path?: Path): RecordedRequest[];
  /** Forgets the requests, failures and overrides. */
  reset(): void;
  close(): Promise<void>;
}

export interface RapidApiVendorWorld<Path extends string> {
  paths: readonly Path[];
  key: string;
  host: string;
  /** RapidAPI's documented refusals, from the vendor's fixtures. */
  answers: { INVALID_KEY: DocumentedAnswer; NOT_SUBSCRIBED: DocumentedAnswer };
  /** What the vendor answers a request that passed the gateway. */
  world(path: Path, query: URLSearchParams): DocumentedAnswer;
  /** The names of the app settings for this API's host and base URL (the key is RAPIDAPI_KEY for all). */
  hostSetting: string;
  baseUrlSetting: string;
}

const reply = (answer: DocumentedAnswer): FakeReply => ({
  status: answer.status,
  ...(answer.raw !== undefined ? { raw: answer.raw } : { json: answer.body }),
  ...(answer.headers ? { headers: answer.headers } : {}),
});

export async function startFakeRapidApiVendor<Path extends string>(vendor: RapidApiVendorWorld<Path>): Promise<FakeRapidApiVendor<Path>> {
  const fake = await startFakeUpstream();
  let failure: DocumentedAnswer | null = null;
  const overrides = new Map<Path, (request: RecordedRequest) => DocumentedAnswer>();

  // Again after every reset: the fake forgets its routes with its requests.
  function route() {
    for (const path of vendor.paths) {
      fake.on(`GET /${path}`, (request) => {
        const key = request.headers['x-rapidapi-key'];
        if (key === undefined) return reply(vendor.answers.INVALID_KEY);
        if (key !== vendor.key || request.headers['x-rapidapi-host'] !== vendor.host) return reply(vendor.answers.NOT_SUBSCRIBED);
        if (failure !== null) return reply(failure);
        const override = overrides.get(path);
        return reply(override ? override(request) : vendor.world(path, request.query));
      });
    }
  }
  route();

  return {
    fake,
    baseUrl: fake.url,
    settings: { apiKey: vendor.key, host: vendor.host, baseUrl: fake.url, timeoutMs: 3000 },
    environment: { RAPIDAPI_KEY: vendor.key, [vendor.hostSetting]: vendor.host, [vendor.baseUrlSetting]: fake.url },
    fail(answer) {
      failure = answer;
    },
    recover() {
      failure = null;
    },
    on(path, answer) {
      overrides.set(path, typeof answer === 'function' ? answer : () => answer);
    },
    requests(path) {
      return fake.requests.filter((request) => path === undefined || request.path === `/${path}`);
    },
    reset() {
      failure = null;
      overrides.clear();
      fake.reset();
      route();
    },
    close: () => fake.close(),
  };
}
