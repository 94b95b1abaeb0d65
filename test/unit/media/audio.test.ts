import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { makeAudio } from '../../../src/media/files/audio';
import { probeFile } from './probe-file';

/** The fields of a canonical 44-byte WAV header, read independently of the writer. */
function readWavHeader(wav: Buffer) {
  return {
    riff: wav.toString('ascii', 0, 4),
    riffSize: wav.readUInt32LE(4),
    wave: wav.toString('ascii', 8, 12),
    fmt: wav.toString('ascii', 12, 16),
    audioFormat: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    byteRate: wav.readUInt32LE(28),
    blockAlign: wav.readUInt16LE(32),
    bitsPerSample: wav.readUInt16LE(34),
    data: wav.toString('ascii', 36, 40),
    dataSize: wav.readUInt32LE(40),
  };
}

describe('makeAudio', () => {
  test('WAV: 44.1 kHz mono 16-bit PCM, duration × rate samples, a tune rather than silence', async () => {
    const wav = await makeAudio({ prompt: 'calm piano', durationSeconds: 2.5, format: 'wav' });
    const header = readWavHeader(wav);
    assert.deepEqual(header, {
      riff: 'RIFF',
      riffSize: wav.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      audioFormat: 1,
      channels: 1,
      sampleRate: 44_100,
      byteRate: 88_200,
      blockAlign: 2,
      bitsPerSample: 16,
      data: 'data',
      dataSize: 2.5 * 44_100 * 2,
    });
    assert.equal(wav.length, 44 + header.dataSize);
    let peak = 0;
    let changes = 0;
    for (let offset = 44; offset < wav.length; offset += 2) {
      const sample = wav.readInt16LE(offset);
      peak = Math.max(peak, Math.abs(sample));
      if (offset > 44 && Math.sign(sample) !== Math.sign(wav.readInt16LE(offset - 2))) changes++;
    }
    assert.ok(peak > 8_000 && peak < 32_767, `peak ${peak}`);
    assert.ok(changes > 500, `${changes} zero crossings`);
    assert.equal(wav.readInt16LE(wav.length - 2), 0, 'ends on silence');
  });

  test('WAV and MP3: the same request gives identical bytes, another prompt does not', async () => {
    const request = { prompt: 'calm piano', durationSeconds: 1, format: 'wav' } as const;
    const wav = await makeAudio(request);
    assert.ok(wav.equals(await makeAudio(request)));
    assert.ok(!wav.equals(await makeAudio({ ...request, prompt: 'upbeat synth' })));
    const mp3 = await makeAudio({ ...request, format: 'mp3' });
    assert.ok(mp3.equals(await makeAudio({ ...request, format: 'mp3' })));
    assert.ok(!mp3.equals(await makeAudio({ ...request, prompt: 'upbeat synth', format: 'mp3' })));
  });

  test('MP3: ffprobe reads one mono 44.1 kHz MP3 stream of the duration asked for', async () => {
    const mp3 = await makeAudio({ prompt: 'calm piano', durationSeconds: 3, format: 'mp3' });
    const probe = await probeFile(mp3, 'mp3');
    assert.equal(probe.format.format_name, 'mp3');
    assert.equal(probe.streams.length, 1);
    const [stream] = probe.streams;
    assert.equal(stream!.codec_name, 'mp3');
    assert.equal(stream!.sample_rate, '44100');
    assert.equal(stream!.channels, 1);
    assert.ok(Math.abs(Number(probe.format.duration) - 3) < 0.1, probe.format.duration);
  });

  test('durations outside (0, 300] seconds and unknown formats are refused', async () => {
    for (const durationSeconds of [0, -1, 301, Number.NaN, Number.POSITIVE_INFINITY]) {
      await assert.rejects(makeAudio({ prompt: 'x', durationSeconds, format: 'wav' }), RangeError);
    }
    await assert.rejects(makeAudio({ prompt: 'x', durationSeconds: 1, format: 'ogg' as 'wav' }), /format must be wav or mp3/);
  });
});
