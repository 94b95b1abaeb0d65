import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ApiError, UpstreamError } from '../../src/core/errors';
import { DataForSeoClient } from '../../src/providers/dataforseo/client';
import { FalClient } from '../../src/providers/fal/client';
import { falFailure } from '../../src/providers/fal/errors';
import { GooglePlacesClient, readSuccess } from '../../src/providers/google-places/client';
import { NamecheapClient } from '../../src/providers/namecheap/client';
import { errorResponse } from '../../src/providers/namecheap/fixtures/responses';
import { postChatCompletions } from '../../src/providers/openai-compatible/client';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/**
 * A vendor's error can echo what it was asked — a person's name, an address, a prompt — or the
 * key it was sent; a failure's `detail` goes to the log, which holds neither (README, *Personal
 * data*). Each vendor here answers with an error that repeats everything the request carried.
 */

const PERSON = 'Jane Q. Doe';
const EMAIL = 'jane.doe@example.org';
const PHONE = '+1 206 555 0100';
const KEY = 'sk-live-0123456789abcdef';
const signal = new AbortController().signal;

function assertNothingAsked(detail: string | undefined, ...alsoSent: string[]): void {
  assert.ok(detail, 'a detail for the log');
  for (const sent of [PERSON, EMAIL, PHONE, KEY, ...alsoSent]) {
    assert.ok(!detail.toLowerCase().includes(sent.toLowerCase()), `"${sent}" reached the log: ${detail}`);
  }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => assert.fail('expected a failure'), (thrown: unknown) => thrown);
  assert.ok(error instanceof ApiError, String(error));
  return error;
}

describe('vendor errors that echo the request keep it out of the log', () => {
  let fake: FakeUpstream;
  before(async () => {
    fake = await startFakeUpstream();
  });
  after(() => fake.close());
  beforeEach(() => fake.reset());

  test('DataForSEO: a task-level message, and a 500 body, repeating the keyword', async () => {
    const keyword = `${PERSON} dentist`;
    const client = new DataForSeoClient({ login: 'ops@example.com', password: KEY, baseUrl: fake.url, timeoutMs: 300 });
    const said = `Invalid Field: keyword "${keyword}" (contact ${EMAIL}, ${PHONE}; auth ${Buffer.from(`ops@example.com:${KEY}`).toString('base64')})`;
    fake.on('POST /v3/keywords/live', {
      json: { status_code: 20000, status_message: 'Ok.', tasks: [{ id: 't1', status_code: 40501, status_message: said, result: null }] },
    });
    const refused = await failure(client.live('keywords/live', { keyword, location_code: 2840 }, { signal }));
    assertNothingAsked((refused as UpstreamError).detail, keyword, 'ops@example.com');
    assert.match((refused as UpstreamError).detail ?? '', /status 40501: Invalid Field: keyword "<keyword>"/);

    fake.on('POST /v3/keywords/live', { status: 500, json: { error: said } });
    const failing = await failure(client.live('keywords/live', { keyword, location_code: 2840 }, { signal }));
    assertNothingAsked((failing as UpstreamError).detail, keyword);
    assert.match((failing as UpstreamError).detail ?? '', /HTTP 500: .*<keyword>/);
  });

  test('Google Places: a 400 whose message repeats the text query', async () => {
    const client = new GooglePlacesClient({ apiKey: KEY, baseUrl: fake.url, timeoutMs: 300 });
    fake.on('POST /v1/places:searchText', {
      status: 400,
      json: { error: { code: 400, message: `Invalid textQuery '${PERSON} near ${EMAIL}' for key ${KEY}`, status: 'INVALID_ARGUMENT' } },
    });
    const answer = await client.call({ method: 'POST', path: 'places:searchText', json: { textQuery: `${PERSON} near ${EMAIL}` }, fieldMask: 'places.id' }, { signal });
    const refused = await failure(Promise.resolve().then(() => readSuccess(answer, z.object({}))));
    assertNothingAsked((refused as UpstreamError).detail);
    assert.match((refused as UpstreamError).detail ?? '', /\(INVALID_ARGUMENT\): Invalid textQuery '<textQuery>' for key <x-goog-api-key>/);
  });

  test('Namecheap: an API error repeating the domain list and the key from the query string', async () => {
    const client = new NamecheapClient({ apiUser: 'ops', apiKey: KEY, username: 'ops', clientIp: '203.0.113.7', baseUrl: `${fake.url}/xml.response`, timeoutMs: 300 });
    fake.on('GET /xml.response', { raw: errorResponse('2011170', `Domain janeqdoe.example is invalid for ApiKey ${KEY}`) });
    const refused = await failure(client.call({ command: 'namecheap.domains.check', parameters: { DomainList: 'janeqdoe.example' } }, { signal }));
    assertNothingAsked((refused as UpstreamError).detail, 'janeqdoe.example');
    assert.match((refused as UpstreamError).detail ?? '', /2011170: Domain <DomainList> is invalid for ApiKey <ApiKey>/);
  });

  test('fal: a refusal repeating the prompt', async () => {
    const client = new FalClient({ key: KEY, queueUrl: fake.url, timeoutMs: 300 });
    const prompt = `A portrait of ${PERSON}, ${EMAIL}`;
    fake.on('POST /fal-ai/flux/schnell', { status: 422, json: { detail: `Prompt "${prompt}" was flagged (key ${KEY})` } });
    const answer = await client.submit('fal-ai/flux/schnell', { prompt }, 'job_1', { signal });
    const refused = falFailure(answer);
    assertNothingAsked(refused.detail, prompt);
    // The header's value is "Key <FAL_KEY>", which "(key …)" repeats whole.
    assert.match(refused.detail ?? '', /HTTP 422: Prompt "<prompt>" was flagged \(<authorization>\)/);
  });

  test('a chat upstream: a refusal repeating the messages', async () => {
    const content = `Write to ${PERSON} at ${EMAIL}`;
    fake.on('POST /chat/completions', { status: 403, json: { error: { message: `Refused: ${content}`, type: 'permission_error', code: 'denied' } } });
    const refused = await failure(
      postChatCompletions({ name: 'primary', baseUrl: fake.url, apiKey: KEY, modelPrefixes: undefined }, { model: 'm', messages: [{ role: 'user', content }] }, { signal, silenceMs: 1_000, stream: false }),
    );
    assertNothingAsked((refused as UpstreamError).detail, content);
    assert.match((refused as UpstreamError).detail ?? '', /HTTP 403 \(permission_error, denied\) Refused: <content>/);
  });
});
