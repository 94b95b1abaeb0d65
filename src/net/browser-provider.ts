import type { Page, Request, Response } from 'playwright-core';
import type { CallOptions } from '../providers/providers';
import type { BrowserProvider, PageAudit, RenderedPage } from '../providers/families/browser';
import { BrowserPool } from './browser-pool';
import { disguisePage, stealthContextOptions, type StealthCountry } from './browser-stealth';
import { evaluateSettled, LONG_TASK_RECORDER, measureTimeToInteractive, readPageFacts } from './page-audit';
import { runLighthouse } from './lighthouse-run';
import { withoutTitle } from './pdf-title';
import { checkDrawable, documentKind } from './document-kind';
import { DestinationRefused, FetchFailed } from './errors';
import { EGRESS_ANSWER_HEADER } from './egress-proxy';

/** The tallest full-page screenshot taken, in CSS pixels (a longer page is cut there). */
export const MAX_FULL_PAGE_HEIGHT = 16_384;
/** The most pages a PDF has (a longer document is cut there). */
export const MAX_PDF_PAGES = 100;
/** The largest rendered DOM read back, in characters (a script can grow a page without bound). */
const MAX_RENDERED_HTML_CHARS = 10_000_000;

export interface BrowserProviderOptions {
  /**
   * Refuses a URL the customer gave before the browser opens it (DestinationRefused: 400 naming
   * `url`). The egress proxy checks every request anyway; this makes the first one's refusal a
   * clear answer instead of a failed page.
   */
  checkDestination?(url: string, signal: AbortSignal): Promise<void>;
  /** The checking proxy a stealth scrape from `country` leaves through, when the operator set an upstream for it. */
  stealthProxyUrl?(country: string): Promise<string>;
}

/** The `browser` provider family: pages rendered by the pool. */
export function browserProvider(poolOf: () => Promise<BrowserPool>, options: BrowserProviderOptions = {}): BrowserProvider {
  const check = async (url: string, call: CallOptions) => options.checkDestination?.(url, call.signal);
  return {
    name: 'chromium',

    async render(request, call) {
      await check(request.url, call);
      const pool = await poolOf();
      const stealth = request.stealth;
      const proxy = stealth && options.stealthProxyUrl ? { server: await options.stealthProxyUrl(stealth.country) } : undefined;
      const context = stealth ? { ...stealthContextOptions(stealth.country as StealthCountry), proxy } : undefined;
      return pool.withPage({ signal: call.signal, context }, (page, limits) =>
        withNavigationsChecked(page, request.url, (url) => check(url, call), async () => {
          if (stealth) await disguisePage(page, stealth.country as StealthCountry, page.context().browser()?.version() ?? '0.0.0.0');
          const response = reached(await page.goto(request.url, { waitUntil: 'load' }));
          if (request.waitFor > 0) await page.waitForTimeout(Math.min(request.waitFor, limits.remainingMs()));
          const { rendered, contentType } = await snapshot(page, response);
          // An image or a PDF shown on its own has nothing to read: the 502 /v1/scrape answers.
          const kind = documentKind(contentType, 'scrape');
          if (kind === 'html') return { ...rendered, kind };
          return { ...rendered, kind, title: '', html: await documentAsServed(page, response, kind) };
        }),
      );
    },

    async screenshot(request, call) {
      await check(request.url, call);
      const pool = await poolOf();
      // The pool's spare page, sized for the shot (its context's scale factor is 1).
      return pool.withPage(
        { signal: call.signal, loadHeavyResources: true },
        (page) =>
          withNavigationsChecked(page, request.url, (url) => check(url, call), async () => {
            await page.setViewportSize({ width: request.width, height: request.height });
            reached(await page.goto(request.url, { waitUntil: 'load' }));
            checkDrawable(await documentType(page));
            const documentHeight = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0));
            const pageHeight = Math.max(request.height, Math.ceil(documentHeight));
            const height = request.fullPage ? Math.min(MAX_FULL_PAGE_HEIGHT, pageHeight) : request.height;
            const png = await page.screenshot({ type: 'png', fullPage: request.fullPage, clip: { x: 0, y: 0, width: request.width, height } });
            return { url: page.url(), png, width: request.width, height, pageHeight, truncated: request.fullPage && pageHeight > height };
          }),
      );
    },

    async pdf(request, call) {
      if (request.source.url !== undefined) await check(request.source.url, call);
      const pool = await poolOf();
      const { url, html } = request.source;
      // Inline HTML that sends its page to a refused destination is refused naming `html`.
      const checkNavigation = url !== undefined ? (destination: string) => check(destination, call) : (destination: string) => refusedAs('html', check(destination, call));
      return pool.withPage({ signal: call.signal, loadHeavyResources: true }, (page) =>
        withNavigationsChecked(page, url, checkNavigation, async () => {
          if (url !== undefined) {
            reached(await page.goto(url, { waitUntil: 'load' }));
            checkDrawable(await documentType(page));
          } else {
            await page.setContent(html ?? '', { waitUntil: 'load' });
          }
          const pdf = await page.pdf({ format: request.pageSize, landscape: request.landscape, printBackground: request.printBackground, margin: request.margins, pageRanges: `1-${MAX_PDF_PAGES}` });
          // Inline HTML without a <title> would be titled with the page's address, about:blank.
          return html !== undefined && (await page.title()) === '' ? withoutTitle(pdf, page.url()) : pdf;
        }),
      );
    },

    async audit(url, call) {
      await check(url, call);
      const pool = await poolOf();
      return pool.withPage({ signal: call.signal }, (page, limits) =>
        withNavigationsChecked(page, url, (destination) => check(destination, call), async (): Promise<PageAudit> => {
          await page.addInitScript(LONG_TASK_RECORDER);
          const response = reached(await page.goto(url, { waitUntil: 'load' }));
          const timeToInteractive = await measureTimeToInteractive(page, limits.remainingMs);
          documentKind(await documentType(page), 'audit'); // the same rule: nothing to audit in an image
          const facts = await readPageFacts(page);
          return { ...facts, statusCode: response?.status() ?? 200, timeToInteractive };
        }),
      );
    },

    async lighthouse(url, call) {
      await check(url, call);
      const pool = await poolOf();
      // A browser to itself: one Lighthouse run at a time per browser, nothing else beside it.
      return pool.withBrowser(call.signal, async (_browser, limits) =>
        runLighthouse(url, limits.debuggingPort, limits.remainingMs(), (landed) => checkWhereItLanded(landed, url, (destination) => check(destination, call))),
      );
    },

  };
}

/**
 * Runs `work` on the page while watching every page its main frame is sent to — by a redirect, a
 * meta refresh or a script, before, during or after the load, inline HTML included — and checks
 * each one as the customer's URL was checked (`start`, already checked, is not asked again). The
 * egress proxy has already refused the request itself (an https one fails the navigation, an http
 * one answers 403); here the customer gets what a refused URL gets, a 400 naming its field, not a
 * failed page or a picture of the proxy's refusal, charged. Checked after the work too, so what a
 * page did until its output was taken counts.
 */
async function withNavigationsChecked<T>(page: Page, start: string | undefined, check: (url: string) => Promise<void>, work: () => Promise<T>): Promise<T> {
  const sentTo = new Set<string>();
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) sentTo.add(request.url());
  };
  const checkAll = async () => {
    for (const url of sentTo) if (url !== start && /^https?:/i.test(url)) await check(url);
  };
  page.on('request', onRequest);
  try {
    const output = await work();
    await checkAll();
    return output;
  } catch (error) {
    await checkAll(); // a refused destination is often why the work failed
    throw error;
  } finally {
    page.off('request', onRequest);
  }
}

/**
 * The page's main response, unless it is the egress proxy's word that the site could not be
 * reached (a plain-http page; an https one fails its navigation instead): that is the fetcher's
 * 502 naming `url`, not a page of the proxy's text to read, shoot or audit — and charge for.
 */
function reached(response: Response | null): Response | null {
  if (response?.headers()[EGRESS_ANSWER_HEADER] === 'unreachable') throw new FetchFailed('url: the site could not be reached; you were not charged.');
  return response;
}

/** A refusal of a destination, said of `field` (the inline HTML that went there) rather than of `url`. */
async function refusedAs(field: string, checked: Promise<void>): Promise<void> {
  try {
    await checked;
  } catch (error) {
    throw error instanceof DestinationRefused ? new DestinationRefused(error.reason, { field, cause: error }) : error;
  }
}

/**
 * An XML or text document as its server sent it, not the viewer Chromium builds around it (a
 * tree of XML, a `<pre>` of text): the main response's body when the page still shows it, else
 * the document read back from the page.
 */
async function documentAsServed(page: Page, response: Response | null, kind: 'xml' | 'text'): Promise<string> {
  let text: string | null = null;
  if (response && response.url() === page.url()) text = await response.text().catch(() => null);
  text ??= (await evaluateSettled(
    page,
    kind === 'xml' ? 'new XMLSerializer().serializeToString(document)' : 'document.body ? document.body.innerText : ""',
  )) as string;
  if (text.length > MAX_RENDERED_HTML_CHARS) throw renderedTooLarge('document');
  return text;
}

/** The media type of the document the page shows now (`image/png` for an image opened on its own). */
async function documentType(page: Page): Promise<string> {
  return (await evaluateSettled(page, 'document.contentType')) as string;
}

/** A page that sent itself elsewhere (a meta refresh, a script) is held to the same rule as a redirect. */
async function checkWhereItLanded(landed: string, url: string, check: (url: string) => Promise<void>): Promise<void> {
  if (landed !== url && /^https?:/i.test(landed)) await check(landed);
}

/**
 * The page as it is now (read again if it navigated on its own meanwhile), and its document's
 * type: an image or a PDF is shown in a document of the browser's own making, with nothing to read.
 */
async function snapshot(page: Page, response: Response | null): Promise<{ rendered: Omit<RenderedPage, 'kind'>; contentType: string }> {
  const { html, title, contentType } = (await evaluateSettled(
    page,
    `(() => { const html = document.documentElement ? document.documentElement.outerHTML : ''; return { html: html.length > ${MAX_RENDERED_HTML_CHARS} ? null : html, title: document.title, contentType: document.contentType }; })()`,
  )) as { html: string | null; title: string; contentType: string };
  if (html === null) throw renderedTooLarge('rendered page');
  const doctype = (await evaluateSettled(page, 'document.doctype ? "<!DOCTYPE " + document.doctype.name + ">" : ""')) as string;
  return { rendered: { url: page.url(), statusCode: response?.status() ?? 200, html: doctype + html, title }, contentType };
}

/** A page grown past what is read back: the page's doing, a 502 naming `url` as a fetched page too large is. */
function renderedTooLarge(what: 'document' | 'rendered page'): FetchFailed {
  return new FetchFailed(`url: the ${what} is larger than ${MAX_RENDERED_HTML_CHARS / 1_000_000} million characters; you were not charged.`);
}
