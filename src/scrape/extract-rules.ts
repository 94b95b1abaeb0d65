import { z } from 'zod';
import { DOMParser, parseHTML } from 'linkedom';
import xpath from 'xpath';
import { ApiError, DestinationFailed } from '../core/errors';
import { compileSelector, firstElementDeeperThan, MAX_DEPTH } from './dom';
import { matchText, type TextNode } from './match-text';

/**
 * Extraction rules: `{name: "css selector"}` or `{name: {selector, type, attribute, all}}` →
 * `{name: value | value[] | null}`. Each rule is compiled (and refused with a 400 naming it)
 * before the page is fetched. XPath runs on linkedom, a DOM the `xpath` engine can walk (HTML
 * names matched case-insensitively and without namespace, as in a browser's `document.evaluate`);
 * CSS on the same document through css-select, which linkedom uses too. XML (a feed, a sitemap) is
 * parsed as XML, where RSS's `<link>` holds its URL (HTML's `<link>` is empty), and searched the
 * same way (linkedom puts XML's elements in no namespace of their own, so `//item/link` matches).
 */
const Selector = z.string().trim().min(1).max(2000);

export const ExtractRule = z.union([
  Selector.meta({ description: 'A CSS selector; the trimmed text of the first match.' }),
  z.strictObject({
    selector: Selector.meta({ description: 'A CSS selector or an XPath expression, per `type`.' }),
    type: z.enum(['css', 'xpath']).default('css').meta({ description: 'How `selector` is read.' }),
    attribute: z.string().trim().min(1).max(200).optional().meta({ description: 'Read this attribute of each match instead of its text (`href`, `src`, `content`…).' }),
    all: z.boolean().default(false).meta({ description: 'Every match, as an array, instead of the first.' }),
  }),
]);

export const MAX_RULES = 50;

export const ExtractRules = z
  .record(z.string().min(1).max(100), ExtractRule)
  .refine((rules) => Object.keys(rules).length >= 1, 'at least one rule')
  .refine((rules) => Object.keys(rules).length <= MAX_RULES, `at most ${MAX_RULES} rules`)
  .meta({
    description:
      'Named rules. A string is a CSS selector whose first match\'s text is returned; an object chooses `type` (css or xpath), ' +
      '`attribute` and `all`. Each name maps to a string, an array of strings (`all`), or null when nothing matches.',
    examples: [{ title: 'h1', links: { selector: 'a', attribute: 'href', all: true }, price: { selector: "//span[@class='price']", type: 'xpath' } }],
  });

export type ExtractRulesInput = z.output<typeof ExtractRules>;
export type ExtractedValue = string | string[] | null;

/**
 * The most text all values of one extraction may come to. A value is the text of a match, all of
 * it: `//*` with `all` on a page nested 256 deep writes the page's text once per level, gigabytes
 * from a few megabytes of page.
 */
export const MAX_EXTRACTED_CHARACTERS = 32 * 1024 * 1024;

/**
 * A page that extraction will not finish: nested too deep, matching too much, or (the page
 * readers' time limit) taking too long. The caller's page and rules are at fault, not Tollgate nor
 * the site, but the catalog has no status for a page that cannot be processed: like a page too
 * large to fetch or one that is not HTML, it is a 502 naming `url`, uncharged.
 */
export class ExtractionRefused extends DestinationFailed {
  constructor(readonly reason: string) {
    super(`url: ${reason}; you were not charged.`);
    this.name = 'ExtractionRefused';
  }
}

interface XPathExpression {
  evaluate(options: { node: unknown; isHtml: boolean }): XPathValue;
}
type XPathValue = { toArray?: () => DomNode[]; stringValue(): string };
const parseXPath = (xpath as unknown as { parse(expression: string): XPathExpression }).parse;

interface DomNode extends TextNode {
  nodeType: number;
  textContent: string | null;
  nodeValue: string | null;
  /** An attribute's value (linkedom leaves an attribute's `nodeValue` empty). */
  value?: string;
  getAttribute?(name: string): string | null;
}
interface DomDocument {
  querySelectorAll(selector: string): Iterable<DomNode>;
}

/** How the markup is parsed: HTML, or XML (a feed, a sitemap: `documentKind` 'xml'). */
export type MarkupKind = 'html' | 'xml';

export interface CompiledRule {
  name: string;
  attribute: string | undefined;
  all: boolean;
  select(document: DomDocument): DomNode[] | string;
}

/** Every rule compiled; a selector or expression that does not parse is a 400 naming `extractRules.<name>`. */
export function compileRules(rules: ExtractRulesInput): CompiledRule[] {
  return Object.entries(rules).map(([name, rule]) => {
    const field = `extractRules.${name}`;
    const { selector, type, attribute, all } = typeof rule === 'string' ? { selector: rule, type: 'css' as const, attribute: undefined, all: false } : rule;
    if (type === 'css') {
      compileSelector(selector, field);
      return { name, attribute, all, select: (document: DomDocument) => [...document.querySelectorAll(selector)] };
    }
    let expression: XPathExpression;
    try {
      expression = parseXPath(selector);
    } catch {
      throw new ApiError('VALIDATION_ERROR', `${field}: '${selector}' is not a valid XPath expression.`, { param: field });
    }
    return {
      name,
      attribute,
      all,
      select(document: DomDocument) {
        const result = expression.evaluate({ node: document, isHtml: true });
        return typeof result.toArray === 'function' ? result.toArray() : result.stringValue();
      },
    };
  });
}

/**
 * The rules as they came, once every one has compiled: a bad one is a 400 naming it, before
 * anything is held. (The page readers compile them again on their threads: a compiled rule holds functions.)
 */
export function checkedRules(rules: ExtractRulesInput): ExtractRulesInput {
  compileRules(rules);
  return rules;
}

/**
 * The rules applied to a page's markup (HTML, or XML when `kind` says so). A page nested deeper
 * than `MAX_DEPTH` elements, or values past `MAX_EXTRACTED_CHARACTERS`, are an `ExtractionRefused`.
 * Run on the page readers' threads, under their time limit (page-readers.ts): XPath over linkedom
 * is far from linear in the page (an expression can ask for quadratic work by itself).
 */
export function applyRules(markup: string, rules: readonly CompiledRule[], kind: MarkupKind = 'html'): Record<string, ExtractedValue> {
  // linkedom's parser shifts its array of open elements at every tag, as htmlparser2 does (see
  // parsePage): a 500 KB page of nested <div>s took seconds, a 10 MB one hours. What passes this
  // linear check parses in linear time too. (linkedom brings an older htmlparser2, which nests a few
  // things more — a <form> in a <form>: where they differ, the page readers' time limit still ends it.)
  if (firstElementDeeperThan(markup, MAX_DEPTH, kind === 'xml') !== -1) throw new ExtractionRefused(`the page nests elements more than ${MAX_DEPTH} deep, past what extraction reads`);
  const document = kind === 'xml' ? xmlDocument(markup) : xpathReadyDocument(markup);
  const extracted: Record<string, ExtractedValue> = {};
  let characters = 0;
  const counted = (value: string) => {
    characters += value.length;
    if (characters > MAX_EXTRACTED_CHARACTERS) throw new ExtractionRefused(`the rules' values come to more than ${MAX_EXTRACTED_CHARACTERS / 1024 / 1024} MiB of text`);
    return value;
  };
  const valueOf = (node: DomNode, attribute: string | undefined) => matchValue(node, attribute, kind === 'xml');
  for (const rule of rules) {
    const selected = rule.select(document);
    // An XPath expression that computes a value (`count(//a)`, `string(//h1)`) is that value.
    if (typeof selected === 'string') {
      extracted[rule.name] = rule.all ? [counted(selected)] : counted(selected);
      continue;
    }
    if (!rule.all) {
      extracted[rule.name] = firstValue(selected, (node) => valueOf(node, rule.attribute), counted);
      continue;
    }
    const values: string[] = [];
    for (const node of selected) {
      const value = valueOf(node, rule.attribute);
      if (value !== null) values.push(counted(value));
    }
    extracted[rule.name] = values;
  }
  return extracted;
}

/** The first match's value (the first that has one, when reading an attribute), with no other match read. */
function firstValue(selected: DomNode[], valueOf: (node: DomNode) => string | null, counted: (value: string) => string): string | null {
  for (const node of selected) {
    const value = valueOf(node);
    if (value !== null) return counted(value);
  }
  return null;
}

/**
 * linkedom's document, shaped the way a browser's is for XPath: the doctype left out (linkedom
 * gives it no next sibling, which hides the whole page from the `xpath` engine's child axis), and
 * a fragment without `<html>` put inside `<html><body>` as a browser would (`/html/body/…` works).
 */
function xpathReadyDocument(html: string): DomDocument {
  const markup = withoutLeadingDoctype(html);
  const { document } = parseHTML(markup) as unknown as { document: DomDocument & { documentElement: { localName?: string } | null } };
  if (document.documentElement?.localName === 'html') return inDocumentOrder(document);
  return inDocumentOrder((parseHTML(`<html><body>${markup}</body></html>`) as unknown as { document: DomDocument }).document);
}

/** XML parsed as XML: its elements hold what HTML would void (`<link>`), their names' case kept. */
function xmlDocument(xml: string): DomDocument {
  return inDocumentOrder(new DOMParser().parseFromString(xml, 'text/xml') as unknown as DomDocument);
}

/** Each node's place in document order and the last place in its subtree, for the documents extraction parsed. */
const documentOrders = new WeakMap<object, Map<unknown, { start: number; end: number }> | null>();

/**
 * Marks `document` for document-order comparisons by place (built on the first comparison).
 * linkedom's `compareDocumentPosition` orders nodes at different depths by their depth alone — a
 * `<nav>`'s link came after the page's last one — and the `xpath` engine keeps node sets in the
 * order it gives: `//a` listed its matches out of page order, so the first match was the wrong one,
 * and `(//a)[1]` and `string(//a)` read the wrong link.
 */
function inDocumentOrder<T extends DomDocument>(document: T): T {
  orderedComparison();
  documentOrders.set(document, null);
  return document;
}

const PRECEDING = 0x02;
const FOLLOWING = 0x04;
const CONTAINS = 0x08;
const CONTAINED_BY = 0x10;

interface OrderedNode {
  ownerDocument?: object | null;
  attributes?: ArrayLike<OrderedNode>;
  firstChild?: OrderedNode | null;
  nextSibling?: OrderedNode | null;
  compareDocumentPosition(other: OrderedNode): number;
}

let comparisonReplaced = false;

/**
 * linkedom's `compareDocumentPosition` replaced, for the documents `inDocumentOrder` marked, by
 * one that compares places in a walk of the document (elements, then their attributes, then their
 * children, as XPath orders them). Other documents keep linkedom's own.
 */
function orderedComparison(): void {
  if (comparisonReplaced) return;
  comparisonReplaced = true;
  let prototype = Object.getPrototypeOf((parseHTML('<p></p>') as unknown as { document: object }).document) as object | null;
  while (prototype !== null && !Object.hasOwn(prototype, 'compareDocumentPosition')) prototype = Object.getPrototypeOf(prototype) as object | null;
  if (prototype === null) return;
  const linkedomComparison = (prototype as OrderedNode).compareDocumentPosition;
  (prototype as OrderedNode).compareDocumentPosition = function (this: OrderedNode, other: OrderedNode): number {
    const document = (this.ownerDocument ?? this) as OrderedNode;
    if (this === other || !documentOrders.has(document) || (other.ownerDocument ?? other) !== document) return linkedomComparison.call(this, other);
    let order = documentOrders.get(document);
    if (!order) documentOrders.set(document, (order = placesOf(document)));
    const self = order.get(this);
    const target = order.get(other);
    if (self === undefined || target === undefined) return linkedomComparison.call(this, other);
    if (target.start < self.start) return PRECEDING | (self.start <= target.end ? CONTAINS : 0);
    return FOLLOWING | (target.start <= self.end ? CONTAINED_BY : 0);
  };
}

/** Every node's place in document order (a walk of the tree, nested at most `MAX_DEPTH` deep). */
function placesOf(document: OrderedNode): Map<unknown, { start: number; end: number }> {
  const places = new Map<unknown, { start: number; end: number }>();
  let next = 0;
  const visit = (node: OrderedNode) => {
    const start = next++;
    for (const attribute of Array.from(node.attributes ?? [])) {
      places.set(attribute, { start: next, end: next });
      next += 1;
    }
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child);
    places.set(node, { start, end: next - 1 });
  };
  visit(document);
  return places;
}

/**
 * The markup without the doctype that opens it (after any whitespace and comments). Scanned, not
 * matched by a pattern: a pattern that repeats "a comment, then spaces" backtracks through every
 * way of splitting the comments when no doctype follows — twice the time for each comment more.
 */
export function withoutLeadingDoctype(html: string): string {
  let at = 0;
  for (;;) {
    while (at < html.length && WHITESPACE.test(html[at]!)) at += 1;
    if (!html.startsWith('<!--', at)) break;
    // `<!-->` and `<!--->` are comments, closed at once, to HTML and to linkedom's parser.
    const end = html.startsWith('>', at + 4) ? at + 2 : html.startsWith('->', at + 4) ? at + 3 : html.indexOf('-->', at + 4);
    if (end === -1) return html;
    at = end + 3;
  }
  if (html.slice(at, at + 9).toLowerCase() !== '<!doctype') return html;
  const end = html.indexOf('>', at + 9);
  return end === -1 ? html : html.slice(0, at) + html.slice(end + 1);
}

const WHITESPACE = /\s/;

const ELEMENT = 1;
const ATTRIBUTE = 2;

/** An attribute match's value, the `attribute` asked for, or the match's text laid out as the text format lays it out. */
function matchValue(node: DomNode, attribute: string | undefined, xml: boolean): string | null {
  if (node.nodeType === ATTRIBUTE) return node.value ?? node.nodeValue;
  if (attribute !== undefined) return node.nodeType === ELEMENT ? (node.getAttribute?.(attribute) ?? null) : null;
  return matchText(node, xml);
}
