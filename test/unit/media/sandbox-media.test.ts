import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { findMediaModel } from '../../../src/media/models';
import { analyseVideo, makeImage, makeVideo } from '../../../src/media/files';
import { probeMedia } from '../../../src/media/files/probe';
import { sandboxMedia } from '../../../src/providers/sandbox/media';
import type { MediaSubmitRequest } from '../../../src/providers/families/media';

const call = { signal: new AbortController().signal };

/** The request the queue sends for a model's job: the catalog's mapping of prompt and options. */
function requestFor(modelName: string, prompt: string, options: Record<string, unknown>, file?: { mimeType: string; data: Buffer }): MediaSubmitRequest {
  const model = findMediaModel(modelName)!;
  const job = { prompt, options: model.options.parse(options), hasImage: file !== undefined };
  return { endpoint: model.fal.endpoint(job), input: model.fal.input(job), files: file ? [{ field: model.fal.imageField(job), ...file }] : [], jobId: `job_${modelName}` };
}

describe('the media sandbox', () => {
  test('a job is queued, then running with progress, then done: on a clock, from the handle alone', async () => {
    let clock = 1_000_000;
    const media = sandboxMedia({ jobSeconds: 10, now: () => clock });
    const submission = await media.submit(requestFor('flux-schnell', 'A red kite', { aspectRatio: '16:9' }), call);
    assert.equal(submission.requestId, 'sandbox_job_flux-schnell');
    assert.deepEqual(await media.status(submission, call), { status: 'queued', queuePosition: 1 });
    clock += 6_000;
    assert.deepEqual(await media.status(submission, call), { status: 'running', progress: 0.5 });
    assert.equal(await media.cancel(submission, call), true);
    clock += 4_000;
    const done = await media.status(JSON.parse(JSON.stringify(submission)), call);
    assert.equal(done.status, 'succeeded');
    assert.equal(await media.cancel(submission, call), false);
  });

  test('images: as many PNGs as asked, of the preset size, the same bytes for the same prompt', async () => {
    const media = sandboxMedia({ jobSeconds: 0 });
    const state = await media.status(await media.submit(requestFor('flux-dev', 'A red kite over wheat', { aspectRatio: '16:9', count: 2 }), call), call);
    assert.equal(state.status, 'succeeded');
    if (state.status !== 'succeeded') return;
    assert.equal(state.files.length, 2);
    for (const file of state.files) {
      const png = PNG.sync.read(file.data!);
      assert.deepEqual([png.width, png.height, file.mimeType, file.bytes], [1024, 576, 'image/png', file.data!.length]);
    }
    assert.notDeepEqual(state.files[0]!.data, state.files[1]!.data);
    const again = await media.status(await media.submit(requestFor('flux-dev', 'A red kite over wheat', { aspectRatio: '16:9', count: 2 }), call), call);
    assert.deepEqual(again.status === 'succeeded' && again.files[0]!.data, state.files[0]!.data);
  });

  test('video: an MP4 of the asked duration and aspect ratio, with audio when asked', async () => {
    const media = sandboxMedia({ jobSeconds: 0 });
    const state = await media.status(await media.submit(requestFor('seedance', 'Waves at dusk', { duration: '4', aspectRatio: '9:16', generateAudio: true }), call), call);
    assert.ok(state.status === 'succeeded');
    const video = await analyseVideo(state.files[0]!.data!);
    assert.equal(state.files[0]!.mimeType, 'video/mp4');
    assert.ok(Math.abs(video.durationSeconds - 4) < 0.1, String(video.durationSeconds));
    assert.equal(video.width / video.height, 9 / 16);
    assert.equal(video.hasAudio, true);
  });

  test('music: WAV of the asked length (Stable Audio), MP3 sized by the lyrics (MiniMax)', async () => {
    const media = sandboxMedia({ jobSeconds: 0 });
    const wav = await media.status(await media.submit(requestFor('stable-audio', 'Calm piano', { duration: 12 }), call), call);
    assert.ok(wav.status === 'succeeded');
    const data = wav.files[0]!.data!;
    assert.equal(data.toString('ascii', 0, 4), 'RIFF');
    assert.equal(data.readUInt32LE(40) / 2 / data.readUInt32LE(24), 12);
    const lyrics = ['[verse]', 'Streetlights flicker', 'the night breeze sighs', 'shadows stretch', 'as I walk alone'].join('\n');
    const mp3 = await media.status(await media.submit(requestFor('minimax-music', 'Indie folk', { lyrics }), call), call);
    assert.ok(mp3.status === 'succeeded');
    assert.equal(mp3.files[0]!.mimeType, 'audio/mpeg');
    // From a file: over a pipe ffprobe cannot seek to measure an MP3.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-mp3-')), 'song.mp3');
    fs.writeFileSync(file, mp3.files[0]!.data!);
    const probe = await probeMedia({ file });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    assert.ok(Math.abs(Number(probe.format?.duration) - 20) < 0.2, JSON.stringify(probe.format));
  });

  test('analysis: what is measurably in the image or the video', async () => {
    const media = sandboxMedia({ jobSeconds: 0 });
    const image = makeImage({ prompt: 'Blue hills', width: 320, height: 200 });
    const described = await media.status(await media.submit(requestFor('moondream', 'What is in this picture?', {}, { mimeType: 'image/png', data: image }), call), call);
    assert.ok(described.status === 'succeeded');
    assert.match(described.text!, /^Sandbox analysis .*a 320×200 PNG image; its dominant colours are #[0-9a-f]{6}.* and its mean brightness is 0\.\d+\.$/);
    // A picture with nothing visible says so, not "whose dominant colours are , …".
    const clear = new PNG({ width: 2, height: 2 });
    const invisible = await media.status(await media.submit(requestFor('moondream', 'What is in this picture?', {}, { mimeType: 'image/png', data: PNG.sync.write(clear) }), call), call);
    assert.ok(invisible.status === 'succeeded');
    assert.equal(invisible.text, 'Sandbox analysis (measured, not understood): a 2×2 PNG image; nothing in it is visible (every pixel is transparent).');
    const video = await makeVideo({ prompt: 'Rain', durationSeconds: 2, width: 160, height: 90, fps: 12, withAudio: false });
    const watched = await media.status(
      await media.submit(requestFor('video-understanding', 'What happens?', { referenceVideoUrl: 'https://example.com/rain.mp4' }, { mimeType: 'video/mp4', data: video }), call),
      call,
    );
    assert.ok(watched.status === 'succeeded');
    assert.match(watched.text!, /a 2\.0 s 160×90 video at 12 frames per second, without audio/);
    const unreadable = await media.status(await media.submit(requestFor('moondream', 'What is this?', {}, { mimeType: 'image/png', data: Buffer.from('not an image') }), call), call);
    // A model that cannot read its input makes nothing: the job fails (as fal's 422), rather than answering that.
    assert.deepEqual(unreadable, { status: 'failed', code: 'INPUT_REJECTED', message: 'The model could not read the file sent with the job as an image or a video.' });
  });

  test('video from an image the model cannot read fails as analysis does, whatever the image is for; a readable one makes the video', async () => {
    const media = sandboxMedia({ jobSeconds: 0 });
    // A PNG's signature and IHDR chunk, then garbage: it passes the queue's first-bytes check, and cannot be read.
    const unreadable = Buffer.concat([makeImage({ prompt: 'cut short', width: 32, height: 32 }).subarray(0, 33), Buffer.from('garbage, not a picture')]);
    const rejected = { status: 'failed', code: 'INPUT_REJECTED', message: 'The model could not read the file sent with the job as an image or a video.' };
    for (const [model, options] of [
      ['seedance', { duration: '5' }],
      ['seedance', { duration: '5', imageRole: 'last_frame' }],
      ['ltx', {}],
    ] as const) {
      const state = await media.status(await media.submit(requestFor(model, 'x', options, { mimeType: 'image/png', data: unreadable }), call), call);
      assert.deepEqual(state, rejected, `${model} ${JSON.stringify(options)}`);
    }
    const image = makeImage({ prompt: 'a first frame', width: 64, height: 36 });
    const made = await media.status(await media.submit(requestFor('ltx', 'x', {}, { mimeType: 'image/png', data: image }), call), call);
    assert.equal(made.status, 'succeeded');
  });
});
