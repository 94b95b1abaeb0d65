import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { pageUrl } from '../../schemas/page-url';
import { anyCaseEnum } from '../../schemas/request-fields';
import { EXAMPLE_METADATA, ScrapeResult } from '../../schemas/scrape';
import { CONTENT_FORMATS } from '../../scrape/page-content';
import { checkedSelector } from '../../scrape/dom';
import { fetchDocument, readDocument } from '../../scrape/fetch-document';

const ScrapeRequest = z.strictObject({
  url: pageUrl(),
  format: anyCaseEnum(CONTENT_FORMATS).default('markdown').meta({
    description: 'markdown (GitHub-flavoured: headings, links, lists, code, tables), text, or html (cleaned: meaningful attributes only, links absolute); any case (`HTML`), answered in lower case.',
  }),
  selector: z.string().trim().min(1).max(2000).optional().meta({
    description: 'A CSS selector: only what it matches is returned (every match, in page order) instead of the main content found by readability.',
    examples: ['article .post-body'],
  }),
  waitFor: z.number().int().min(0).max(60_000).default(0).meta({
    description: 'Accepted for compatibility and ignored: this endpoint reads the HTML as served and runs no scripts. Use /v1/scrape/js for pages rendered by JavaScript.',
  }),
});

export default defineEndpoint({
  id: 'scrape.scrape',
  method: 'POST',
  path: '/v1/scrape',
  summary: 'Scrape a page to markdown, text or HTML',
  description:
    'Fetches the page (public addresses only; redirects followed and checked) and returns its main content, found by a readability ' +
    'algorithm, as GitHub-flavoured markdown, plain text or cleaned HTML, with its title and metadata. A page that answers 404 or 500 ' +
    'is a successful scrape reporting that statusCode. A destination that is not public is a 400 naming `url`; a site that cannot be ' +
    'reached, or a body that is not HTML or text, is a 502; neither is charged.',
  input: ScrapeRequest,
  output: ScrapeResult,
  // The selector is compiled before anything is held: a bad one is a 400 that costs nothing.
  prepare: ({ input }) => ({ input, selector: checkedSelector(input.selector, 'selector') }),
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { url: 'https://example.com/blog/espresso-at-home', format: 'markdown' },
    response: {
      url: 'https://example.com/blog/espresso-at-home',
      statusCode: 200,
      format: 'markdown',
      title: 'Espresso at home | Brew Blog',
      content: '# Espresso at home\n\nPulling a good shot takes a grinder, fresh beans, and patience.\n\n| Dose | Yield |\n| --- | --- |\n| 18 g | 36 g |',
      metadata: EXAMPLE_METADATA,
    },
  },
  async handler({ plan: { input, selector }, providers, call }) {
    const document = await fetchDocument(providers, input.url, call);
    const { title, metadata, content } = await readDocument(providers, document, { format: input.format, selector }, call);
    return { url: document.page.url, statusCode: document.page.statusCode, format: input.format, title, content, metadata };
  },
});
