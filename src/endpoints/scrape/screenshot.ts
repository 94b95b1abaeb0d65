import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { wholeNumber } from '../../schemas/request-fields';
import { pageUrl } from '../../schemas/page-url';
import { MAX_FULL_PAGE_HEIGHT } from '../../net/browser-provider';

const ScreenshotRequest = z.strictObject({
  url: pageUrl('The page to capture.'),
  fullPage: z.boolean().default(false).meta({ description: `The whole page rather than the viewport (cut at ${MAX_FULL_PAGE_HEIGHT} pixels, Chromium's limit: see \`truncated\`).` }),
  width: wholeNumber(320, 3840).default(1920).meta({ description: 'Viewport width in pixels, 320 to 3840: the image is this wide.' }),
  height: wholeNumber(240, 2160).default(1080).meta({ description: 'Viewport height in pixels, 240 to 2160: the image is this tall unless fullPage.' }),
});

const ScreenshotResponse = z.object({
  url: z.string().meta({ description: 'The page captured, after redirects.' }),
  image: z.string().meta({ description: 'The screenshot: a PNG, base64-encoded.' }),
  width: z.number().int().meta({ description: 'Image width in pixels.' }),
  height: z.number().int().meta({ description: 'Image height in pixels: the height captured.' }),
  pageHeight: z.number().int().meta({ description: "The page's whole height in pixels at this width (at least the viewport's)." }),
  truncated: z.boolean().meta({ description: `True when a full-page shot was cut at ${MAX_FULL_PAGE_HEIGHT} pixels, short of \`pageHeight\`: the image shows the page's top \`height\` pixels only.` }),
});

export default defineEndpoint({
  id: 'scrape.screenshot',
  method: 'POST',
  path: '/v1/scrape/screenshot',
  summary: 'Screenshot of a page (PNG)',
  description:
    'Renders the page in headless Chromium at the viewport asked for (images and fonts loaded) and returns a PNG of exactly that size; ' +
    `with fullPage, the whole page at that width, up to ${MAX_FULL_PAGE_HEIGHT} pixels tall (Chromium's limit): a taller page is cut there, and the answer says so ` +
    "(`truncated` true, `pageHeight` the page's whole height, `height` the height captured). Every request the page makes passes Tollgate's destination check.",
  input: ScreenshotRequest,
  output: ScreenshotResponse,
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { url: 'https://example.com/', width: 1280, height: 800 },
    response: { url: 'https://example.com/', image: 'iVBORw0KGgoAAAANSUhEUgAABQAAAAMgCAIAAADUlhEB…', width: 1280, height: 800, pageHeight: 2400, truncated: false },
  },
  async handler({ input, providers, call }) {
    const shot = await providers.browser.screenshot(input, call);
    return { url: shot.url, image: shot.png.toString('base64'), width: shot.width, height: shot.height, pageHeight: shot.pageHeight, truncated: shot.truncated };
  },
});
