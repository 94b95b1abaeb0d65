import { toCleanHtml } from './clean-html';
import { descendantElements, parsePage, selectElements, textOf, type ChildNode, type Element } from './dom';
import { findMainContent, stripNeverContent } from './main-content';
import { toMarkdown, toText } from './markdown';
import { readHead, type PageMetadata } from './metadata';

export const CONTENT_FORMATS = ['markdown', 'html', 'text'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

export interface ReadOptions {
  format: ContentFormat;
  /** A compiled CSS selector (dom.ts `compileSelector`): only what it matches is written, every match in order. */
  selector?: (element: Element) => boolean;
}

export interface PageContent {
  title: string | null;
  metadata: PageMetadata;
  content: string;
  /** The nodes written (for readers that need more than the text, such as the headings). */
  nodes: ChildNode[];
}

/** A fetched page read: its head, and its main content (or the selected part) in the format asked for. */
export function readPage(html: string, pageUrl: string, options: ReadOptions): PageContent {
  const document = parsePage(html);
  const { title, metadata, baseUrl } = readHead(document, pageUrl);
  if (!options.selector) {
    const nodes = findMainContent(document);
    return { title, metadata, nodes, content: write(nodes, baseUrl, options.format) };
  }
  const nodes = selected(document, options.selector);
  return { title, metadata, nodes, content: writeEach(nodes, baseUrl, options.format) };
}

/**
 * Every match written as a block of its own, in page order: written together, inline matches
 * (the links of a `nav a`) ran into one line, `[Home](/)[World](/world)`.
 */
function writeEach(matches: ChildNode[], baseUrl: string, format: ContentFormat): string {
  const blocks = matches.map((match) => write([match], baseUrl, format)).filter((block) => block !== '');
  return blocks.join(format === 'html' ? '\n' : '\n\n');
}

function selected(document: ReturnType<typeof parsePage>, matches: (element: Element) => boolean): ChildNode[] {
  const elements = selectElements(document, matches);
  // A match inside another match is already written with it.
  const chosen = new Set(elements);
  const outermost = elements.filter((element) => {
    for (let parent = element.parent; parent; parent = parent.parent) if (chosen.has(parent as Element)) return false;
    return true;
  });
  for (const element of outermost) stripNeverContent(element);
  return outermost;
}

function write(nodes: ChildNode[], baseUrl: string, format: ContentFormat): string {
  switch (format) {
    case 'markdown':
      return toMarkdown(nodes, baseUrl);
    case 'text':
      return toText(nodes, baseUrl);
    case 'html':
      return toCleanHtml(nodes, baseUrl);
  }
}

/** The headings of written content, in order: the page's structure. */
export function headingsOf(nodes: readonly ChildNode[]): Array<{ level: number; text: string }> {
  const headings: Array<{ level: number; text: string }> = [];
  const visit = (element: Element) => {
    const level = /^h([1-6])$/.exec(element.name)?.[1];
    if (level) {
      const text = textOf(element);
      if (text) headings.push({ level: Number(level), text });
    }
  };
  for (const node of nodes) {
    if (!('name' in node)) continue;
    visit(node as Element);
    for (const element of descendantElements(node)) visit(element);
  }
  return headings;
}
