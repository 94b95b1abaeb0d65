import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withTemporaryDirectory, type FfmpegOptions } from './ffmpeg';
import { probeMedia } from './probe';

/** What the status of a job reports of each file it made. */
export interface FileMeasure {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A file's picture size and duration, as far as it has them: a PNG's from its header (no process
 * started for the commonest output), anything else from ffprobe, reading a temporary file (an
 * MP4 whose index is at its end cannot be read from a pipe). A file ffprobe cannot read measures
 * as nulls: the file is still the customer's, and a price by the second falls back to what was asked.
 */
export async function measureFile(data: Buffer, ffmpeg: FfmpegOptions = {}): Promise<FileMeasure> {
  if (data.length >= 24 && data.subarray(0, 8).equals(PNG_SIGNATURE) && data.toString('latin1', 12, 16) === 'IHDR') {
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), durationSeconds: null };
  }
  try {
    return await withTemporaryDirectory(async (directory) => {
      const file = join(directory, 'media');
      await writeFile(file, data);
      const probe = await probeMedia({ file }, ffmpeg);
      const picture = probe.streams.find((stream) => stream.codec_type === 'video' && stream.width !== undefined);
      const timed = probe.streams.some((stream) => stream.codec_type === 'audio') || (picture !== undefined && !/^(png|mjpeg|webp|gif|bmp)$/.test(picture.codec_name ?? ''));
      const duration = Number(probe.format?.duration ?? picture?.duration);
      return {
        width: picture?.width ?? null,
        height: picture?.height ?? null,
        durationSeconds: timed && Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null,
      };
    });
  } catch {
    return { width: null, height: null, durationSeconds: null };
  }
}
