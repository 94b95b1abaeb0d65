import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError } from '../../core/errors';

type Level = 'L' | 'M' | 'Q' | 'H';

/**
 * What the largest QR code (version 40) holds at each level, by the mode its text is encoded in
 * (ISO/IEC 18004, table 7; the `qrcode` library packs text in the densest modes its characters
 * allow): digits pack 3 to 10 bits, the 45 characters of alphanumeric mode 2 to 11, anything else
 * a byte a byte of UTF-8.
 */
const CAPACITY: Readonly<Record<Level, { digits: number; alphanumeric: number; bytes: number }>> = {
  L: { digits: 7089, alphanumeric: 4296, bytes: 2953 },
  M: { digits: 5596, alphanumeric: 3391, bytes: 2331 },
  Q: { digits: 3993, alphanumeric: 2420, bytes: 1663 },
  H: { digits: 3057, alphanumeric: 1852, bytes: 1273 },
};
/** A count as the messages write it: 7,089. */
const counted = (count: number) => count.toLocaleString('en-US');

/** The longest text any QR code holds: digits at level L. */
const MOST_CHARACTERS = CAPACITY.L.digits;
const MIN_PIXELS_PER_MODULE = 2;

const QrRequest = z.strictObject({
  text: z
    .string()
    .min(1)
    .max(MOST_CHARACTERS, { message: `must be at most ${counted(MOST_CHARACTERS)} characters (the most a QR code holds: digits at level L)` })
    .meta({
      description:
        `The text to encode (a URL, a Wi-Fi string, any UTF-8 text). At level L a QR code holds ${counted(CAPACITY.L.digits)} digits, ${counted(CAPACITY.L.alphanumeric)} characters of ` +
        `0–9, A–Z, space and $%*+-./: or ${counted(CAPACITY.L.bytes)} bytes of other UTF-8 text (mixed text in between); less at higher error-correction levels.`,
      examples: ['https://example.com/'],
    }),
  format: z.enum(['png', 'svg']).default('png').meta({ description: 'A PNG image (base64) or an SVG document.' }),
  size: z.number().int().min(64).max(2048).default(512).meta({ description: 'Width and height of the image, px, margin included.' }),
  errorCorrection: z
    .enum(['L', 'M', 'Q', 'H'])
    .default('M')
    .meta({ description: 'Error-correction level: L 7 %, M 15 %, Q 25 %, H 30 % of the symbol recoverable; higher levels hold less text.' }),
  margin: z.number().int().min(0).max(16).default(4).meta({ description: 'Quiet zone around the symbol, in modules (4 is what the standard asks).' }),
});

type QrRequest = z.output<typeof QrRequest>;

const QrResponse = z.object({
  format: z.enum(['png', 'svg']),
  size: z.number().int().meta({ description: 'Width and height of the image, px.' }),
  version: z.number().int().min(1).max(40).meta({ description: 'The QR version chosen (1 to 40): the symbol is 17 + 4 × version modules wide.' }),
  mimeType: z.enum(['image/png', 'image/svg+xml']),
  image: z.string().optional().meta({ description: 'The PNG, base64 (format png).' }),
  svg: z.string().optional().meta({ description: 'The SVG document (format svg).' }),
});

/** What a QR code holds at `level`, mode by mode, in words. */
function capacityAt(level: Level): string {
  const { digits, alphanumeric, bytes } = CAPACITY[level];
  return `it holds at most ${counted(digits)} digits, ${counted(alphanumeric)} characters of 0–9, A–Z, space and $%*+-./: or ${counted(bytes)} bytes of other UTF-8 text (mixed text in between)`;
}

/** The symbol for the request, or the 400 that says which field cannot be honoured. */
function symbolFor(input: QrRequest): QRCode.QRCode {
  let symbol: QRCode.QRCode;
  try {
    symbol = QRCode.create(input.text, { errorCorrectionLevel: input.errorCorrection });
  } catch {
    throw new ApiError('VALIDATION_ERROR', `text: too long for a QR code at error-correction level ${input.errorCorrection}: ${capacityAt(input.errorCorrection)}; shorten it or choose a lower level (L holds the most).`, { param: 'text' });
  }
  const modules = symbol.modules.size;
  // A one-pixel module does not survive the image being scaled down or resampled by whatever shows it.
  const smallest = MIN_PIXELS_PER_MODULE * (modules + 2 * input.margin);
  if (input.size < smallest) {
    throw new ApiError('VALIDATION_ERROR', `size: this text needs at least ${smallest} px at margin ${input.margin} (a ${modules}-module symbol, 2 px a module).`, { param: 'size' });
  }
  return symbol;
}

/**
 * The symbol as a PNG of exactly `size` × `size` px. Every module is the same whole number of
 * pixels, the most that fit with the margin: modules scaled by a fraction come out 2 and 3 px
 * wide by turns, which decoders misread. The pixels left over widen the quiet zone, the symbol
 * centred in it.
 */
function drawPng(symbol: QRCode.QRCode, size: number, margin: number): Buffer {
  const modules = symbol.modules.size;
  const pixelsPerModule = Math.floor(size / (modules + 2 * margin));
  const offset = Math.floor((size - modules * pixelsPerModule) / 2);
  const png = new PNG({ width: size, height: size });
  png.data.fill(255);
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (!symbol.modules.get(row, column)) continue;
      for (let y = offset + row * pixelsPerModule; y < offset + (row + 1) * pixelsPerModule; y++) {
        const start = (y * size + offset + column * pixelsPerModule) * 4;
        // Black, opaque: the alpha byte stays 255.
        for (let index = start; index < start + pixelsPerModule * 4; index += 4) png.data.fill(0, index, index + 3);
      }
    }
  }
  return PNG.sync.write(png, { colorType: 0 });
}

export default defineEndpoint({
  id: 'tools.qr',
  method: 'POST',
  path: '/v1/tools/qr',
  summary: 'QR code: text to a PNG or SVG image',
  description:
    'Encodes text as a QR code, drawn by Tollgate itself. Choose PNG (base64) or SVG, the image size, the error-correction level and the ' +
    'quiet zone. Text that does not fit at the chosen level, or a size under 2 px a module, is a 400 naming the field, not charged.',
  input: QrRequest,
  output: QrResponse,
  prepare: ({ input }) => ({ ...input, symbol: symbolFor(input) }),
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { text: 'https://example.com/', format: 'svg', size: 256, errorCorrection: 'M', margin: 4 },
    response: {
      format: 'svg',
      size: 256,
      version: 2,
      mimeType: 'image/svg+xml',
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 33 33" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h33v33H0z"/><path stroke="#000000" d="M4 4.5h7m1 0h1…"/></svg>\n',
    },
  },
  async handler({ plan }) {
    if (plan.format === 'svg') {
      // A vector image: scaled by a fraction, its modules stay equal.
      const svg = await QRCode.toString(plan.text, { errorCorrectionLevel: plan.errorCorrection, width: plan.size, margin: plan.margin, type: 'svg' });
      return { format: 'svg' as const, size: plan.size, version: plan.symbol.version, mimeType: 'image/svg+xml' as const, svg };
    }
    const png = drawPng(plan.symbol, plan.size, plan.margin);
    return { format: 'png' as const, size: plan.size, version: plan.symbol.version, mimeType: 'image/png' as const, image: png.toString('base64') };
  },
});
