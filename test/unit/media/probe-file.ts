import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
}

/**
 * ffprobe's report on a made file, read straight from the ffprobe on PATH rather than through
 * the code under test: an independent decoder's word.
 */
export async function probeFile(file: Buffer, extension: string): Promise<{ streams: ProbedStream[]; format: { format_name: string; duration: string } }> {
  const directory = await mkdtemp(join(tmpdir(), 'media-test-'));
  try {
    const path = join(directory, `file.${extension}`);
    await writeFile(path, file);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path]);
    return JSON.parse(stdout);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Runs ffmpeg (errors only) and returns its stdout: fixtures the code under test did not make. */
export async function ffmpegOutput(args: string[]): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
