import { UpstreamError } from '../core/errors';
import type { LighthouseReport } from '../providers/families/browser';
import { documentKind } from './document-kind';
import { withUrlsRedacted } from './errors';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * One Lighthouse run (the `lighthouse` package, default mobile configuration with simulated
 * throttling) on the browser listening on 127.0.0.1:`port`, in a tab of its own. The browser's
 * proxy settings apply to that tab too, so every request Lighthouse makes passes the egress
 * check. Lighthouse cannot be cancelled mid-run; `maxWaitMs` bounds its wait for the page.
 * `checkLanding` is given every address the main frame ended at, to refuse one it was sent to
 * (DestinationRefused: the 400 a refused URL gets).
 */
export async function runLighthouse(url: string, port: number, maxWaitMs: number, checkLanding: (landed: string) => Promise<void>): Promise<LighthouseReport> {
  // Loaded on first use: the package is large, and most servers never run an audit.
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'silent',
    onlyCategories: [...CATEGORIES],
    maxWaitForLoad: Math.max(5_000, maxWaitMs),
  });
  const report = result?.lhr;
  if (!report) throw new UpstreamError('The page audit produced no report; you were not charged.');
  // Sent by a redirect or a script to a refused address, the page failed to load there (the
  // egress proxy stopped it): that is the refusal, not a page that did not load.
  for (const landed of new Set([report.mainDocumentUrl, report.finalDisplayedUrl])) if (landed) await checkLanding(landed);
  if (report.runtimeError?.code === 'NOT_HTML') throw notHtml(report.runtimeError.message);
  if (report.runtimeError) {
    throw new UpstreamError('The page could not be audited (it did not load); you were not charged.', { detail: withUrlsRedacted(`${report.runtimeError.code}: ${report.runtimeError.message}`) });
  }
  const score = (category: (typeof CATEGORIES)[number]) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const metric = (audit: string) => {
    const value = report.audits[audit]?.numericValue;
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  };
  return {
    url: report.finalDisplayedUrl,
    performanceScore: score('performance'),
    accessibilityScore: score('accessibility'),
    bestPracticesScore: score('best-practices'),
    seoScore: score('seo'),
    firstContentfulPaint: Math.round(metric('first-contentful-paint')),
    largestContentfulPaint: Math.round(metric('largest-contentful-paint')),
    cumulativeLayoutShift: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    speedIndex: Math.round(metric('speed-index')),
    totalBlockingTime: Math.round(metric('total-blocking-time')),
  };
}

/**
 * Lighthouse audits HTML only. What it calls "not HTML" is refused by the browser endpoints' one
 * rule when it is no document at all (an image, a PDF: `documentKind` throws); text and XML are
 * documents, but not pages to audit.
 */
function notHtml(message: string): UpstreamError {
  const type = /MIME type ([^\s)]+)/.exec(message)?.[1];
  if (type === undefined) return new UpstreamError('url: the page is not HTML: there is nothing to audit.');
  documentKind(type, 'audit');
  return new UpstreamError(`url: the page is ${type}, not HTML: there is nothing to audit.`);
}
