import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { analyseImage, analyseVideo, UnsupportedMediaError } from '../../../src/media/files/analyse';
import { makeAudio } from '../../../src/media/files/audio';
import { makeImage } from '../../../src/media/files/image';
import { makeVideo } from '../../../src/media/files/video';
import { ffmpegOutput } from './probe-file';

/** A PNG of one colour, written by pngjs rather than the code under test. */
function flatPng(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let offset = 0; offset < png.data.length; offset += 4) png.data.set([red, green, blue, 255], offset);
  return PNG.sync.write(png);
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

describe('analyseImage', () => {
  test('a red PNG: its size, red dominant, middling brightness', async () => {
    const analysis = await analyseImage(flatPng(40, 30, [230, 20, 25]));
    assert.equal(analysis.mimeType, 'image/png');
    assert.equal(analysis.width, 40);
    assert.equal(analysis.height, 30);
    assert.deepEqual(analysis.dominantColours, ['#e61419']);
    assert.ok(Math.abs(analysis.brightness - (0.299 * 230 + 0.587 * 20 + 0.114 * 25) / 255) < 0.01);
  });

  test('brightness: black ≈ 0, white ≈ 1', async () => {
    assert.equal((await analyseImage(flatPng(8, 8, [0, 0, 0]))).brightness, 0);
    assert.equal((await analyseImage(flatPng(8, 8, [255, 255, 255]))).brightness, 1);
  });

  test('a PNG with two colours lists both, the larger share first', async () => {
    const png = new PNG({ width: 10, height: 10 });
    for (let pixel = 0; pixel < 100; pixel++) png.data.set(pixel < 70 ? [0, 0, 255, 255] : [255, 255, 0, 255], pixel * 4);
    assert.deepEqual((await analyseImage(PNG.sync.write(png))).dominantColours, ['#0000ff', '#ffff00']);
  });

  test('a JPEG decoded by ffmpeg: its size and a red-ish dominant colour', async () => {
    const jpeg = await ffmpegOutput(['-f', 'lavfi', '-i', 'color=c=#dc1e1e:s=64x48', '-frames:v', '1', '-f', 'mjpeg', 'pipe:1']);
    const analysis = await analyseImage(jpeg);
    assert.equal(analysis.mimeType, 'image/jpeg');
    assert.equal(analysis.width, 64);
    assert.equal(analysis.height, 48);
    const [red, green, blue] = channels(analysis.dominantColours[0]!);
    assert.ok(red > 180 && green < 70 && blue < 70, analysis.dominantColours[0]);
  });

  test('a WebP decoded by ffmpeg: its size and a blue-ish dominant colour', async () => {
    const webp = await ffmpegOutput(['-f', 'lavfi', '-i', 'color=c=#1e1edc:s=64x48', '-frames:v', '1', '-c:v', 'libwebp', '-f', 'webp', 'pipe:1']);
    const analysis = await analyseImage(webp);
    assert.equal(analysis.mimeType, 'image/webp');
    assert.deepEqual([analysis.width, analysis.height], [64, 48]);
    const [red, green, blue] = channels(analysis.dominantColours[0]!);
    assert.ok(blue > 180 && red < 70 && green < 70, analysis.dominantColours[0]);
  });

  test('a made image: its size and up to five colours', async () => {
    const analysis = await analyseImage(makeImage({ prompt: 'a forest', width: 120, height: 80 }));
    assert.equal(analysis.width, 120);
    assert.equal(analysis.height, 80);
    assert.ok(analysis.dominantColours.length >= 1 && analysis.dominantColours.length <= 5);
    assert.ok(analysis.dominantColours.every((colour) => /^#[0-9a-f]{6}$/.test(colour)));
    assert.ok(analysis.brightness > 0 && analysis.brightness < 1);
  });

  test('what is not a PNG, JPEG or WebP, or is a damaged one, is refused as UnsupportedMediaError', async () => {
    const wav = await makeAudio({ prompt: 'x', durationSeconds: 0.1, format: 'wav' });
    const video = await makeVideo({ prompt: 'x', durationSeconds: 0.5, width: 32, height: 32, fps: 4, withAudio: false });
    const png = flatPng(8, 8, [1, 2, 3]);
    for (const [name, input, message] of [
      ['empty', Buffer.alloc(0), /empty/],
      ['text', Buffer.from('hello, world'), /PNG, JPEG or WebP/],
      ['WAV', wav, /PNG, JPEG or WebP/],
      ['MP4', video, /PNG, JPEG or WebP/],
      ['truncated PNG', png.subarray(0, 40), /not a readable PNG/],
      ['JPEG header only', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), /not a readable JPEG/],
      ['WebP header only', Buffer.from('RIFF\x1a\0\0\0WEBPVP8L', 'latin1'), /not a readable WebP/],
    ] as const) {
      await assert.rejects(analyseImage(input), (error: Error) => error instanceof UnsupportedMediaError && message.test(error.message), name);
    }
  });
});

describe('analyseVideo', () => {
  test('a made 4 s 24 fps video: ~4 s, 24 fps, its size, sound as made', async () => {
    const [silent, withSound] = await Promise.all([
      makeVideo({ prompt: 'clouds', durationSeconds: 4, width: 96, height: 64, fps: 24, withAudio: false }),
      makeVideo({ prompt: 'clouds', durationSeconds: 4, width: 96, height: 64, fps: 24, withAudio: true }),
    ]);
    const analysis = await analyseVideo(silent);
    assert.equal(analysis.mimeType, 'video/mp4');
    assert.equal(analysis.width, 96);
    assert.equal(analysis.height, 64);
    assert.ok(Math.abs(analysis.durationSeconds - 4) < 0.1, String(analysis.durationSeconds));
    assert.equal(analysis.frameRate, 24);
    assert.equal(analysis.hasAudio, false);
    assert.ok(analysis.dominantColours.length >= 1);
    assert.equal((await analyseVideo(withSound)).hasAudio, true);
  });

  test('a blue fragmented MP4 made by ffmpeg: blue dominant; a black Matroska streamed without its duration: ≈ 1 s, brightness ≈ 0', async () => {
    const blue = await ffmpegOutput(['-f', 'lavfi', '-i', 'color=c=#1428d2:s=64x48:r=10:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov', 'pipe:1']);
    const [red, green, blue_] = channels((await analyseVideo(blue)).dominantColours[0]!);
    assert.ok(blue_ > 170 && red < 60 && green < 80, `${red} ${green} ${blue_}`);
    const black = await ffmpegOutput(['-f', 'lavfi', '-i', 'color=c=black:s=32x32:r=5:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'matroska', 'pipe:1']);
    const analysis = await analyseVideo(black);
    assert.equal(analysis.mimeType, 'video/x-matroska');
    assert.ok(Math.abs(analysis.durationSeconds - 1) < 0.1, String(analysis.durationSeconds));
    assert.ok(analysis.brightness < 0.02, String(analysis.brightness));
  });

  test('what is not a video, or a damaged one, is refused as UnsupportedMediaError', async () => {
    const video = await makeVideo({ prompt: 'x', durationSeconds: 0.5, width: 32, height: 32, fps: 4, withAudio: false });
    const audioOnly = await ffmpegOutput(['-f', 'lavfi', '-i', 'sine=d=0.5', '-c:a', 'aac', '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov', 'pipe:1']);
    for (const [name, input, message] of [
      ['empty', Buffer.alloc(0), /empty/],
      ['PNG', flatPng(8, 8, [0, 0, 0]), /MP4, QuickTime, WebM or Matroska/],
      ['MP3', await makeAudio({ prompt: 'x', durationSeconds: 0.2, format: 'mp3' }), /MP4, QuickTime, WebM or Matroska/],
      ['truncated MP4', video.subarray(0, 200), /not a readable video/],
      ['MP4 of sound only', audioOnly, /no picture/],
    ] as const) {
      await assert.rejects(analyseVideo(input), (error: Error) => error instanceof UnsupportedMediaError && message.test(error.message), name);
    }
  });
});
