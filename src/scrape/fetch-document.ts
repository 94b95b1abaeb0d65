import type { FetchedPage } from '../net/fetcher';
import { documentKind, servedType, type DocumentKind } from '../net/document-kind';
import { fetchFailureToApiError } from '../net/errors';
import type { CallOptions, Providers } from '../providers/providers';
import type { PageRead, PageReadRequest } from '../providers/families/pages';
import type { ContentFormat } from './page-content';
import { EMPTY_METADATA } from './metadata';

/** A document and how to read it: as HTML, or as it is (text/plain, JSON, CSV, XML…). */
export interface ReadableDocument {
  kind: DocumentKind;
  /** The HTML, or the XML or text as it is. */
  text: string;
  /** Where it was read (the base of its relative links). */
  url: string;
}

/** A fetched page and how to read it. */
export interface FetchedDocument extends ReadableDocument {
  page: FetchedPage;
}

/**
 * Fetches a customer's URL through the web family (the SSRF-safe fetcher): a refused destination
 * is a 400 naming `url`, an unreachable, too large or endlessly redirecting one a 502 naming it,
 * all uncharged; a 404 or 500 page is a page. A body that is neither markup nor text (an image,
 * a PDF, an archive) cannot be read: 502 naming `url`.
 */
export async function fetchDocument(providers: Providers, url: string, call: CallOptions): Promise<FetchedDocument> {
  // A stub page that refreshes at once to the page is not what the customer asked to read (as /v1/scrape/js follows it).
  const page = await providers.web.fetchPage(url, { followMetaRefresh: true }, call).catch((error: unknown) => {
    throw fetchFailureToApiError(error, 'url');
  });
  // An untyped body is what its bytes say it is: an image or an archive sent without a type has nothing to read either.
  return { page, kind: documentKind(servedType(page.contentType, page.body), 'scrape'), text: page.text, url: page.url };
}

/**
 * The document's content in `format`: HTML read by the page readers (on their threads); XML and
 * plain text as they are (escaped in a `<pre>` for `html`; a selector matches nothing in them).
 */
export async function readDocument(
  providers: Providers,
  document: ReadableDocument,
  options: Omit<PageReadRequest, 'html' | 'url'>,
  call: CallOptions,
): Promise<PageRead> {
  if (document.kind === 'html') return providers.pages.read({ ...options, html: document.text, url: document.url }, call);
  const text = options.selector ? '' : document.text;
  return { title: null, metadata: { ...EMPTY_METADATA }, content: plainContent(text, options.format), ...(options.headings ? { headings: [] } : {}) };
}

function plainContent(text: string, format: ContentFormat): string {
  if (format !== 'html' || text === '') return text;
  return `<pre>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</pre>`;
}
