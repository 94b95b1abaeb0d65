import type { FakeUpstream } from './fake-upstream';

/**
 * The SEO data vendor's (DataForSEO v3) wire format, for fake-upstream replies: the envelope it
 * wraps every live task in, as its documentation shows it.
 */
export function dataForSeoEnvelope(path: string, task: { id?: string; status_code?: number; status_message?: string; result: unknown[] | null }) {
  const status = task.status_code ?? 20000;
  const segments = path.split('/').filter(Boolean);
  return {
    version: '0.1.20261104',
    status_code: 20000,
    status_message: 'Ok.',
    time: '0.3391 sec.',
    cost: 0.0103,
    tasks_count: 1,
    tasks_error: status === 20000 || status === 40102 ? 0 : 1,
    tasks: [{
      id: task.id ?? '11041536-1535-0465-0000-7a4c9d2e1f03',
      status_code: status,
      status_message: task.status_message ?? 'Ok.',
      time: '0.2871 sec.',
      cost: 0.0103,
      result_count: task.result?.length ?? 0,
      path: segments,
      data: { api: segments[1], function: segments.at(-2) === 'live' ? segments.at(-3) : segments.at(-2) },
      result: task.result,
    }],
  };
}

/** The environment that points the app's SEO data adapter at a fake vendor. */
export function dataForSeoEnvironment(fake: FakeUpstream, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATAFORSEO_LOGIN: 'login',
    DATAFORSEO_PASSWORD: 'pw',
    DATAFORSEO_BASE_URL: fake.url,
    TOLLGATE_UPSTREAM_TIMEOUT_MS: '500',
    TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
}
