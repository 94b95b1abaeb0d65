import type { SeededRandom } from './seed';

/** A colour, each channel 0–255. */
export interface Colour {
  red: number;
  green: number;
  blue: number;
}

/**
 * Hue offsets (degrees) of colour schemes that read as pleasant together: analogous hues,
 * a split complement, a triad. Hues chosen independently at random clash more often than not.
 */
const SCHEMES: readonly (readonly number[])[] = [
  [0, 25, -25, 50, 180],
  [0, 150, 210, 30, -30],
  [0, 120, 240, 20, 140],
  [0, 15, 30, 200, -15],
];

/**
 * Five colours from one random hue and scheme: the first dark (a background), the second light,
 * the rest in between, so that shapes stand out against what is behind them.
 */
export function paletteFrom(random: SeededRandom): Colour[] {
  const hue = random.between(0, 360);
  const scheme = random.pick(SCHEMES);
  const saturation = random.between(0.45, 0.8);
  const lightnesses = [random.between(0.12, 0.25), random.between(0.7, 0.85), random.between(0.4, 0.6), random.between(0.5, 0.7), random.between(0.3, 0.55)];
  return scheme.map((offset, index) => fromHsl(hue + offset, saturation + random.between(-0.1, 0.1), lightnesses[index]!));
}

/** A colour from hue (degrees, any value), saturation and lightness (0–1). */
export function fromHsl(hue: number, saturation: number, lightness: number): Colour {
  const h = (((hue % 360) + 360) % 360) / 60;
  const s = Math.min(1, Math.max(0, saturation));
  const l = Math.min(1, Math.max(0, lightness));
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const second = chroma * (1 - Math.abs((h % 2) - 1));
  const [red, green, blue] =
    h < 1 ? [chroma, second, 0] : h < 2 ? [second, chroma, 0] : h < 3 ? [0, chroma, second] : h < 4 ? [0, second, chroma] : h < 5 ? [second, 0, chroma] : [chroma, 0, second];
  const lift = l - chroma / 2;
  const channel = (value: number) => Math.round((value + lift) * 255);
  return { red: channel(red), green: channel(green), blue: channel(blue) };
}

/** `#rrggbb`, as CSS and ffmpeg both read it. */
export function toHex(colour: Colour): string {
  return `#${[colour.red, colour.green, colour.blue].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}
