import type { DocumentedAnswer } from '../../src/providers/tomba/fixtures/answers';
import type { TombaPath } from '../../src/providers/tomba/costs';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

/**
 * Tomba's API on a loopback port (`GET /v1/<path>?…`), answering what the test sets per path from
 * the documented answers (src/providers/tomba/fixtures/answers.ts). Like the vendor, it turns away
 * a request without the right `X-Tomba-Key` and `X-Tomba-Secret` with 401 and its error envelope.
 * A path the test did not set answers 404 without an envelope (as a wrong base URL would).
 */
export interface FakeTomba {
  fake: FakeUpstream;
  /** `http://127.0.0.1:PORT/v1` */
  baseUrl: string;
  /** The app settings that point the adapter here. */
  environment: Record<string, string>;
  /** Answers `GET /v1/<path>` with `answer` (or what `answer(request)` says). */
  on(path: TombaPath, answer: DocumentedAnswer | ((request: RecordedRequest) => DocumentedAnswer)): void;
  /** The requests received (for one path, when given), in order. */
  requests(path?: TombaPath): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export const TOMBA_CREDENTIALS = { TOMBA_KEY: 'ta_fake0key0for0tests', TOMBA_SECRET: 'ts_0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0' };

export async function startFakeTomba(): Promise<FakeTomba> {
  const fake = await startFakeUpstream();
  const pathOf = (request: RecordedRequest) => request.path.replace(/^\/v1\//, '');
  return {
    fake,
    baseUrl: `${fake.url}/v1`,
    environment: { ...TOMBA_CREDENTIALS, TOMBA_BASE_URL: `${fake.url}/v1` },
    on(path, answer) {
      fake.on(`GET /v1/${path}`, (request) => {
        if (request.headers['x-tomba-key'] !== TOMBA_CREDENTIALS.TOMBA_KEY || request.headers['x-tomba-secret'] !== TOMBA_CREDENTIALS.TOMBA_SECRET) {
          return { status: 401, json: { errors: { type: 'unauthorized', message: 'Invalid API key or secret.', code: 401 } } };
        }
        const reply = typeof answer === 'function' ? answer(request) : answer;
        return { status: reply.status, ...(reply.raw !== undefined ? { raw: reply.raw } : { json: reply.body }), ...(reply.headers ? { headers: reply.headers } : {}) };
      });
    },
    requests(path) {
      return fake.requests.filter((request) => path === undefined || pathOf(request) === path);
    },
    reset: () => fake.reset(),
    close: () => fake.close(),
  };
}
