import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg, withTemporaryDirectory, type FfmpegOptions } from '../media/files/ffmpeg';

/**
 * A video's frame as JPEGs, by ffmpeg: one decode of the frame at a time, scaled to each height
 * asked, in one run. The input is a stream a video provider names (a vendor's format URL, read
 * with range requests so only what surrounds the frame is fetched), or a lavfi source graph (the
 * sandbox's synthetic pictures, whose graph draws the moment asked: decoding a synthetic source
 * up to a late timestamp takes seconds). Nobody's input but a provider's reaches here: customers give a
 * video id, never a URL.
 */
export type FrameInput = { url: string } | { lavfi: string };

export interface FrameSize {
  width: number;
  height: number;
}

/** Protocols ffmpeg may open for a URL input: the web, nothing on disk or elsewhere. */
const URL_PROTOCOLS = 'http,https,tls,tcp,crypto';
/** JPEG quality on ffmpeg's 2 (best) to 31 scale: about 90 on the usual 0–100 one. */
const JPEG_QUALITY = '3';

/**
 * The frame at `atSeconds` of `input`, once per size (in the order given), each a JPEG of exactly
 * that size. A URL is opened at the nearest key frame before `atSeconds` and decoded from there;
 * a lavfi graph's first frame is taken (the graph already shows that moment).
 */
export async function grabFrames(input: FrameInput, atSeconds: number, sizes: readonly FrameSize[], options: FfmpegOptions = {}): Promise<Buffer[]> {
  if (sizes.length === 0) return [];
  const source =
    'url' in input
      ? ['-protocol_whitelist', URL_PROTOCOLS, '-ss', atSeconds.toFixed(3), '-i', input.url]
      : ['-f', 'lavfi', '-i', input.lavfi];
  const split = `[0:v]split=${sizes.length}${sizes.map((_, index) => `[s${index}]`).join('')}`;
  const scales = sizes.map(({ width, height }, index) => `[s${index}]scale=${width}:${height}:flags=lanczos,setsar=1[o${index}]`);
  return withTemporaryDirectory(async (directory) => {
    const outputs = sizes.flatMap((_, index) => ['-map', `[o${index}]`, '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', JPEG_QUALITY, '-f', 'image2', join(directory, `${index}.jpg`)]);
    await runFfmpeg([...source, '-filter_complex', [split, ...scales].join(';'), ...outputs], { timeoutMs: 30_000, ...options });
    return Promise.all(sizes.map((_, index) => readFile(join(directory, `${index}.jpg`))));
  });
}

/** The width that keeps `aspect` (width ÷ height) at `height`, even (what JPEG's chroma subsampling wants). */
export function widthAt(height: number, aspect: number): number {
  return Math.max(2, 2 * Math.round((height * aspect) / 2));
}
