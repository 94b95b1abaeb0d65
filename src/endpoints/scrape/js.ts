import { defineEndpoint } from '../../core/define-endpoint';
import { EXAMPLE_METADATA, ScrapeResult } from '../../schemas/scrape';
import scrape from './scrape';
import { checkedSelector } from '../../scrape/dom';
import { scrapeRendered, waitForField } from './rendered-page';

/** /v1/scrape's request, with `waitFor` honoured. */
const ScrapeJsRequest = scrape.input.extend({ waitFor: waitForField(0) });

export default defineEndpoint({
  id: 'scrape.js',
  method: 'POST',
  path: '/v1/scrape/js',
  summary: 'Scrape a page rendered by JavaScript',
  description:
    'Renders the page in headless Chromium (scripts run; images, fonts and media are not downloaded), waits `waitFor` ms after the load ' +
    'event, and reads the rendered DOM exactly as /v1/scrape reads HTML: main content as markdown, text or cleaned HTML, title and ' +
    "metadata. Every request the page makes passes Tollgate's destination check. A destination that is not public is a 400 naming " +
    '`url`; a page that cannot be loaded is a 502; neither is charged.',
  input: ScrapeJsRequest,
  output: ScrapeResult,
  // The selector is checked before anything is held, as /v1/scrape does: a bad one is a 400 that costs nothing.
  prepare: ({ input }) => ({ input, selector: checkedSelector(input.selector, 'selector') }),
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { url: 'https://example.com/blog/espresso-at-home', format: 'markdown', waitFor: 500 },
    response: {
      url: 'https://example.com/blog/espresso-at-home',
      statusCode: 200,
      format: 'markdown',
      title: 'Espresso at home | Brew Blog',
      content: '# Espresso at home\n\nPulling a good shot takes a grinder, fresh beans, and patience.',
      metadata: EXAMPLE_METADATA,
    },
  },
  async handler({ plan: { input, selector }, providers, call }) {
    return scrapeRendered(providers, { url: input.url, waitFor: input.waitFor, format: input.format, selector }, call);
  },
});
