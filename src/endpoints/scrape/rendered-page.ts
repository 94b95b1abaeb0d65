import { z } from 'zod';
import type { CallOptions, Providers } from '../../providers/providers';
import type { RenderRequest } from '../../providers/families/browser';
import type { ContentFormat } from '../../scrape/page-content';
import { readDocument } from '../../scrape/fetch-document';

/** The longest `waitFor` a browser scrape honours (the call's time limit bounds it further). */
export const MAX_WAIT_FOR_MS = 20_000;

/** `waitFor` as the browser scrapes take it: honoured, bounded. */
export function waitForField(defaultMs: number) {
  return z
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_FOR_MS)
    .default(defaultMs)
    .meta({ description: `Milliseconds to wait after the page has loaded, for content its scripts add later; 0 to ${MAX_WAIT_FOR_MS} (default ${defaultMs}).` });
}

type RenderedScrapeRequest = RenderRequest & { format: ContentFormat; selector: string | undefined };

/**
 * Renders the page in the browser pool and reads it exactly as /v1/scrape reads a fetched page
 * (the same readability, markdown, text and HTML writers, the same metadata; XML and text as they are).
 */
export async function scrapeRendered(providers: Providers, request: RenderedScrapeRequest, call: CallOptions) {
  return (await renderAndRead(providers, request, call)).scraped;
}

/**
 * As `scrapeRendered`, with the same content as markdown too (the catalog's stealth shape names
 * `markdown`), whatever `format` asked for: read a second time only when the format is another.
 */
export async function scrapeRenderedWithMarkdown(providers: Providers, request: RenderedScrapeRequest, call: CallOptions) {
  const { document, scraped } = await renderAndRead(providers, request, call);
  const markdown = request.format === 'markdown' ? scraped.content : (await readDocument(providers, document, { format: 'markdown', selector: request.selector }, call)).content;
  return { ...scraped, markdown };
}

async function renderAndRead(providers: Providers, request: RenderedScrapeRequest, call: CallOptions) {
  const page = await providers.browser.render({ url: request.url, waitFor: request.waitFor, stealth: request.stealth }, call);
  const document = { kind: page.kind, text: page.html, url: page.url };
  const { title, metadata, content } = await readDocument(providers, document, { format: request.format, selector: request.selector }, call);
  return { document, scraped: { url: page.url, statusCode: page.statusCode, format: request.format, title, content, metadata } };
}
