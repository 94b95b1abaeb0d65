import { z } from 'zod';
import { runFfmpeg, runFfprobe, type FfmpegOptions } from './ffmpeg';

/** What we read of `ffprobe -show_streams -show_format -of json`; other fields are dropped. */
const ProbeResponse = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string(),
        codec_name: z.string().optional(),
        width: z.number().int().nonnegative().optional(),
        height: z.number().int().nonnegative().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        duration: z.string().optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string(), duration: z.string().optional() }).optional(),
});
export type ProbeResponse = z.infer<typeof ProbeResponse>;

/**
 * Where ffmpeg reads the media from: a file, or bytes on stdin with their demuxer named (a pipe
 * cannot be rewound to guess it, and a named demuxer refuses a file that is something else).
 */
export type MediaSource = { file: string } | { input: Buffer; demuxer: string };

/** ffprobe's account of the media's streams and container. */
export async function probeMedia(source: MediaSource, ffmpeg: FfmpegOptions = {}): Promise<ProbeResponse> {
  const output = await runFfprobe(['-show_streams', '-show_format', '-of', 'json', ...inputArguments(source)], { ...ffmpeg, input: inputOf(source) });
  return ProbeResponse.parse(JSON.parse(output.toString('utf8')));
}

/**
 * When the first video stream's last packet ends, in seconds; null if it has none. For files
 * written as a stream (WebM from a browser's recorder, Matroska to a pipe), whose header never got
 * the duration: reading every packet's time is the only way to know it.
 */
export async function lastPacketEnd(source: MediaSource, ffmpeg: FfmpegOptions = {}): Promise<number | null> {
  const output = await runFfprobe(['-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', ...inputArguments(source)], { ...ffmpeg, input: inputOf(source) });
  let end: number | null = null;
  for (const line of output.toString('utf8').split('\n')) {
    const [start, length] = line.split(',').map(Number);
    if (Number.isFinite(start)) end = Math.max(end ?? 0, start! + (Number.isFinite(length) ? length! : 0));
  }
  return end;
}

/**
 * One frame, `atSeconds` in, shrunk to `width` × `height` and decoded to 8-bit RGB; null when
 * ffmpeg found no frame to decode there (a truncated file). The frame is taken as stored
 * (-noautorotate), so that its sides are the ones ffprobe reported.
 */
export async function sampleFrame(source: MediaSource, size: { width: number; height: number; atSeconds?: number }, ffmpeg: FfmpegOptions = {}): Promise<Buffer | null> {
  const seek = size.atSeconds ? ['-ss', size.atSeconds.toFixed(3)] : [];
  const pixels = await runFfmpeg(
    ['-noautorotate', ...seek, ...inputArguments(source), '-frames:v', '1', '-vf', `scale=${size.width}:${size.height}:flags=area`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { ...ffmpeg, input: inputOf(source) },
  );
  const expected = size.width * size.height * 3;
  if (pixels.length === 0) return null;
  if (pixels.length !== expected) throw new Error(`ffmpeg decoded ${pixels.length} bytes of pixels where ${expected} were expected`);
  return pixels;
}

/** A size with the same shape as width × height whose longer side is at most `longest`. */
export function sampleSize(width: number, height: number, longest: number): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function inputArguments(source: MediaSource): string[] {
  return 'file' in source ? ['-i', source.file] : ['-f', source.demuxer, '-i', 'pipe:0'];
}

function inputOf(source: MediaSource): Buffer | undefined {
  return 'file' in source ? undefined : source.input;
}
