import { toHex } from './palette';

export interface ColourStatistics {
  /** Up to 5 colours (`#rrggbb`), the most common first: each the mean of a group of similar pixels covering at least 1 % of the picture. */
  dominantColours: string[];
  /** Mean luma (BT.601 weights), 0 for black to 1 for white, to 3 decimals. */
  brightness: number;
}

/** Pixels looked at, at most: a colour's share needs no more, and a 12-megapixel photo would take 50 times longer. */
const MAX_SAMPLES = 250_000;
const MAX_COLOURS = 5;
const MIN_SHARE = 0.01;
/** Bits kept per channel when grouping: 8 levels per channel, 512 groups; finer splits a gradient into slivers. */
const GROUP_BITS = 3;

/**
 * The dominant colours and brightness of 8-bit pixels, `channels` bytes each (3 for RGB, 4 for
 * RGBA, where pixels under half opaque are left out: they show what is behind the picture).
 */
export function colourStatistics(pixels: Uint8Array, channels: 3 | 4): ColourStatistics {
  const pixelCount = Math.floor(pixels.length / channels);
  const stride = Math.max(1, Math.floor(pixelCount / MAX_SAMPLES));
  const groups = new Map<number, { count: number; red: number; green: number; blue: number }>();
  let counted = 0;
  let lumaSum = 0;
  for (let pixel = 0; pixel < pixelCount; pixel += stride) {
    const offset = pixel * channels;
    if (channels === 4 && pixels[offset + 3]! < 128) continue;
    const red = pixels[offset]!;
    const green = pixels[offset + 1]!;
    const blue = pixels[offset + 2]!;
    counted++;
    lumaSum += 0.299 * red + 0.587 * green + 0.114 * blue;
    const shift = 8 - GROUP_BITS;
    const key = ((red >> shift) << (2 * GROUP_BITS)) | ((green >> shift) << GROUP_BITS) | (blue >> shift);
    const group = groups.get(key) ?? { count: 0, red: 0, green: 0, blue: 0 };
    group.count++;
    group.red += red;
    group.green += green;
    group.blue += blue;
    groups.set(key, group);
  }
  if (counted === 0) return { dominantColours: [], brightness: 0 };

  const largest = [...groups.values()].sort((first, second) => second.count - first.count);
  const dominant = largest.filter((group, index) => index === 0 || group.count / counted >= MIN_SHARE).slice(0, MAX_COLOURS);
  return {
    dominantColours: dominant.map((group) => toHex({ red: group.red / group.count, green: group.green / group.count, blue: group.blue / group.count })),
    brightness: Math.round((lumaSum / counted / 255) * 1000) / 1000,
  };
}
