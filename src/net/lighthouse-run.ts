import { UpstreamError } from '../core/errors';
import type { LighthouseReport } from '../providers/families/browser';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * One Lighthouse run (the `lighthouse` package, default mobile configuration with simulated
 * throttling) on the browser listening on 127.0.0.1:`port`, in a tab of its own. The browser's
 * proxy settings apply to that tab too, so every request Lighthouse makes passes the egress
 * check. Lighthouse cannot be cancelled mid-run; `maxWaitMs` bounds its wait for the page.
 */
export async function runLighthouse(url: string, port: number, maxWaitMs: number): Promise<LighthouseReport> {
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
  if (report.runtimeError) {
    throw new UpstreamError('The page could not be audited (it did not load); you were not charged.', { detail: `${report.runtimeError.code}: ${report.runtimeError.message}` });
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
