import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { pageUrl } from '../../schemas/page-url';
import { MAX_PDF_PAGES } from '../../net/browser-provider';
import { FetchFailed } from '../../net/errors';

/** Each paper size, portrait (never wider than tall), in inches. */
const PAPER_INCHES = {
  A0: { width: 33.1, height: 46.8 },
  A1: { width: 23.4, height: 33.1 },
  A2: { width: 16.54, height: 23.4 },
  A3: { width: 11.7, height: 16.54 },
  A4: { width: 8.27, height: 11.7 },
  A5: { width: 5.83, height: 8.27 },
  A6: { width: 4.13, height: 5.83 },
  Letter: { width: 8.5, height: 11 },
  Legal: { width: 8.5, height: 14 },
  Tabloid: { width: 11, height: 17 },
  Ledger: { width: 11, height: 17 },
} as const;
type PageSize = keyof typeof PAPER_INCHES;
const PAGE_SIZES = Object.keys(PAPER_INCHES) as [PageSize, ...PageSize[]];

/**
 * Chromium's (and Playwright's) Ledger is the one format defined lying down, 17 × 11 in, which
 * its landscape flag turns upright. Ledger is Tabloid's paper (11 × 17 in), so the browser is
 * asked for Tabloid: portrait is then taller than wide and landscape wider than tall for every size.
 */
function browserFormat(pageSize: PageSize): string {
  return pageSize === 'Ledger' ? 'Tabloid' : pageSize;
}

/** CSS pixels a unit, as Playwright converts margins (its cm and mm rounded: 37.8 and 3.78). */
const PIXELS_PER_UNIT = { px: 1, in: 96, cm: 37.8, mm: 3.78 } as const;

const LENGTH = /^\d{1,4}(\.\d{1,3})?(px|in|cm|mm)$/;

const Margin = z.string().regex(LENGTH, 'must be a length such as 10mm, 1cm, 0.5in or 40px').default('1cm');

/**
 * A page that could not be loaded or rendered (502), said of the field the caller sent: the
 * browser's failures name `url`, which inline HTML's page is not, and a URL whose host does not
 * resolve fails before any page is opened, naming no field.
 */
function saidOfField(error: unknown, field: 'url' | 'html'): unknown {
  if (!(error instanceof FetchFailed)) return error;
  return new FetchFailed(`${field}: ${error.message.replace(/^(?:url|html): /, '')}`, { cause: error.cause, detail: error.detail });
}

const PdfRequest = z
  .strictObject({
    url: pageUrl('The page to print. Give url or html, not both.').optional(),
    html: z.string().min(1).max(1_000_000).optional().meta({
      description: 'A whole HTML document to print instead of a URL. What it loads (images, stylesheets) passes the same destination check as a URL.',
    }),
    pageSize: z.enum(PAGE_SIZES).default('A4').meta({ description: 'Paper size, turned by `orientation`: portrait is taller than wide, landscape wider than tall (Ledger is the 11 × 17 in paper of Tabloid).' }),
    orientation: z.enum(['portrait', 'landscape']).default('portrait'),
    printBackground: z.boolean().default(true).meta({ description: 'Print background colours and images.' }),
    margins: z
      .strictObject({ top: Margin, right: Margin, bottom: Margin, left: Margin })
      .default({ top: '1cm', right: '1cm', bottom: '1cm', left: '1cm' })
      .meta({ description: 'Page margins (CSS lengths: mm, cm, in, px); 1cm each by default. Opposite margins must leave room on the paper.' }),
  })
  .refine((request) => (request.url === undefined) !== (request.html === undefined), {
    message: 'give exactly one of url and html',
    path: ['url'],
  })
  .superRefine((request, context) => {
    const overflow = marginOverflow(request.margins, request.pageSize, request.orientation);
    if (overflow) context.addIssue({ code: 'custom', message: overflow.message, path: ['margins', overflow.side] });
  });

type Margins = { top: string; right: string; bottom: string; left: string };

function inches(length: string): number {
  const unit = length.slice(-2) as keyof typeof PIXELS_PER_UNIT;
  return (Number(length.slice(0, -2)) * PIXELS_PER_UNIT[unit]) / 96;
}

/**
 * Margins that meet or cross on the chosen paper leave nothing to print on (Chromium refuses:
 * "content area is empty"): the side to name, the larger of the two that meet, and why. Only
 * margins that are all lengths are judged: a margin that is not one is already its own 400.
 */
function marginOverflow(margins: Margins, pageSize: PageSize, orientation: 'portrait' | 'landscape'): { side: keyof Margins; message: string } | undefined {
  if (!Object.values(margins).every((margin) => LENGTH.test(margin))) return undefined;
  const paper = PAPER_INCHES[pageSize];
  const [width, height] = orientation === 'landscape' ? [paper.height, paper.width] : [paper.width, paper.height];
  const pairs = [
    { sides: ['top', 'bottom'] as const, room: height, dimension: 'tall' },
    { sides: ['left', 'right'] as const, room: width, dimension: 'wide' },
  ];
  for (const { sides, room, dimension } of pairs) {
    const [first, second] = sides.map((side) => inches(margins[side])) as [number, number];
    if (first + second < room) continue;
    const side = first >= second ? sides[0] : sides[1];
    const message = `the ${sides[0]} and ${sides[1]} margins (${margins[sides[0]]} and ${margins[sides[1]]}) leave no room on ${pageSize} ${orientation} paper, ${Math.round(room * 25.4)} mm ${dimension}`;
    return { side, message };
  }
  return undefined;
}

const PdfResponse = z.object({
  pdf: z.string().meta({ description: 'The PDF document, base64-encoded.' }),
  bytes: z.number().int().meta({ description: 'Size of the PDF in bytes.' }),
});

export default defineEndpoint({
  id: 'tools.pdf',
  method: 'POST',
  path: '/v1/tools/pdf',
  summary: 'PDF of a web page or of HTML',
  description:
    `Prints a URL, or an HTML document given inline, to PDF with headless Chromium: paper size, orientation, margins, backgrounds; at most ${MAX_PDF_PAGES} pages. ` +
    'Every request the page makes (inline HTML included) passes Tollgate\'s destination check.',
  input: PdfRequest,
  output: PdfResponse,
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { url: 'https://example.com/', pageSize: 'A4', orientation: 'portrait' },
    response: { pdf: 'JVBERi0xLjQKJdPr6eEKMSAwIG9iago8PC9DcmVhdG9yIChDaHJvbWl1bSk…', bytes: 18342 },
  },
  async handler({ input, providers, call }) {
    const document = await providers.browser
      .pdf(
        {
          source: input.url !== undefined ? { url: input.url } : { html: input.html ?? '' },
          pageSize: browserFormat(input.pageSize),
          landscape: input.orientation === 'landscape',
          printBackground: input.printBackground,
          margins: input.margins,
        },
        call,
      )
      .catch((error: unknown) => {
        throw saidOfField(error, input.url !== undefined ? 'url' : 'html');
      });
    return { pdf: document.toString('base64'), bytes: document.length };
  },
});
