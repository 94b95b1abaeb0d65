import { PNG } from 'pngjs';
import type { AspectRatio } from '../options';
import { paletteFrom, type Colour } from './palette';
import { randomFor, type SeededRandom } from './seed';

/** The sides a made image may have, in pixels: large enough for any model's size, small enough to draw in well under a second. */
export const IMAGE_SIDE = { min: 16, max: 4096 } as const;

export interface ImageRequest {
  prompt: string;
  width: number;
  height: number;
  /** Which of a prompt's pictures (a job asking for 4 images gets variants 0–3); 0 unless given. */
  variant?: number;
}

/**
 * A PNG (8-bit RGB) for the prompt: a gradient sky, soft discs and rolling hills in a palette
 * chosen from the prompt. It does not depict the prompt; it is the same picture, byte for byte,
 * whenever the same prompt, size and variant are asked for. The composition is laid out
 * relative to the shorter side, so one prompt looks alike at every aspect ratio.
 */
export function makeImage(request: ImageRequest): Buffer {
  const { prompt, width, height, variant = 0 } = request;
  assertSide('width', width);
  assertSide('height', height);
  if (!Number.isSafeInteger(variant) || variant < 0) throw new RangeError(`variant must be a whole number from 0, not ${variant}`);

  const random = randomFor('image', prompt, variant);
  const canvas = new Canvas(width, height);
  drawPicture(canvas, random);
  return PNG.sync.write(Object.assign(new PNG({ width, height }), { data: canvas.toRgb() }), { colorType: 2, inputColorType: 2, inputHasAlpha: false });
}

/**
 * Width and height for an aspect ratio, the longer side `longSide` (rounded down to even): both
 * even, as H.264's 4:2:0 sampling needs, the shorter side the even number nearest the exact ratio.
 */
export function dimensionsForAspectRatio(aspectRatio: AspectRatio, longSide: number): { width: number; height: number } {
  const [across, down] = aspectRatio.split(':').map(Number) as [number, number];
  assertSide('longSide', longSide);
  const long = longSide - (longSide % 2);
  const short = Math.max(2, 2 * Math.round((long * Math.min(across, down)) / Math.max(across, down) / 2));
  return across >= down ? { width: long, height: short } : { width: short, height: long };
}

function assertSide(name: string, value: number): void {
  if (!Number.isInteger(value) || value < IMAGE_SIDE.min || value > IMAGE_SIDE.max) {
    throw new RangeError(`${name} must be a whole number of pixels from ${IMAGE_SIDE.min} to ${IMAGE_SIDE.max}, not ${value}`);
  }
}

function drawPicture(canvas: Canvas, random: SeededRandom): void {
  const [background, light, ...accents] = paletteFrom(random) as [Colour, Colour, Colour, Colour, Colour];
  const angle = random.between(0, 2 * Math.PI);
  canvas.gradient(background, light, Math.cos(angle), Math.sin(angle));

  const discs = random.integer(3, 6);
  for (let index = 0; index < discs; index++) {
    const radius = random.between(0.08, 0.4);
    const centreX = random.between(-0.9, 0.9) * canvas.halfWidth;
    const centreY = random.between(-0.7, 0.4) * canvas.halfHeight;
    // Some discs glow (wide soft edge), some are crisp.
    const softness = radius * random.pick([0.03, 0.3, 0.9]);
    const opacity = random.between(0.35, 0.85);
    const bounds = { left: centreX - radius, right: centreX + radius, top: centreY - radius, bottom: centreY + radius };
    canvas.paint(random.pick(accents), opacity, (x, y) => smoothStep(radius, radius - softness, Math.hypot(x - centreX, y - centreY)), bounds);
  }

  const hills = random.integer(1, 3);
  for (let index = 0; index < hills; index++) {
    const baseline = canvas.halfHeight * (0.15 + 0.25 * index + random.between(0, 0.15));
    const amplitude = random.between(0.02, 0.1);
    const frequency = random.between(2, 7);
    const phase = random.between(0, 2 * Math.PI);
    const edge = canvas.pixel;
    canvas.paint(
      index === hills - 1 ? background : random.pick(accents),
      random.between(0.7, 0.95),
      (x, y) => smoothStep(-edge, edge, y - (baseline + amplitude * Math.sin(frequency * x + phase))),
      { top: baseline - amplitude - edge },
    );
  }
}

/** Where a shape may cover, in canvas units; a side not given is the canvas's edge. */
interface Bounds {
  left?: number;
  right?: number;
  top?: number;
  bottom?: number;
}

/**
 * Floating-point RGB pixels, addressed by coordinates in units of the shorter side with (0, 0)
 * at the centre: x across (right positive), y down.
 */
class Canvas {
  readonly pixels: Float32Array;
  readonly halfWidth: number;
  readonly halfHeight: number;
  /** The size of one pixel in these units: the width of an anti-aliased edge. */
  readonly pixel: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
    const short = Math.min(width, height);
    this.halfWidth = width / short / 2;
    this.halfHeight = height / short / 2;
    this.pixel = 1 / short;
  }

  /** Fills the canvas with a gradient from `from` to `to` along the direction (directionX, directionY). */
  gradient(from: Colour, to: Colour, directionX: number, directionY: number): void {
    const reach = Math.abs(directionX) * this.halfWidth + Math.abs(directionY) * this.halfHeight;
    this.paint(from, 1, () => 1);
    this.paint(to, 1, (x, y) => smoothStep(-reach, reach, x * directionX + y * directionY));
  }

  /**
   * Blends `colour` over each pixel by `opacity` × the shape's coverage there (0–1). `bounds`
   * (canvas units) skips the pixels a shape cannot reach: a small disc costs little.
   */
  paint(colour: Colour, opacity: number, coverage: (x: number, y: number) => number, bounds: Bounds = {}): void {
    const { width, height, pixels, pixel, halfWidth, halfHeight } = this;
    const firstRow = Math.max(0, Math.floor((bounds.top ?? -halfHeight) / pixel + height / 2));
    const lastRow = Math.min(height - 1, Math.ceil((bounds.bottom ?? halfHeight) / pixel + height / 2));
    const firstColumn = Math.max(0, Math.floor((bounds.left ?? -halfWidth) / pixel + width / 2));
    const lastColumn = Math.min(width - 1, Math.ceil((bounds.right ?? halfWidth) / pixel + width / 2));
    for (let row = firstRow; row <= lastRow; row++) {
      const y = (row + 0.5) * pixel - halfHeight;
      for (let column = firstColumn; column <= lastColumn; column++) {
        const amount = opacity * coverage((column + 0.5) * pixel - halfWidth, y);
        if (amount <= 0) continue;
        const offset = (row * width + column) * 3;
        pixels[offset] = pixels[offset]! + (colour.red - pixels[offset]!) * amount;
        pixels[offset + 1] = pixels[offset + 1]! + (colour.green - pixels[offset + 1]!) * amount;
        pixels[offset + 2] = pixels[offset + 2]! + (colour.blue - pixels[offset + 2]!) * amount;
      }
    }
  }

  /** The pixels as 8-bit RGB. */
  toRgb(): Buffer {
    const bytes = Buffer.alloc(this.pixels.length);
    for (let index = 0; index < bytes.length; index++) bytes[index] = Math.min(255, Math.max(0, Math.round(this.pixels[index]!)));
    return bytes;
  }
}

/** 0 at `edge0`, 1 at `edge1`, eased between (either order). */
function smoothStep(edge0: number, edge1: number, value: number): number {
  const t = Math.min(1, Math.max(0, (value - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
