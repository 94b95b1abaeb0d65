import type { CallOptions, ProviderFamily } from '../providers';
import type { DocumentKind } from '../../net/document-kind';

export interface RenderRequest {
  url: string;
  /** Milliseconds to wait after the page's load event (already bounded by the endpoint). */
  waitFor: number;
  /** Rendered with anti-detection measures (user agent, client hints, locale and timezone of `country`). */
  stealth?: { country: string };
}

/** A page as the browser left it. */
export interface RenderedPage {
  /** Final URL, after redirects. */
  url: string;
  /** The main document's HTTP status. */
  statusCode: number;
  /** How the document is read: an HTML page, or XML or text returned as it is. */
  kind: DocumentKind;
  /** The DOM serialised after rendering; XML and text as the server sent them. */
  html: string;
  /** The page's title (empty for XML and text). */
  title: string;
}

export interface ScreenshotRequest {
  url: string;
  fullPage: boolean;
  width: number;
  height: number;
}

export interface Screenshot {
  url: string;
  png: Buffer;
  width: number;
  /** The image's height: the viewport's, or with `fullPage` the page's, cut at the tallest shot taken. */
  height: number;
  /** The page's whole height in CSS pixels (at least the viewport's). */
  pageHeight: number;
  /** A full-page shot cut short of `pageHeight`. */
  truncated: boolean;
}

/** One of `url` or `html`. */
export type PdfSource = { url: string; html?: undefined } | { html: string; url?: undefined };

export interface PdfRequest {
  source: PdfSource;
  pageSize: string;
  landscape: boolean;
  printBackground: boolean;
  /** CSS lengths (`1cm`, `0.5in`, `10mm`). */
  margins: { top: string; right: string; bottom: string; left: string };
}

/** SPEC.md's On-page page record. */
export interface PageAudit {
  url: string;
  statusCode: number;
  title: string;
  description: string;
  h1: string[];
  wordCount: number;
  internalLinks: number;
  externalLinks: number;
  images: number;
  timeToInteractive: number;
}

export interface LighthouseReport {
  url: string;
  performanceScore: number;
  accessibilityScore: number;
  bestPracticesScore: number;
  seoScore: number;
  /** Milliseconds. */
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  cumulativeLayoutShift: number;
  speedIndex: number;
  totalBlockingTime: number;
}

/** Pages rendered in the headless-Chromium pool (src/net/browser-pool.ts); all their traffic passes the egress check. */
export interface BrowserProvider extends ProviderFamily {
  render(request: RenderRequest, call: CallOptions): Promise<RenderedPage>;
  screenshot(request: ScreenshotRequest, call: CallOptions): Promise<Screenshot>;
  pdf(request: PdfRequest, call: CallOptions): Promise<Buffer>;
  audit(url: string, call: CallOptions): Promise<PageAudit>;
  lighthouse(url: string, call: CallOptions): Promise<LighthouseReport>;
}
