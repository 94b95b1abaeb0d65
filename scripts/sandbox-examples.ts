/**
 * The retail, photos, clips and video endpoints' documented answers, made by the sandbox: each endpoint's real
 * handler runs on the sandbox providers with its example request, and the answer, its lists cut
 * to their first two items, is its `examples.response`. `node --import tsx scripts/sandbox-examples.ts`
 * rewrites src/endpoints/{retail,photos,clips,video}/example-responses.json; test/unit/sandbox-examples.test.ts
 * fails when they are stale, so a documented example is always what the sandbox answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EndpointDefinition, EndpointServices } from '../src/core/define-endpoint';
import { endpoints } from '../src/endpoints';
import { areaOf } from '../src/core/define-endpoint';
import { builtinCatalog } from '../src/catalog/model-catalog';
import { loadConfig } from '../src/config';
import type { Providers } from '../src/providers/providers';
import { sandboxProviders } from '../src/providers/sandbox';
import { createSandboxPhotos } from '../src/providers/sandbox/photos';
import { createSandboxClips } from '../src/providers/sandbox/clips';
import { NO_KEY_LIMITS } from '../src/auth/key-limits';
import { REPOSITORY } from './repository';
import { startedAs } from './started-as';

/** The areas whose examples the sandbox writes. */
export const EXAMPLE_AREAS = ['retail', 'photos', 'clips', 'video'] as const;

/**
 * Endpoints of those areas whose example is written by hand: the answer holds what differs every
 * call (a screenshot's signed links), so the sandbox's answer cannot be the documented one.
 */
export const HAND_WRITTEN_EXAMPLES: ReadonlySet<string> = new Set(['video.screenshot']);

/** The request id the examples show (the retail wrapper carries it). */
export const EXAMPLE_REQUEST_ID = 'req_01JDX4Q7M2V9C8T6K3N5P0R1S2';

/** The moment the examples are made at (stories are the one time-dependent answer, on both platforms). */
export const EXAMPLE_NOW = new Date('2026-11-20T12:00:00Z');

const LIST_LIMIT = 2;

/** The answer with every list cut to its first two items, at any depth. */
export function shortened(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, LIST_LIMIT).map(shortened);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shortened(inner)]));
  return value;
}

/** What the endpoint's handler answers to its example request on the sandbox. */
export async function sandboxAnswer(endpoint: EndpointDefinition<any, any>, providers: Providers = exampleProviders()): Promise<unknown> {
  const input = endpoint.input.parse(endpoint.examples.request);
  const ctx = {
    requestId: EXAMPLE_REQUEST_ID,
    accountId: 'acct_examples',
    keyId: 'key_examples',
    account: async () => ({ accountId: 'acct_examples', email: 'examples@example.com', balanceMicros: 0, createdAt: new Date(0).toISOString() }),
    extendLease: async () => undefined,
    key: async () => ({ keyId: 'key_example', limits: NO_KEY_LIMITS, caps: [] }),
    handOverReservation: async () => {
      throw new Error('the examples queue no jobs');
    },
    history: { usage: async () => [], entries: async () => ({ entries: [], nextBefore: null }) },
  };
  const plan = await endpoint.prepare({ input, params: {}, models: builtinCatalog, services: {} as EndpointServices });
  const answer = await endpoint.handler({ input, plan, models: builtinCatalog, params: {}, settings: loadConfig({}).endpoints, services: {} as EndpointServices, ctx, providers, call: { signal: new AbortController().signal } });
  return JSON.parse(JSON.stringify(endpoint.output.parse(answer)));
}

export function exampleProviders(): Providers {
  return { ...sandboxProviders, photos: createSandboxPhotos(() => EXAMPLE_NOW), clips: createSandboxClips(() => EXAMPLE_NOW) } as Providers;
}

/** Every example the sandbox writes, per area: endpoint id → shortened answer. */
export async function sandboxExamples(): Promise<Record<string, Record<string, unknown>>> {
  const providers = exampleProviders();
  const areas: Record<string, Record<string, unknown>> = Object.fromEntries(EXAMPLE_AREAS.map((area) => [area, {}]));
  for (const endpoint of endpoints) {
    const area = areaOf(endpoint);
    if (!(area in areas) || HAND_WRITTEN_EXAMPLES.has(endpoint.id)) continue;
    areas[area]![endpoint.id] = shortened(await sandboxAnswer(endpoint, providers));
  }
  return areas;
}

export function examplesFile(area: string): URL {
  return pathToFileURL(path.join(REPOSITORY, 'src', 'endpoints', area, 'example-responses.json'));
}

if (startedAs('scripts/sandbox-examples.ts')) {
  for (const [area, answers] of Object.entries(await sandboxExamples())) {
    fs.writeFileSync(examplesFile(area), `${JSON.stringify(answers, null, 2)}\n`);
    console.log(`${examplesFile(area).pathname}: ${Object.keys(answers).length} examples`);
  }
}
