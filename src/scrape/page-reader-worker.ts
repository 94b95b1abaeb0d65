/**
 * A page reader's worker thread (src/scrape/page-readers.ts): reads one page per task, exactly as
 * `readPage` does on the main thread. Selectors arrive as text, already checked by the endpoint.
 */
import type { PageRead, PageReadRequest } from '../providers/families/pages';
import { compileSelector, type Element } from './dom';
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
