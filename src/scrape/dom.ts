import { DomHandler, Parser } from 'htmlparser2';
import { Element, Text, type AnyNode, type ChildNode, type Document, type ParentNode } from 'domhandler';
import { compile, selectAll } from 'css-select';
import { appendChild } from 'domutils';
import { ApiError } from '../core/errors';

/**
 * The page as a tree (htmlparser2's DOM: a few times faster to build and walk than a browser-like
 * DOM, which matters at hundreds of pages a second), and the small helpers every reader of it shares.
 */
export type { AnyNode, ChildNode, Document } from 'domhandler';
export { Element, Text } from 'domhandler';

/**
 * Elements nested deeper than this keep only their text, as one text node: every reader of the
 * tree recurses, and a page of ten thousand nested divs must not overflow the stack (browsers'
 * parsers cap nesting similarly).
 */
export const MAX_DEPTH = 256;

const PARSE_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

/**
 * The page as a tree, in time linear in its size whatever its nesting. htmlparser2 keeps its open
 * elements in an array it shifts at every tag, so a page nested N deep costs its size times N: a
 * megabyte of nested `<div>`s took 6 s, the 10 MiB a fetch may read hours — on the event loop, for
 * every call. So the parse stops at the first element that opens deeper than MAX_DEPTH; the markup
 * from there on is read as the text it holds (its tags dropped) and the page parsed again, its
 * elements now no deeper than the limit. Ordinary pages are parsed once.
 */
export function parsePage(html: string): Document {
  let parsed = parseWithinDepth(html);
  if (parsed.deeperAt !== -1) parsed = parseWithinDepth(html.slice(0, parsed.deeperAt) + textOfMarkup(html.slice(parsed.deeperAt)));
  const { document } = parsed;
  const stack: Array<[ParentNode, number]> = [[document, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (depth + 1 < MAX_DEPTH) stack.push([child, depth + 1]);
      else flatten(child);
    }
  }
  return document;
}

/**
 * Depth as htmlparser2 nests elements — implied ends (`<p><p>`, `<li><li>`) and void elements
 * included: the parser reports each as closed — watched up to the first element past `limit`,
 * where the parser is paused and `deeperAt` notes where that element's tag starts (-1 until then).
 * Its array of open elements stays at most `limit` long, so what is read costs linear time.
 */
class NestingWatch {
  deeperAt = -1;
  private depth = 0;

  constructor(
    private readonly limit: number,
    private readonly parserOf: () => Parser,
  ) {}

  opened(): void {
    this.depth += 1;
    if (this.depth <= this.limit || this.deeperAt !== -1) return;
    const parser = this.parserOf();
    this.deeperAt = parser.startIndex;
    parser.pause();
  }

  closed(): void {
    this.depth -= 1;
  }
}

/**
 * Where the first element nested deeper than `limit` opens in the markup, or -1: read up to it and
 * no further, without building a tree (extraction checks a page so before linkedom parses it).
 * `xml`: nested as an XML parser nests (no void elements: RSS's `<link>` holds its text).
 */
export function firstElementDeeperThan(html: string, limit: number, xml = false): number {
  const watch: NestingWatch = new NestingWatch(limit, () => parser);
  const parser = new Parser({ onopentagname: () => watch.opened(), onclosetag: () => watch.closed() }, { decodeEntities: false, xmlMode: xml });
  parser.write(html);
  return watch.deeperAt;
}

/** htmlparser2's DOM handler, its parser paused at the first element past MAX_DEPTH (`watch.deeperAt`). */
class DepthBoundHandler extends DomHandler {
  readonly watch: NestingWatch;

  constructor(parserOf: () => Parser) {
    super();
    this.watch = new NestingWatch(MAX_DEPTH, parserOf);
  }

  onopentagname(): void {
    this.watch.opened();
  }

  override onclosetag(): void {
    this.watch.closed();
    super.onclosetag();
  }
}

function parseWithinDepth(html: string): { document: Document; deeperAt: number } {
  const handler: DepthBoundHandler = new DepthBoundHandler(() => parser);
  const parser = new Parser(handler, PARSE_OPTIONS);
  parser.write(html);
  const { deeperAt } = handler.watch;
  if (deeperAt === -1) parser.end();
  return { document: handler.root, deeperAt };
}

/** Markup as the text between its tags (and comments), in one pass; a `<` that opens nothing is kept as text. */
function textOfMarkup(markup: string): string {
  const parts: string[] = [];
  let at = 0;
  while (at < markup.length) {
    const open = markup.indexOf('<', at);
    if (open === -1) break;
    parts.push(markup.slice(at, open));
    const close = markup.indexOf('>', open + 1);
    if (close === -1) {
      at = open;
      break;
    }
    at = close + 1;
  }
  parts.push(markup.slice(at).replaceAll('<', '&lt;'));
  return parts.join('');
}

/** Replaces an element's content by its text, gathered without recursion. */
function flatten(element: Element): void {
  const parts: string[] = [];
  const stack: AnyNode[] = [...element.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) parts.push(node.data);
    else if (isElement(node) && !SILENT.has(node.name)) for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index]!);
  }
  element.children = [];
  appendChild(element, new Text(parts.join('')));
}

export function isElement(node: AnyNode): node is Element {
  return node instanceof Element;
}

export function isText(node: AnyNode): node is Text {
  return node instanceof Text;
}

/** The first element named `name` in document order, or undefined. */
export function findElement(root: AnyNode, name: string): Element | undefined {
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isElement(node) && node.name === name) return node;
    if ('children' in node) for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index]!);
  }
  return undefined;
}

/** Every element under `root` (not `root` itself), in document order (a loop, not a generator: it runs on every page). */
export function descendantElements(root: AnyNode): Element[] {
  const elements: Element[] = [];
  if (!('children' in root)) return elements;
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    elements.push(node);
    for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index]!);
  }
  return elements;
}

/** The text under a node as a reader sees it: whitespace runs collapsed to one space, trimmed. */
export function textOf(node: AnyNode): string {
  const parts: string[] = [];
  collectText(node, parts);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Elements whose content is never text a reader sees. */
export const SILENT = new Set(['script', 'style', 'noscript', 'template']);

function collectText(node: AnyNode, parts: string[]): void {
  if (isText(node)) parts.push(node.data);
  else if (isElement(node) && SILENT.has(node.name)) return;
  else if ('children' in node) for (const child of node.children) collectText(child, parts);
}

/** The body (or the document itself when the markup has none). */
export function bodyOf(document: Document): Element | Document {
  return findElement(document, 'body') ?? document;
}

/**
 * A CSS selector compiled, or a 400 naming `field` when it does not parse: checked before
 * anything is fetched, so a bad selector costs nothing.
 */
export function compileSelector(selector: string, field: string): (element: Element) => boolean {
  try {
    return compile<AnyNode, Element>(selector);
  } catch {
    throw new ApiError('VALIDATION_ERROR', `${field}: '${selector}' is not a valid CSS selector.`, { param: field });
  }
}

/**
 * The selector's text, once it has compiled: a bad one is a 400 naming `field`, before anything is
 * held. (The page readers compile it again on their threads: a compiled selector is a function.)
 */
export function checkedSelector(selector: string | undefined, field: string): string | undefined {
  if (selector !== undefined) compileSelector(selector, field);
  return selector;
}

/** The elements under `root` a compiled selector matches, in document order. */
export function selectElements(root: AnyNode, matches: (element: Element) => boolean): Element[] {
  return selectAll<AnyNode, Element>(matches, root);
}

/** `href`/`src` made absolute against the page; undefined for what a reader cannot follow. */
export function absoluteUrl(value: string | undefined, base: string, protocols: ReadonlySet<string> = LINK_PROTOCOLS): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  try {
    const url = new URL(trimmed, base);
    return protocols.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);
export const MEDIA_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);
