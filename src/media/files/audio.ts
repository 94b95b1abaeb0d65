import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg, withTemporaryDirectory, type FfmpegOptions } from './ffmpeg';
import { melodySamples, SAMPLE_RATE } from './melody';

/** The longest audio made, in seconds: above the longest music model's (190 s). */
export const MAX_AUDIO_SECONDS = 300;

export interface AudioRequest {
  prompt: string;
  /** Up to MAX_AUDIO_SECONDS; need not be whole. */
  durationSeconds: number;
  format: 'wav' | 'mp3';
}

/**
 * A short melody for the prompt (44.1 kHz, mono, 16-bit), as WAV or as MP3 (128 kbit/s, made by
 * ffmpeg's libmp3lame). The same request gives the same bytes.
 */
export async function makeAudio(request: AudioRequest, ffmpeg: FfmpegOptions = {}): Promise<Buffer> {
  const { prompt, durationSeconds, format } = request;
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0 || durationSeconds > MAX_AUDIO_SECONDS) {
    throw new RangeError(`durationSeconds must be above 0 and at most ${MAX_AUDIO_SECONDS}, not ${durationSeconds}`);
  }
  if (format !== 'wav' && format !== 'mp3') throw new RangeError(`format must be wav or mp3, not ${String(format)}`);
  const wav = encodeWav(melodySamples(prompt, durationSeconds));
  return format === 'wav' ? wav : wavToMp3(wav, ffmpeg);
}

/** 16-bit mono PCM samples at SAMPLE_RATE as a WAV file: the 44-byte RIFF header, then the samples. */
export function encodeWav(samples: Int16Array): Buffer {
  const dataBytes = samples.length * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // channels
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per sample frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let index = 0; index < samples.length; index++) wav.writeInt16LE(samples[index]!, 44 + index * 2);
  return wav;
}

/**
 * Through a file, not stdout: the encoder writes its Xing/LAME header (exact length, encoder
 * delay) when it is done, by seeking back, which a pipe cannot do. Without it players and
 * ffprobe guess the duration from the bit rate.
 */
function wavToMp3(wav: Buffer, ffmpeg: FfmpegOptions): Promise<Buffer> {
  return withTemporaryDirectory(async (directory) => {
    const output = join(directory, 'audio.mp3');
    // bitexact and no metadata: no version strings or dates, so the same input gives the same bytes.
    await runFfmpeg(
      ['-f', 'wav', '-i', 'pipe:0', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', '-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '0', '-threads', '1', '-f', 'mp3', output],
      { ...ffmpeg, input: wav },
    );
    return readFile(output);
  });
}
