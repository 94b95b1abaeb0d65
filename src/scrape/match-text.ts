import { SILENT } from './dom';
import { CONTAINERS, HEADINGS } from './markdown';

/**
 * The text of an extraction rule's match (a linkedom node), laid out as the `text` format writes
 * the same markup (markdown.ts `toText`): whitespace collapsed as HTML collapses it, preformatted
 * text kept as written, a line break for `<br>`, blocks (paragraphs, headings, divs, tables) a blank
 * line apart, list items and table rows on lines of their own, a row's cells a tab apart. Without
 * it a match's text is its text nodes run together: `<li>One<ul><li>Nested A` gave "OneNested A".
 * In XML, whose elements are fields rather than layout, each element's text is on a line of its own.
 */
export function matchText(node: TextNode, xml = false): string {
  const writer = new TextWriter();
  const name = (node.localName ?? '').toLowerCase();
  if (node.nodeType === TEXT || node.nodeType === CDATA) writer.text(node.textContent ?? '');
  else if (node.nodeType !== ELEMENT) return '';
  else if (!xml && PREFORMATTED.has(name)) writer.raw(preformatted(node));
  else writeChildren(node, writer, { xml, inList: name === 'li' });
  return writer.finish();
}

/** What of a linkedom node the layout reads. */
export interface TextNode {
  nodeType: number;
  localName?: string;
  textContent: string | null;
  firstChild?: TextNode | null;
  nextSibling?: TextNode | null;
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

/** Written as they are: whitespace is their content. */
const PREFORMATTED = new Set(['pre', 'listing', 'plaintext', 'textarea']);
/** Blocks whose next sibling starts on the next line, not after a blank one (the text format's list items and table rows). */
const LINES = new Set(['li', 'dt', 'dd', 'tr', 'thead', 'tbody', 'tfoot', 'caption']);
const CELLS = new Set(['td', 'th']);
const BLOCKS = new Set([...CONTAINERS, ...Object.keys(HEADINGS), 'ul', 'ol', 'pre', 'listing', 'plaintext', 'blockquote', 'hr', 'table']);

/** `inList`: inside a list item, where a nested list's items are lines under it, not a block apart. */
function writeChildren(element: TextNode, writer: TextWriter, context: { xml: boolean; inList: boolean }): void {
  const { xml, inList } = context;
  let cells = 0;
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === TEXT || child.nodeType === CDATA) {
      writer.text(child.textContent ?? '');
      continue;
    }
    if (child.nodeType !== ELEMENT) continue;
    const name = (child.localName ?? '').toLowerCase();
    if (xml) {
      writer.breakLines(1);
      writeChildren(child, writer, context);
      writer.breakLines(1);
      continue;
    }
    if (SILENT.has(name)) continue;
    if (name === 'br') {
      writer.lineBreak();
      continue;
    }
    if (CELLS.has(name) && cells++ > 0) writer.tab();
    const breaks = LINES.has(name) || (inList && (name === 'ul' || name === 'ol')) ? 1 : BLOCKS.has(name) && !CELLS.has(name) ? 2 : 0;
    writer.breakLines(breaks);
    if (PREFORMATTED.has(name)) writer.raw(preformatted(child));
    else writeChildren(child, writer, { xml, inList: inList || name === 'li' });
    writer.breakLines(breaks);
  }
}

/** A `<pre>`'s text as written, without the line breaks that open and close it (as the text format writes it). */
function preformatted(element: TextNode): string {
  return rawText(element).replace(/^\r?\n/, '').replace(/\r?\n$/, '');
}

/** Text as written, whitespace kept; `<br>` a line break. */
function rawText(node: TextNode): string {
  if (node.nodeType === TEXT || node.nodeType === CDATA) return node.textContent ?? '';
  if (node.nodeType !== ELEMENT) return '';
  if (node.localName?.toLowerCase() === 'br') return '\n';
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) text += rawText(child);
  return text;
}

/**
 * Text written with what separates it owed until more text comes: nothing is written before the
 * first text or after the last (the value is trimmed), and the most line breaks owed win.
 */
class TextWriter {
  private readonly parts: string[] = [];
  private owedBreaks = 0;
  private owedSeparator = '';
  /** Line breaks the text written so far ends with. */
  private trailingBreaks = 0;

  text(value: string): void {
    const collapsed = value.replace(/[ \t\n\r\f]+/g, ' ');
    if (collapsed === '') return;
    if (collapsed.startsWith(' ')) this.owe(' ');
    const content = collapsed.trim();
    if (content !== '') this.write(content);
    if (content !== '' && collapsed.endsWith(' ')) this.owe(' ');
  }

  raw(value: string): void {
    if (value !== '') this.write(value);
  }

  lineBreak(): void {
    this.payOwed();
    this.owedSeparator = '';
    this.parts.push('\n');
    this.trailingBreaks += 1;
  }

  tab(): void {
    this.owedSeparator = '\t';
  }

  breakLines(count: number): void {
    this.owedBreaks = Math.max(this.owedBreaks, count);
  }

  finish(): string {
    const text = this.parts.join('');
    return text.slice(0, text.length - trailingNewlines(text));
  }

  /** A space is owed only where nothing stronger (a tab, a line break) is. */
  private owe(separator: ' '): void {
    if (this.owedSeparator === '') this.owedSeparator = separator;
  }

  private write(value: string): void {
    this.payOwed();
    this.parts.push(value);
    const breaks = trailingNewlines(value);
    this.trailingBreaks = breaks === value.length ? this.trailingBreaks + breaks : breaks;
  }

  /** What separates the text written from what comes next: line breaks, else a tab or a space (none at the start). */
  private payOwed(): void {
    if (this.parts.length > 0) {
      if (this.owedBreaks > this.trailingBreaks) this.parts.push('\n'.repeat(this.owedBreaks - this.trailingBreaks));
      else if (this.owedBreaks === 0 && this.trailingBreaks === 0 && this.owedSeparator !== '') this.parts.push(this.owedSeparator);
      if (this.owedBreaks > this.trailingBreaks) this.trailingBreaks = this.owedBreaks;
    }
    this.owedBreaks = 0;
    this.owedSeparator = '';
  }
}

/** Counted, not matched: `/\n+$/` tries every start in a run of line breaks, quadratic in a long one. */
function trailingNewlines(text: string): number {
  let count = 0;
  while (count < text.length && text.charCodeAt(text.length - 1 - count) === 10) count += 1;
  return count;
}
