import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg, withTemporaryDirectory, type FfmpegOptions } from './ffmpeg';
import { encodeWav } from './audio';
import { melodySamples } from './melody';
import { paletteFrom, toHex } from './palette';
import { randomFor } from './seed';

/** What a made video may be: the longest, the largest side, the frame rates. */
export const VIDEO_LIMITS = { maxSeconds: 20, minSide: 16, maxSide: 1920, minFps: 1, maxFps: 60 } as const;

/** A 15 s 1080p video takes tens of seconds on one core: more than ffmpeg's usual allowance. */
const VIDEO_TIMEOUT_MS = 180_000;
const GRADIENT_TYPES = ['linear', 'radial', 'circular', 'spiral'] as const;

export interface VideoRequest {
  prompt: string;
  /** Above 0, at most VIDEO_LIMITS.maxSeconds; need not be whole. */
  durationSeconds: number;
  /** Even (H.264's 4:2:0 sampling halves each side), VIDEO_LIMITS.minSide to maxSide. */
  width: number;
  height: number;
  /** Whole frames per second, VIDEO_LIMITS.minFps to maxFps. */
  fps: number;
  /** Adds an AAC track: the prompt's melody (the one makeAudio makes). */
  withAudio: boolean;
}

/**
 * An MP4 for the prompt: H.264 (yuv420p, index at the front so it plays while downloading),
 * slowly turning gradients in the prompt's palette under a vignette, and, when asked, an AAC
 * track of its melody. The same request gives the same bytes: ffmpeg's sources are seeded,
 * the encoders run on one thread in bit-exact mode, and no metadata (dates, versions) is written.
 */
export async function makeVideo(request: VideoRequest, ffmpeg: FfmpegOptions = {}): Promise<Buffer> {
  const { prompt, durationSeconds, width, height, fps, withAudio } = request;
  assertVideoRequest(request);

  const random = randomFor('video', prompt);
  const colours = paletteFrom(random).map(toHex);
  const gradients = [
    `gradients=size=${width}x${height}:rate=${fps}:duration=${durationSeconds}`,
    `nb_colors=${colours.length}`,
    ...colours.map((colour, index) => `c${index}=${colour}`),
    `seed=${random.integer(0, 2 ** 32 - 1)}`,
    `speed=${random.between(0.005, 0.03).toFixed(4)}`,
    `type=${random.pick(GRADIENT_TYPES)}`,
  ].join(':');
  const source = `${gradients},vignette=angle=PI/5,format=yuv420p`;

  const audioInput = withAudio ? ['-f', 'wav', '-i', 'pipe:0'] : [];
  const audioOutput = withAudio ? ['-map', '1:a', '-c:a', 'aac', '-b:a', '128k'] : [];
  return withTemporaryDirectory(async (directory) => {
    // A file, not stdout: +faststart moves the index to the front once the rest is written.
    const output = join(directory, 'video.mp4');
    await runFfmpeg(
      [
        ...['-f', 'lavfi', '-i', source],
        ...audioInput,
        ...['-map', '0:v', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', String(fps * 2)],
        ...audioOutput,
        ...['-t', String(durationSeconds), '-threads', '1'],
        ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
        ...['-movflags', '+faststart', '-f', 'mp4', output],
      ],
      { timeoutMs: VIDEO_TIMEOUT_MS, ...ffmpeg, input: withAudio ? encodeWav(melodySamples(prompt, durationSeconds)) : undefined },
    );
    return readFile(output);
  });
}

function assertVideoRequest({ durationSeconds, width, height, fps, withAudio }: VideoRequest): void {
  const { maxSeconds, minSide, maxSide, minFps, maxFps } = VIDEO_LIMITS;
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0 || durationSeconds > maxSeconds) {
    throw new RangeError(`durationSeconds must be above 0 and at most ${maxSeconds}, not ${durationSeconds}`);
  }
  for (const [name, side] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(side) || side % 2 !== 0 || side < minSide || side > maxSide) {
      throw new RangeError(`${name} must be an even number of pixels from ${minSide} to ${maxSide}, not ${side}`);
    }
  }
  if (!Number.isInteger(fps) || fps < minFps || fps > maxFps) throw new RangeError(`fps must be a whole number from ${minFps} to ${maxFps}, not ${fps}`);
  if (typeof withAudio !== 'boolean') throw new TypeError('withAudio must be true or false');
}
