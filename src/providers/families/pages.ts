import type { ContentFormat } from '../../scrape/page-content';
import type { ExtractedValue, ExtractRulesInput, MarkupKind } from '../../scrape/extract-rules';
import type { PageMetadata } from '../../scrape/metadata';
import type { CallOptions, ProviderFamily } from '../providers';

/** A page's HTML to read, and how (src/scrape/page-content.ts `readPage`). */
export interface PageReadRequest {
  html: string;
  /** Where the page came from: relative links and images are made absolute against it (or its <base>). */
  url: string;
  format: ContentFormat;
  /** A CSS selector already checked by the endpoint (`compileSelector`): only what it matches is written. */
  selector?: string;
  /** Also list the headings of what is written (the page's structure). */
  headings?: boolean;
}

export interface PageRead {
  title: string | null;
  metadata: PageMetadata;
  content: string;
  /** When asked for: the headings of the content written, in order. */
  headings?: Array<{ level: number; text: string }>;
}

/** A page's markup and the extraction rules to apply to it (src/scrape/extract-rules.ts `applyRules`). */
export interface PageExtractRequest {
  markup: string;
  /** How the markup is parsed: HTML unless said (XML: a feed, a sitemap). */
  kind?: MarkupKind;
  /** Already checked by the endpoint (`compileRules`). */
  rules: ExtractRulesInput;
}

/** Each rule's value, by the rule's name. */
export type ExtractedValues = Record<string, ExtractedValue>;

/**
 * Pages read into content — parsed, their main content found and written as markdown, text or
 * clean HTML — on worker threads (src/scrape/page-readers.ts), so that a large page never holds
 * up the event loop that every other call shares.
 */
export interface PagesProvider extends ProviderFamily {
  read(request: PageReadRequest, call: CallOptions): Promise<PageRead>;
  /**
   * Extraction rules applied to a page, on the same threads, within a time limit: a page that
   * cannot be extracted from (too deep, too slow, too much) is an `ExtractionRefused` (502, uncharged).
   */
  extract(request: PageExtractRequest, call: CallOptions): Promise<ExtractedValues>;
}
