import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { EXAMPLE_METADATA, ScrapeResult } from '../../schemas/scrape';
import { anyCaseEnum } from '../../schemas/request-fields';
import { stealthCountries } from '../../net/browser-stealth';
import scrape from './scrape';
import { checkedSelector } from '../../scrape/dom';
import { scrapeRenderedWithMarkdown, waitForField } from './rendered-page';

/** /v1/scrape's result, with the catalog's `markdown` beside `content` (the catalog's stealth shape names `markdown`). */
const ScrapeStealthResult = ScrapeResult.extend({
  markdown: z.string().meta({ description: 'The same content as markdown, whatever `format` asked for (equal to `content` for markdown).' }),
});

const ScrapeStealthRequest = scrape.input.extend({
  waitFor: waitForField(2000),
  country: anyCaseEnum(stealthCountries, { error: `must be one of ${stealthCountries.join(', ')}` })
    .default('us')
    .meta({ description: 'Two-letter country the visit appears to come from (any case): language, locale, timezone and, when the operator configured one, the proxy.', examples: ['de'] }),
});

export default defineEndpoint({
  id: 'scrape.stealth',
  method: 'POST',
  path: '/v1/scrape/stealth',
  summary: 'Scrape a page with anti-detection measures',
  description:
    'Like /v1/scrape/js, with the marks of a headless browser removed: a user agent and client hints of the real Chromium version ' +
    'without "Headless", no navigator.webdriver, and the language, locale and timezone of `country`; through a proxy in that country ' +
    'when the operator configured one. Waits 2000 ms after load by default. Besides `content` in the format asked for, `markdown` holds the same ' +
    'content as markdown.',
  input: ScrapeStealthRequest,
  output: ScrapeStealthResult,
  // The selector is checked before anything is held, as /v1/scrape does: a bad one is a 400 that costs nothing.
  prepare: ({ input }) => ({ input, selector: checkedSelector(input.selector, 'selector') }),
  price: ({ perCall }) => perCall(0.03),
  examples: {
    request: { url: 'https://example.com/blog/espresso-at-home', format: 'markdown', country: 'de', waitFor: 1000 },
    response: {
      url: 'https://example.com/blog/espresso-at-home',
      statusCode: 200,
      format: 'markdown',
      title: 'Espresso at home | Brew Blog',
      content: '# Espresso at home\n\nPulling a good shot takes a grinder, fresh beans, and patience.',
      markdown: '# Espresso at home\n\nPulling a good shot takes a grinder, fresh beans, and patience.',
      metadata: EXAMPLE_METADATA,
    },
  },
  async handler({ plan: { input, selector }, providers, call }) {
    return scrapeRenderedWithMarkdown(providers, { url: input.url, waitFor: input.waitFor, format: input.format, selector, stealth: { country: input.country } }, call);
  },
});
