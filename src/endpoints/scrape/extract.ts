import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { pageUrl } from '../../schemas/page-url';
import { checkedRules, ExtractRules } from '../../scrape/extract-rules';
import { fetchDocument } from '../../scrape/fetch-document';

const ExtractRequest = z.strictObject({
  url: pageUrl(),
  extractRules: ExtractRules,
});

const ExtractResponse = z.object({
  url: z.string().meta({ description: 'The final URL, after redirects.' }),
  statusCode: z.number().int(),
  extracted: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.null()])).meta({
    description: "Each rule's value: a string (the first match), an array of strings (`all`), or null when nothing matched.",
  }),
});

export default defineEndpoint({
  id: 'scrape.extract',
  method: 'POST',
  path: '/v1/scrape/extract',
  summary: 'Extract fields from a page with CSS or XPath rules',
  description:
    'Fetches the page and applies named extraction rules, each a CSS selector or an XPath expression, reading the text (trimmed) or an ' +
    'attribute of the first match or of every match. A rule that does not parse is a 400 naming it (`extractRules.<name>`), checked ' +
    'before the page is fetched. Fetching follows /v1/scrape: public addresses only, 404 and 500 pages are pages. A page nested more than 256 ' +
    'elements deep, rules taking more than 10 s on the page, or values past 32 MiB of text are a 502 naming `url`, uncharged.',
  input: ExtractRequest,
  output: ExtractResponse,
  // The rules are compiled here, before anything is held: a bad one costs nothing.
  prepare: ({ input }) => ({ input, rules: checkedRules(input.extractRules) }),
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: {
      url: 'https://example.com/shop/espresso-machines',
      extractRules: {
        title: 'h1',
        prices: { selector: '.product .price', all: true },
        firstLink: { selector: '//a[@class="product-link"]/@href', type: 'xpath' },
      },
    },
    response: {
      url: 'https://example.com/shop/espresso-machines',
      statusCode: 200,
      extracted: { title: 'Espresso machines', prices: ['$249.00', '$499.00'], firstLink: '/shop/espresso-machines/classic' },
    },
  },
  async handler({ plan, providers, call }) {
    const document = await fetchDocument(providers, plan.input.url, call);
    // XML (a feed, a sitemap) has elements to select, parsed as XML; plain text has none.
    const markup = document.kind === 'text' ? '' : document.page.text;
    const kind = document.kind === 'xml' ? 'xml' : 'html';
    // On a page reader's thread, under its time limit: the rules' work grows faster than the page.
    const extracted = await providers.pages.extract({ markup, kind, rules: plan.rules }, call);
    return { url: document.page.url, statusCode: document.page.statusCode, extracted };
  },
});
