import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { colourStatistics, type ColourStatistics } from './colour-statistics';
import { FfmpegError, withTemporaryDirectory, type FfmpegOptions } from './ffmpeg';
import { lastPacketEnd, probeMedia, sampleFrame, sampleSize, type MediaSource, type ProbeResponse } from './probe';

export interface ImageAnalysis extends ColourStatistics {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

export interface VideoAnalysis extends ColourStatistics {
  mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm' | 'video/x-matroska';
  width: number;
  height: number;
  durationSeconds: number;
  frameRate: number;
  hasAudio: boolean;
}

/** What was given is not an image or video these functions read, or is one too damaged to read. */
export class UnsupportedMediaError extends Error {
  override name = 'UnsupportedMediaError';
}

/** The longer side of the frame colours are counted on: enough for shares to the percent. */
const SAMPLE_SIDE = 256;

/**
 * The type, size, dominant colours and brightness of a PNG (read by pngjs), JPEG or WebP (decoded
 * by ffmpeg). The type is told by the file's first bytes, never by a name or a claim.
 */
export async function analyseImage(image: Buffer, ffmpeg: FfmpegOptions = {}): Promise<ImageAnalysis> {
  if (startsWith(image, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    let png: PNG;
    try {
      png = PNG.sync.read(image);
    } catch (error) {
      throw new UnsupportedMediaError(`not a readable PNG: ${(error as Error).message}`);
    }
    return { mimeType: 'image/png', width: png.width, height: png.height, ...colourStatistics(png.data, 4) };
  }
  if (startsWith(image, [0xff, 0xd8, 0xff])) return decodedImage(image, { mimeType: 'image/jpeg', name: 'JPEG', demuxer: 'jpeg_pipe' }, ffmpeg);
  if (image.length >= 12 && image.toString('latin1', 0, 4) === 'RIFF' && image.toString('latin1', 8, 12) === 'WEBP') {
    return decodedImage(image, { mimeType: 'image/webp', name: 'WebP', demuxer: 'webp_pipe' }, ffmpeg);
  }
  throw new UnsupportedMediaError(`not an image this reads (PNG, JPEG or WebP): ${describeStart(image)}`);
}

/** An image ffmpeg decodes from a pipe, its demuxer named by the type its first bytes announced. */
async function decodedImage(image: Buffer, type: { mimeType: ImageAnalysis['mimeType']; name: string; demuxer: string }, ffmpeg: FfmpegOptions): Promise<ImageAnalysis> {
  const source: MediaSource = { input: image, demuxer: type.demuxer };
  const { width, height } = pictureSize(type.name, await readable(type.name, () => probeMedia(source, ffmpeg)));
  const sample = sampleSize(width, height, SAMPLE_SIDE);
  const pixels = await readable(type.name, () => sampleFrame(source, sample, ffmpeg));
  if (!pixels) throw new UnsupportedMediaError(`not a readable ${type.name}: ffmpeg decoded no picture from it`);
  return { mimeType: type.mimeType, width, height, ...colourStatistics(pixels, 3) };
}

/**
 * The container type, size, duration, frame rate, whether it has sound, and the dominant colours
 * and brightness of its middle frame, of an MP4, QuickTime, WebM or Matroska video (read by
 * ffprobe and ffmpeg from a temporary file: an MP4 whose index is at its end cannot be read
 * from a pipe).
 */
export async function analyseVideo(video: Buffer, ffmpeg: FfmpegOptions = {}): Promise<VideoAnalysis> {
  const mimeType = videoTypeOf(video);
  if (!mimeType) throw new UnsupportedMediaError(`not a video this reads (MP4, QuickTime, WebM or Matroska): ${describeStart(video)}`);
  return withTemporaryDirectory(async (directory) => {
    const source = { file: join(directory, 'video') };
    await writeFile(source.file, video);
    const probe = await readable('video', () => probeMedia(source, ffmpeg));
    const { width, height } = pictureSize('video', probe);
    const stream = probe.streams.find((candidate) => candidate.codec_type === 'video')!;
    const durationSeconds = Number(probe.format?.duration ?? stream.duration ?? Number.NaN) || ((await readable('video', () => lastPacketEnd(source, ffmpeg))) ?? 0);
    if (!(durationSeconds > 0)) throw new UnsupportedMediaError('not a readable video: it has no duration');
    const frameRate = rate(stream.avg_frame_rate) ?? rate(stream.r_frame_rate) ?? 0;
    const pixels = await readable('video', () => sampleFrame(source, { ...sampleSize(width, height, SAMPLE_SIDE), atSeconds: durationSeconds / 2 }, ffmpeg));
    if (!pixels) throw new UnsupportedMediaError('not a readable video: ffmpeg decoded no frame from its middle');
    return {
      mimeType,
      width,
      height,
      durationSeconds: round(durationSeconds, 3),
      frameRate: round(frameRate, 3),
      hasAudio: probe.streams.some((candidate) => candidate.codec_type === 'audio'),
      ...colourStatistics(pixels, 3),
    };
  });
}

/** The container a video's first bytes announce, or null. */
function videoTypeOf(video: Buffer): VideoAnalysis['mimeType'] | null {
  if (video.length >= 12 && video.toString('latin1', 4, 8) === 'ftyp') return video.toString('latin1', 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  if (startsWith(video, [0x1a, 0x45, 0xdf, 0xa3])) return video.subarray(0, 64).includes('webm') ? 'video/webm' : 'video/x-matroska';
  return null;
}

function pictureSize(what: string, probe: ProbeResponse): { width: number; height: number } {
  const stream = probe.streams.find((candidate) => candidate.codec_type === 'video');
  if (!stream?.width || !stream.height) throw new UnsupportedMediaError(`not a readable ${what}: ffprobe found no picture in it`);
  return { width: stream.width, height: stream.height };
}

/** ffmpeg failing to read the file is the file's fault: a damaged or mislabelled upload, not a server error. */
async function readable<Result>(what: string, read: () => Promise<Result>): Promise<Result> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof FfmpegError && error.exitCode !== null) throw new UnsupportedMediaError(`not a readable ${what}: ${error.stderr || error.message}`);
    throw error;
  }
}

/** A rate as ffprobe writes it (`24/1`, `30000/1001`), or null for `0/0`. */
function rate(fraction: string | undefined): number | null {
  const [numerator, denominator] = (fraction ?? '').split('/').map(Number);
  return numerator && denominator ? numerator / denominator : null;
}

function round(value: number, decimals: number): number {
  return Math.round(value * 10 ** decimals) / 10 ** decimals;
}

function startsWith(buffer: Buffer, bytes: readonly number[]): boolean {
  return buffer.length >= bytes.length && bytes.every((byte, index) => buffer[index] === byte);
}

function describeStart(buffer: Buffer): string {
  return buffer.length === 0 ? 'it is empty' : `it starts ${buffer.subarray(0, 8).toString('hex')}`;
}
