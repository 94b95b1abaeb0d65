import { z } from 'zod';
import { parseHTML } from 'linkedom';
import xpath from 'xpath';
import { ApiError } from '../core/errors';
import { compileSelector } from './dom';

/**
 * Extraction rules: `{name: "css selector"}` or `{name: {selector, type, attribute, all}}` →
 * `{name: value | value[] | null}`. Each rule is compiled (and refused with a 400 naming it)
 * before the page is fetched. XPath runs on linkedom, a DOM the `xpath` engine can walk (HTML
 * names matched case-insensitively and without namespace, as in a browser's `document.evaluate`);
 * CSS on the same document through css-select, which linkedom uses too.
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

interface XPathExpression {
  evaluate(options: { node: unknown; isHtml: boolean }): XPathValue;
}
type XPathValue = { toArray?: () => DomNode[]; stringValue(): string };
const parseXPath = (xpath as unknown as { parse(expression: string): XPathExpression }).parse;

interface DomNode {
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

/** The rules applied to a page's HTML. */
export function applyRules(html: string, rules: readonly CompiledRule[]): Record<string, ExtractedValue> {
  const document = xpathReadyDocument(html);
  const extracted: Record<string, ExtractedValue> = {};
  for (const rule of rules) {
    const selected = rule.select(document);
    // An XPath expression that computes a value (`count(//a)`, `string(//h1)`) is that value.
    if (typeof selected === 'string') {
      extracted[rule.name] = rule.all ? [selected] : selected;
      continue;
    }
    const values = selected.map((node) => valueOf(node, rule.attribute)).filter((value): value is string => value !== null);
    extracted[rule.name] = rule.all ? values : (values[0] ?? null);
  }
  return extracted;
}

/**
 * linkedom's document, shaped the way a browser's is for XPath: the doctype left out (linkedom
 * gives it no next sibling, which hides the whole page from the `xpath` engine's child axis), and
 * a fragment without `<html>` put inside `<html><body>` as a browser would (`/html/body/…` works).
 */
function xpathReadyDocument(html: string): DomDocument {
  const withoutDoctype = html.replace(/^(\s*(?:<!--[\s\S]*?-->\s*)*)<!doctype[^>]*>/i, '$1');
  const { document } = parseHTML(withoutDoctype) as unknown as { document: DomDocument & { documentElement: { localName?: string } | null } };
  if (document.documentElement?.localName === 'html') return document;
  return (parseHTML(`<html><body>${withoutDoctype}</body></html>`) as unknown as { document: DomDocument }).document;
}

const ELEMENT = 1;
const ATTRIBUTE = 2;

function valueOf(node: DomNode, attribute: string | undefined): string | null {
  if (node.nodeType === ATTRIBUTE) return node.value ?? node.nodeValue;
  if (attribute !== undefined) return node.nodeType === ELEMENT ? (node.getAttribute?.(attribute) ?? null) : null;
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}
