import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { makeVideo } from '../../../src/media/files/video';
import { probeFile } from './probe-file';

const request = { prompt: 'waves on a beach', durationSeconds: 2, width: 160, height: 90, fps: 12, withAudio: false };

/** The MP4's top-level box types, in file order. */
function topLevelBoxes(mp4: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(offset);
    boxes.push(mp4.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

describe('makeVideo', () => {
  test('an MP4 ffprobe reads as H.264 yuv420p of the size, rate and duration asked for, index first, no sound unless asked', async () => {
    const video = await makeVideo(request);
    const probe = await probeFile(video, 'mp4');
    assert.match(probe.format.format_name, /mp4/);
    assert.ok(Math.abs(Number(probe.format.duration) - 2) < 0.1, probe.format.duration);
    assert.equal(probe.streams.length, 1);
    const [stream] = probe.streams;
    assert.equal(stream!.codec_name, 'h264');
    assert.equal(stream!.pix_fmt, 'yuv420p');
    assert.equal(stream!.width, 160);
    assert.equal(stream!.height, 90);
    assert.equal(stream!.avg_frame_rate, '12/1');
    const boxes = topLevelBoxes(video);
    assert.ok(boxes.indexOf('moov') < boxes.indexOf('mdat'), `+faststart: ${boxes.join(' ')}`);
  });

  test('withAudio adds one AAC stream as long as the picture', async () => {
    const probe = await probeFile(await makeVideo({ ...request, withAudio: true }), 'mp4');
    const audio = probe.streams.filter((stream) => stream.codec_type === 'audio');
    assert.equal(audio.length, 1);
    assert.equal(audio[0]!.codec_name, 'aac');
    assert.equal(audio[0]!.sample_rate, '44100');
    assert.ok(Math.abs(Number(audio[0]!.duration) - 2) < 0.1, audio[0]!.duration);
    assert.equal(probe.streams.filter((stream) => stream.codec_type === 'video').length, 1);
  });

  test('the same request gives identical bytes (with sound too); another prompt does not', async () => {
    const [first, second, other] = await Promise.all([makeVideo({ ...request, withAudio: true }), makeVideo({ ...request, withAudio: true }), makeVideo({ ...request, prompt: 'snow on a hill' })]);
    assert.ok(first.equals(second));
    assert.ok(!first.equals(other));
  });

  test('over 20 s, odd or out-of-range sides, and fractional or out-of-range frame rates are refused before ffmpeg runs', async () => {
    const refused = [
      { durationSeconds: 20.5 },
      { durationSeconds: 0 },
      { width: 161 },
      { width: 1922 },
      { height: 8 },
      { fps: 0 },
      { fps: 61 },
      { fps: 23.976 },
      { withAudio: 'yes' as unknown as boolean },
    ];
    for (const change of refused) {
      await assert.rejects(makeVideo({ ...request, ...change }, { ffmpegPath: '/nonexistent/ffmpeg' }), /must be/, JSON.stringify(change));
    }
  });
});
