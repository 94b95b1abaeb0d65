import type { VideoFrameSource } from '../../families/video';
import { grabFrames, widthAt } from '../../../video/frames';
import { seedOf } from '../clips/videos';
import { SeededRandom } from '../random';
import { SHORT } from './channels';
import { HEIGHTS, type Video } from './videos';

/**
 * What a sandbox video looks like: a four-colour gradient in the video's colours whose line turns
 * with time, drawn by ffmpeg for the moment asked (no seeking), so a frame depends on the video
 * and the second alone.
 */
export function frameSourceOf(video: Video): VideoFrameSource {
  const random = new SeededRandom(seedOf(91, video.key));
  const colours = Array.from({ length: 4 }, () => `0x${random.integer(0, 0xffffff).toString(16).padStart(6, '0')}`);
  const phase = random.next() * 2 * Math.PI;
  const period = random.integer(20, 90);
  const aspect = video.kind === SHORT ? 9 / 16 : 16 / 9;
  return {
    lengthSeconds: video.lengthSeconds,
    heights: HEIGHTS.filter((height) => height <= video.height),
    frames: async (atSeconds, heights, call) => {
      const sizes = heights.map((height) => ({ height, width: widthAt(height, aspect) }));
      if (sizes.length === 0) return [];
      // Drawn at the video's own size whatever is asked, so a height's frame never depends on the others asked with it.
      const [width, height] = [widthAt(video.height, aspect), video.height];
      const angle = phase + (2 * Math.PI * Math.round(atSeconds * 1_000)) / 1_000 / period;
      const [centreX, centreY, radius] = [width / 2, height / 2, Math.min(width, height) / 2];
      const point = (sign: number) => [Math.round(centreX + sign * radius * Math.cos(angle)), Math.round(centreY + sign * radius * Math.sin(angle))];
      const [[x0, y0], [x1, y1]] = [point(1), point(-1)];
      const graph = `gradients=s=${width}x${height}:r=1:d=1:n=4:${colours.map((colour, index) => `c${index}=${colour}`).join(':')}:x0=${x0}:y0=${y0}:x1=${x1}:y1=${y1}`;
      const jpegs = await grabFrames({ lavfi: graph }, 0, sizes, { signal: call.signal });
      return sizes.map((size, index) => ({ ...size, jpeg: jpegs[index]! }));
    },
  };
}
