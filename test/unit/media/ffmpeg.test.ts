import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegError, runFfmpeg, runFfprobe, withTemporaryDirectory } from '../../../src/media/files/ffmpeg';
import { makeAudio } from '../../../src/media/files/audio';

describe('runFfmpeg', () => {
  test('bytes in on stdin, bytes out on stdout', async () => {
    const wav = await makeAudio({ prompt: 'x', durationSeconds: 0.5, format: 'wav' });
    const raw = await runFfmpeg(['-f', 'wav', '-i', 'pipe:0', '-f', 's16le', 'pipe:1'], { input: wav });
    assert.ok(raw.equals(wav.subarray(44)));
  });

  test('a program that is not there: an FfmpegError naming where it was looked for', async () => {
    await assert.rejects(runFfmpeg(['-version'], { ffmpegPath: '/nonexistent/ffmpeg' }), (error: Error) => {
      assert.ok(error instanceof FfmpegError);
      assert.match(error.message, /ffmpeg not found at '\/nonexistent\/ffmpeg'/);
      assert.equal(error.exitCode, null);
      return true;
    });
    await assert.rejects(runFfprobe(['-version'], { ffprobePath: 'no-such-ffprobe' }), /no-such-ffprobe not found/);
  });

  test('a run that fails: its exit code and what it wrote to stderr', async () => {
    await assert.rejects(runFfmpeg(['-f', 'wav', '-i', 'pipe:0', '-f', 'null', '-'], { input: Buffer.from('not a wav file') }), (error: Error) => {
      assert.ok(error instanceof FfmpegError);
      assert.equal(error.exitCode, 1);
      assert.match(error.message, /^ffmpeg failed \(exit code 1\): .+/);
      assert.ok(error.stderr.length > 0);
      return true;
    });
  });

  test('a run past its time limit, or aborted, is killed', async () => {
    const endless = ['-re', '-f', 'lavfi', '-i', 'anullsrc', '-f', 'null', '-'];
    await assert.rejects(runFfmpeg(endless, { timeoutMs: 300 }), /ffmpeg timed out after 300 ms/);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(runFfmpeg(endless, { signal: controller.signal }), /ffmpeg stopped: the call was aborted/);
    await assert.rejects(runFfmpeg(endless, { signal: AbortSignal.abort() }), /not started/);
  });
});

describe('withTemporaryDirectory', () => {
  test('a directory under the system temporary directory, removed after success and after failure', async () => {
    let kept = '';
    const result = await withTemporaryDirectory(async (directory) => {
      kept = directory;
      assert.ok(directory.startsWith(tmpdir()));
      await writeFile(join(directory, 'file'), 'x');
      return 42;
    });
    assert.equal(result, 42);
    assert.equal(existsSync(kept), false);

    await assert.rejects(
      withTemporaryDirectory(async (directory) => {
        kept = directory;
        await writeFile(join(directory, 'file'), 'x');
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(existsSync(kept), false);
  });
});
