import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where ffmpeg and ffprobe are, and how long one run may take. */
export interface FfmpegOptions {
  /** The ffmpeg program: a path, or a name looked up on PATH (default `ffmpeg`). */
  ffmpegPath?: string;
  /** The ffprobe program (default `ffprobe`). */
  ffprobePath?: string;
  /** How long one run may take before it is killed (default 60 s). */
  timeoutMs?: number;
  /** Kills the run when aborted (a cancelled job). */
  signal?: AbortSignal;
}

/** A run of ffmpeg or ffprobe that failed: not found, killed, timed out or exited non-zero. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    /** The end of what the program wrote to stderr: why it failed, in its words. */
    readonly stderr = '',
    /** The program's exit code when it ran and refused (often: the input is damaged); null when it did not run to the end. */
    readonly exitCode: number | null = null,
  ) {
    super(stderr ? `${message}: ${stderr}` : message);
    this.name = 'FfmpegError';
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** Output beyond this is a runaway command, not a file we meant to make. */
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;
/** stderr kept for the error message: its last lines say what went wrong. */
const STDERR_KEPT_CHARACTERS = 2_000;

/**
 * Runs ffmpeg with `args` (quiet: errors only, never reading the terminal), `input` on its stdin
 * when given (`-i pipe:0`), and resolves with what it wrote to stdout (`pipe:1`).
 */
export function runFfmpeg(args: readonly string[], options: FfmpegOptions & { input?: Buffer } = {}): Promise<Buffer> {
  return run(options.ffmpegPath ?? 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], options);
}

/** Runs ffprobe with `args` (errors only), `input` on its stdin when given; resolves with stdout. */
export function runFfprobe(args: readonly string[], options: FfmpegOptions & { input?: Buffer } = {}): Promise<Buffer> {
  return run(options.ffprobePath ?? 'ffprobe', ['-hide_banner', '-loglevel', 'error', ...args], options);
}

/**
 * Calls `use` with a new directory under the system's temporary directory, and removes the
 * directory and everything in it afterwards, whether `use` succeeded or not. For what ffmpeg
 * cannot stream: MP4's index moved to the front (+faststart), an MP3's header rewritten at the end,
 * an MP4 whose index is at its end.
 */
export async function withTemporaryDirectory<Result>(use: (directory: string) => Promise<Result>): Promise<Result> {
  const directory = await mkdtemp(join(tmpdir(), 'tollgate-media-'));
  try {
    return await use(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function run(program: string, args: string[], options: FfmpegOptions & { input?: Buffer }): Promise<Buffer> {
  const { input, timeoutMs = DEFAULT_TIMEOUT_MS, signal } = options;
  const name = program.split(/[\\/]/).pop() ?? program;
  return new Promise<Buffer>((resolve, reject) => {
    if (signal?.aborted) return reject(new FfmpegError(`${name} not started: the call was aborted`));
    // An args array and no shell: nothing in a prompt or path is ever interpreted.
    const child = spawn(program, args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'], windowsHide: true });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let failure: FfmpegError | null = null;
    const stop = (error: FfmpegError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };

    const timer = setTimeout(() => stop(new FfmpegError(`${name} timed out after ${timeoutMs} ms`)), timeoutMs);
    const onAbort = () => stop(new FfmpegError(`${name} stopped: the call was aborted`));
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout!.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > MAX_OUTPUT_BYTES) return stop(new FfmpegError(`${name} wrote more than ${MAX_OUTPUT_BYTES} bytes`));
      chunks.push(chunk);
    });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT_CHARACTERS);
    });
    if (input) {
      // ffmpeg may stop reading early (a bad file, or it has what it needs): the exit code says which.
      child.stdin!.on('error', () => {});
      child.stdin!.end(input);
    }

    child.on('error', (error: NodeJS.ErrnoException) => {
      failure ??=
        error.code === 'ENOENT'
          ? new FfmpegError(`${name} not found at '${program}' (scripts/ensure-ffmpeg.sh installs it)`)
          : new FfmpegError(`${name} could not start: ${error.message}`);
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(failure);
      if (code !== 0) return reject(new FfmpegError(`${name} failed (${killedBy ? `killed by ${killedBy}` : `exit code ${code}`})`, stderr.trim(), code));
      resolve(Buffer.concat(chunks));
    });
  });
}
