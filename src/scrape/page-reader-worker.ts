/**
 * A page reader's worker thread (src/scrape/page-readers.ts): reads one page per task, exactly as
 * `readPage` does on the main thread, or applies extraction rules to one (`extractTask`).
 * Selectors and rules arrive as text, already checked by the endpoint.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ExtractedValues, PageExtractRequest, PageRead, PageReadRequest } from '../providers/families/pages';
import { compileSelector, type Element } from './dom';
import { applyRules, compileRules, ExtractionRefused } from './extract-rules';
import { headingsOf, readPage } from './page-content';

/** Compiled selectors, by their text: the same few are asked for again and again. */
const selectors = new Map<string, (element: Element) => boolean>();
const MAX_SELECTORS = 500;

function compiled(selector: string): (element: Element) => boolean {
  let matches = selectors.get(selector);
  if (!matches) {
    if (selectors.size >= MAX_SELECTORS) selectors.clear();
    matches = compileSelector(selector, 'selector');
    selectors.set(selector, matches);
  }
  return matches;
}

export default function readPageTask(request: PageReadRequest): PageRead {
  const selector = request.selector === undefined ? undefined : compiled(request.selector);
  const { title, metadata, content, nodes } = readPage(request.html, request.url, { format: request.format, selector });
  return request.headings ? { title, metadata, content, headings: headingsOf(nodes) } : { title, metadata, content };
}

/** What an extraction task answers: errors lose their class between threads, so a refusal comes back as its reason. */
export type ExtractOutcome = { extracted: ExtractedValues } | { refused: string };

/** Tells `started` that the work begins (the time limit counts from here, not from the queue), then extracts. */
export function extractTask(request: PageExtractRequest & { started: MessagePort }): ExtractOutcome {
  request.started.postMessage(null);
  try {
    return { extracted: applyRules(request.markup, compileRules(request.rules), request.kind) };
  } catch (error) {
    if (error instanceof ExtractionRefused) return { refused: error.reason };
    throw error;
  }
}

/** Does nothing: submitted to make the pool start a thread for the tasks waiting (page-readers.ts `replaceEndedThread`). */
export function wakeTask(): null {
  return null;
}
