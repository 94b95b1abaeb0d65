import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { pageUrl } from '../../schemas/page-url';
import { MAX_PDF_PAGES } from '../../net/browser-provider';

const PAGE_SIZES = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid', 'Ledger'] as const;

const Margin = z
  .string()
  .regex(/^\d{1,4}(\.\d{1,3})?(px|in|cm|mm)$/, 'must be a length such as 10mm, 1cm, 0.5in or 40px')
  .default('1cm');

const PdfRequest = z
  .strictObject({
    url: pageUrl('The page to print. Give url or html, not both.').optional(),
    html: z.string().min(1).max(1_000_000).optional().meta({
      description: 'A whole HTML document to print instead of a URL. What it loads (images, stylesheets) passes the same destination check as a URL.',
    }),
    pageSize: z.enum(PAGE_SIZES).default('A4').meta({ description: 'Paper size.' }),
    orientation: z.enum(['portrait', 'landscape']).default('portrait'),
    printBackground: z.boolean().default(true).meta({ description: 'Print background colours and images.' }),
    margins: z
      .strictObject({ top: Margin, right: Margin, bottom: Margin, left: Margin })
      .default({ top: '1cm', right: '1cm', bottom: '1cm', left: '1cm' })
      .meta({ description: 'Page margins (CSS lengths: mm, cm, in, px); 1cm each by default.' }),
  })
  .refine((request) => (request.url === undefined) !== (request.html === undefined), {
    message: 'give exactly one of url and html',
    path: ['url'],
  });

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
    const document = await providers.browser.pdf(
      {
        source: input.url !== undefined ? { url: input.url } : { html: input.html ?? '' },
        pageSize: input.pageSize,
        landscape: input.orientation === 'landscape',
        printBackground: input.printBackground,
        margins: input.margins,
      },
      call,
    );
    return { pdf: document.toString('base64'), bytes: document.length };
  },
});
