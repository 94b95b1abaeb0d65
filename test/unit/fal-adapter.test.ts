import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../src/core/errors';
import type { MediaProvider, MediaSubmission, MediaVendorState } from '../../src/providers/families/media';
import { falMedia } from '../../src/providers/fal';
import type { CallOptions } from '../../src/providers/providers';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { FAL_KEY, startFakeFal, type FakeFal } from '../fakes/fal-server';

/**
 * The fal adapter against a fake of fal's queue: what a submission sends (input, key, files as
 * data URIs), a job's walk from queued to succeeded with its files and text, runs that fail, and
 * fal failing to answer — each failure a 502 in our words, submissions repeated only when fal
 * cannot have taken them, and the key sent nowhere but the configured queue.
 */

const FLUX = 'fal-ai/flux/schnell';
const SEEDANCE = 'bytedance/seedance-2.0/text-to-video';
const SEEDANCE_REFERENCE = 'bytedance/seedance-2.0/fast/reference-to-video';

/** fal's words in the fake's answers: none may reach a customer message. */
const VENDOR_TEXTS = [
  'CUDA out of memory',
  'Field required',
  'No user found',
  'Rate limit exceeded',
  'Internal Server Error',
  'cancelled by the client',
  'Image could not be decoded',
  FAL_KEY,
];

const OUTPUT = {
  images: [
    { url: 'https://v3.fal.media/files/lion/one.png', content_type: 'image/png', width: 1024, height: 768, file_size: 123456 },
    { url: 'https://v3.fal.media/files/lion/two.jpeg', content_type: 'image/jpeg', width: 1024, height: 768 },
  ],
  video: { url: 'https://v3.fal.media/files/tiger/clip.mp4', content_type: 'video/mp4', file_size: 2_000_000 },
  audio_file: { url: 'https://v3.fal.media/files/koala/track.wav', content_type: 'audio/wav', file_size: 48_000 },
  description: 'A lion looks at the camera.',
  seed: 42,
  timings: { inference: 1.25 },
  has_nsfw_concepts: [false, false],
};

describe('fal adapter', () => {
  let vendor: FakeFal;
  let media: MediaProvider;
  let call: CallOptions;
  before(async () => {
    vendor = await startFakeFal();
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    media = falMedia({ key: FAL_KEY, queueUrl: vendor.queueUrl, timeoutMs: 3000 });
    call = { signal: new AbortController().signal };
  });

  /** The promise fails with our 502 in our words; the error is returned for more checks. */
  async function upstreamFailure(promise: Promise<unknown>): Promise<UpstreamError> {
    const caught = await promise.then(
      () => assert.fail('the call succeeded'),
      (error: unknown) => error,
    );
    assert.ok(caught instanceof UpstreamError, String(caught));
    assert.equal(caught.code, 'UPSTREAM_ERROR');
    assertNeutralMessage(caught.message, VENDOR_TEXTS);
    assert.doesNotMatch(caught.message, /\bfal\b/i);
    assert.ok(!(caught.detail ?? '').includes(FAL_KEY), `the key reached the log: ${caught.detail}`);
    return caught;
  }

  async function submitted(endpoint = FLUX): Promise<MediaSubmission> {
    return media.submit({ endpoint, input: { prompt: 'a lion' }, files: [], jobId: 'job_test' }, call);
  }

  async function pollUntilDone(submission: MediaSubmission): Promise<MediaVendorState[]> {
    const states: MediaVendorState[] = [];
    for (let poll = 0; poll < 20; poll += 1) {
      const state = await media.status(submission, call);
      states.push(state);
      if (state.status === 'succeeded' || state.status === 'failed') return states;
    }
    return assert.fail('the job never finished');
  }

  test('submit sends the mapped input with the key, files as data URIs, and keeps fal\'s URLs', async () => {
    vendor.on(SEEDANCE, { output: OUTPUT });
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const submission = await media.submit(
      { endpoint: SEEDANCE, input: { prompt: 'a lion', duration: 5 }, files: [{ field: 'image_url', mimeType: 'image/png', data: image }], jobId: 'job_1' },
      call,
    );
    const [sent] = vendor.requests('submit');
    assert.equal(vendor.requests('submit').length, 1);
    assert.equal(sent!.path, `/${SEEDANCE}`);
    assert.equal(sent!.headers.authorization, `Key ${FAL_KEY}`);
    assert.deepEqual(sent!.body, { prompt: 'a lion', duration: 5, image_url: `data:image/png;base64,${image.toString('base64')}` });
    assert.match(submission.requestId, /^[0-9a-f-]{36}$/);
    // Polled under the model id, without the endpoint's subpath, as fal answers.
    const base = `${vendor.queueUrl}/bytedance/seedance-2.0/requests/${submission.requestId}`;
    assert.deepEqual(submission.handle, { statusUrl: `${base}/status`, responseUrl: base, cancelUrl: `${base}/cancel` });
  });

  test('files in a list field (`name[]`) are appended to that list, in order', async () => {
    vendor.on(SEEDANCE_REFERENCE, { output: OUTPUT });
    const [first, second, clip] = [Buffer.from('first'), Buffer.from('second'), Buffer.from('clip')];
    await media.submit(
      {
        endpoint: SEEDANCE_REFERENCE,
        input: { prompt: 'two lions' },
        files: [
          { field: 'image_urls[]', mimeType: 'image/png', data: first },
          { field: 'video_urls[]', mimeType: 'video/mp4', data: clip },
          { field: 'image_urls[]', mimeType: 'image/jpeg', data: second },
        ],
        jobId: 'job_refs',
      },
      call,
    );
    const sent = vendor.requests('submit').at(-1)!;
    assert.deepEqual(sent.body, {
      prompt: 'two lions',
      image_urls: [`data:image/png;base64,${first.toString('base64')}`, `data:image/jpeg;base64,${second.toString('base64')}`],
      video_urls: [`data:video/mp4;base64,${clip.toString('base64')}`],
    });
  });

  test('status walks queued (its position: the requests fal says are ahead, plus one), running, then succeeded with the files and text', async () => {
    vendor.pollsPerStep = 2;
    vendor.on(FLUX, { output: OUTPUT });
    const states = await pollUntilDone(await submitted());
    assert.deepEqual(states.slice(0, 4), [
      { status: 'queued', queuePosition: 2 },
      { status: 'queued', queuePosition: 1 },
      { status: 'running', progress: null },
      { status: 'running', progress: null },
    ]);
    assert.deepEqual(states[4], {
      status: 'succeeded',
      files: [
        { url: 'https://v3.fal.media/files/lion/one.png', mimeType: 'image/png', bytes: 123456 },
        { url: 'https://v3.fal.media/files/lion/two.jpeg', mimeType: 'image/jpeg', bytes: null },
        { url: 'https://v3.fal.media/files/tiger/clip.mp4', mimeType: 'video/mp4', bytes: 2_000_000 },
        { url: 'https://v3.fal.media/files/koala/track.wav', mimeType: 'audio/wav', bytes: 48_000 },
      ],
      text: 'A lion looks at the camera.',
      output: OUTPUT,
    });
    for (const poll of vendor.requests('status')) {
      assert.equal(poll.headers.authorization, `Key ${FAL_KEY}`);
      assert.equal(poll.query.get('logs'), '0');
    }
    assert.equal(vendor.requests('response').length, 1);
  });

  test('a single image, an audio file and text outputs are read too', async () => {
    vendor.pollsPerStep = 0;
    vendor.on('fal-ai/moondream2/visual-query', { output: { output: 'Two cats on a sofa.' } });
    vendor.on('fal-ai/stable-audio-25/text-to-audio', { output: { audio: { url: 'https://v3.fal.media/files/a.wav', content_type: 'audio/wav' } } });
    vendor.on('fal-ai/recraft/v3/text-to-image', { output: { image: { url: 'https://v3.fal.media/files/i.webp', content_type: 'image/webp', file_size: 10 }, text: 'unused beside a file' } });
    const [text] = await pollUntilDone(await submitted('fal-ai/moondream2/visual-query'));
    assert.deepEqual(text, { status: 'succeeded', files: [], text: 'Two cats on a sofa.', output: { output: 'Two cats on a sofa.' } });
    const [audio] = await pollUntilDone(await submitted('fal-ai/stable-audio-25/text-to-audio'));
    assert.deepEqual(audio?.status === 'succeeded' && audio.files, [{ url: 'https://v3.fal.media/files/a.wav', mimeType: 'audio/wav', bytes: null }]);
    const [image] = await pollUntilDone(await submitted('fal-ai/recraft/v3/text-to-image'));
    assert.deepEqual(image?.status === 'succeeded' && [image.files, image.text], [[{ url: 'https://v3.fal.media/files/i.webp', mimeType: 'image/webp', bytes: 10 }], 'unused beside a file']);
  });

  test('a run that completes with an error is failed, with our code and our words', async () => {
    vendor.pollsPerStep = 0;
    vendor.on(FLUX, { runError: { error: 'CUDA out of memory on runner 7', error_type: 'runner_server_error' } });
    const [state] = await pollUntilDone(await submitted());
    assert.equal(state?.status, 'failed');
    assert.ok(state?.status === 'failed');
    assert.equal(state.code, 'GENERATION_FAILED');
    assertNeutralMessage(state.message, VENDOR_TEXTS);
    assert.equal(vendor.requests('response').length, 0, 'a failed run has no output to fetch');

    vendor.on(FLUX, { runError: { error: 'Request timed out', error_type: 'request_timeout' } });
    const [timedOut] = await pollUntilDone(await submitted());
    assert.deepEqual(timedOut?.status === 'failed' && timedOut.code, 'TIMED_OUT');
  });

  test('a result the model refuses (422 at the response URL) is failed as rejected input', async () => {
    vendor.pollsPerStep = 0;
    vendor.on(FLUX, { resultRefusal: { status: 422, body: { detail: [{ loc: ['body', 'image_url'], msg: 'Image could not be decoded', type: 'image_load_error' }] } } });
    const [state] = await pollUntilDone(await submitted());
    assert.ok(state?.status === 'failed');
    assert.equal(state.code, 'INPUT_REJECTED');
    assertNeutralMessage(state.message, VENDOR_TEXTS);
  });

  test('422 on submit is a 502 naming the locations in its detail, and is not repeated', async () => {
    vendor.on(FLUX, { rejectInput: [{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }, { loc: ['body', 'num_images'], msg: 'Input should be less than 5', type: 'less_than' }] });
    const error = await upstreamFailure(submitted());
    assert.match(error.message, /rejected the request/);
    assert.match(error.detail ?? '', /HTTP 422/);
    assert.match(error.detail ?? '', /body\.prompt \(missing\), body\.num_images \(less_than\)/);
    assert.match(error.detail ?? '', /job job_test/);
    assert.equal(vendor.requests('submit').length, 1);
  });

  test('a submission is repeated after a 429 (fal turned it away unread), never after a 500', async () => {
    vendor.on(FLUX, { output: {} });
    vendor.failNext('submit', { status: 429, json: { detail: 'Rate limit exceeded' }, headers: { 'retry-after': '0' } });
    await submitted();
    assert.equal(vendor.requests('submit').length, 2);

    vendor.fake.requests.length = 0;
    vendor.failNext('submit', { status: 500, json: { detail: 'Internal Server Error' } });
    await upstreamFailure(submitted());
    assert.equal(vendor.requests('submit').length, 1, 'fal may have queued it: not sent again');
  });

  test('429 then OK on status is retried and succeeds', async () => {
    vendor.on(FLUX, { output: {} });
    const submission = await submitted();
    vendor.failNext('status', { status: 429, json: { detail: 'Rate limit exceeded' }, headers: { 'retry-after': '0' } });
    assert.deepEqual(await media.status(submission, call), { status: 'queued', queuePosition: 1 });
    assert.equal(vendor.requests('status').length, 2);
  });

  test('a persistent 500 on status is a 502 after the shared policy\'s attempts', async () => {
    vendor.on(FLUX, { output: {} });
    const submission = await submitted();
    vendor.failNext('status', { status: 500, json: { detail: 'Internal Server Error' } }, 10);
    const error = await upstreamFailure(media.status(submission, call));
    assert.match(error.message, /failing right now/);
    assert.equal(vendor.requests('status').length, 3);
  });

  test('a malformed answer is a 502, not repeated', async () => {
    vendor.on(FLUX, { output: {} });
    const submission = await submitted();
    vendor.failNext('status', { status: 200, raw: '{"status": "IN_QU' });
    await upstreamFailure(media.status(submission, call));
    assert.equal(vendor.requests('status').length, 1);

    vendor.failNext('status', { status: 200, json: { status: 'SOMETHING_NEW' } });
    const error = await upstreamFailure(media.status(submission, call));
    assert.match(error.message, /unexpected shape/);

    vendor.failNext('submit', { status: 200, json: { request_id: 'x' } });
    await upstreamFailure(submitted());
  });

  test('401 (a wrong key) is a configuration 502; neither message nor detail holds the key', async () => {
    vendor.on(FLUX, { output: {} });
    const wrongKey = 'wrong-key-id:wrong0secret0value';
    const unauthorized = falMedia({ key: wrongKey, queueUrl: vendor.queueUrl, timeoutMs: 3000 });
    const error = await upstreamFailure(unauthorized.submit({ endpoint: FLUX, input: { prompt: 'a lion' }, files: [], jobId: 'job_401' }, call));
    assert.match(error.message, /unavailable \(configuration\)/);
    assert.ok(!error.message.includes(wrongKey) && !(error.detail ?? '').includes(wrongKey));
    assert.match(error.detail ?? '', /FAL_KEY/);
  });

  test('cancel: true while queued (the job then fails as cancelled), false once completed', async () => {
    vendor.on(FLUX, { output: { images: [] } });
    const waiting = await submitted();
    assert.equal(await media.cancel(waiting, call), true);
    assert.equal(vendor.requests('cancel')[0]?.method, 'PUT');
    assert.equal(vendor.requests('cancel')[0]?.headers.authorization, `Key ${FAL_KEY}`);
    const [state] = await pollUntilDone(waiting);
    assert.ok(state?.status === 'failed');
    assert.equal(state.code, 'CANCELLED');
    assertNeutralMessage(state.message, VENDOR_TEXTS);

    vendor.pollsPerStep = 0;
    const finished = await submitted();
    await pollUntilDone(finished);
    assert.equal(await media.cancel(finished, call), false);
  });

  test('a URL fal returns on another origin is refused, and never called with the key', async () => {
    vendor.on(FLUX, { output: {}, urlOrigin: 'http://127.0.0.2:9' });
    const error = await upstreamFailure(submitted());
    assert.match(error.detail ?? '', /127\.0\.0\.2:9/);

    vendor.on(FLUX, { output: {} });
    const submission = await submitted();
    const moved = { ...submission, handle: { ...submission.handle, statusUrl: 'https://collector.example/steal/status', cancelUrl: 'https://collector.example/steal/cancel' } };
    await upstreamFailure(media.status(moved, call));
    await upstreamFailure(media.cancel(moved, call));
    assert.equal(vendor.requests('status').length + vendor.requests('cancel').length, 0);
  });
});
