import { absoluteUrl, isElement, isText, type ChildNode, type Element } from './dom';
import { imageSource } from './image-source';

/**
 * The content as GitHub-flavoured Markdown (headings, emphasis, links and images made absolute,
 * nested lists, fenced code with its language, tables, quotes), or as plain text with the same
 * block structure and none of the markup.
 */
export function toMarkdown(nodes: readonly ChildNode[], baseUrl: string): string {
  return finish(blocksOf(nodes, { baseUrl, plain: false }));
}

export function toText(nodes: readonly ChildNode[], baseUrl: string): string {
  return finish(blocksOf(nodes, { baseUrl, plain: true }));
}

interface Style {
  baseUrl: string;
  /** Plain text: the same blocks, no markup, nothing escaped. */
  plain: boolean;
}

/** Hard line breaks inside a paragraph, kept apart from the whitespace that HTML collapses. */
const LINE_BREAK = '\u0000';
const LINE_BREAKS = /\u0000/g;
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg', 'canvas', 'iframe', 'object', 'embed', 'button', 'input', 'select', 'textarea', 'option', 'datalist', 'map', 'area', 'audio', 'video', 'source', 'track']);
export const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Elements that start a block of their own (their content is written as blocks too). */
export const CONTAINERS = new Set([
  'address', 'article', 'aside', 'body', 'center', 'details', 'dialog', 'div', 'dl', 'fieldset', 'figure', 'figcaption', 'footer', 'form',
  'header', 'hgroup', 'html', 'main', 'nav', 'p', 'section', 'summary', 'dd', 'dt', 'caption', 'legend', 'tbody', 'thead', 'tfoot', 'tr', 'li', 'td', 'th',
]);

function finish(blocks: string[]): string {
  return blocks.join('\n\n').replace(/\n{3,}/g, '\n\n').trim();
}

function blocksOf(nodes: readonly ChildNode[], style: Style): string[] {
  const blocks: string[] = [];
  let inline = '';
  const flush = () => {
    const paragraph = tidyParagraph(inline, style);
    if (paragraph !== '') blocks.push(paragraph);
    inline = '';
  };
  for (const node of nodes) {
    if (isText(node)) {
      inline += escapeText(node.data, style);
      continue;
    }
    if (!isElement(node) || SKIPPED.has(node.name)) continue;
    const block = blockOf(node, style);
    if (block === undefined) {
      inline += inlineOf(node, style);
      continue;
    }
    flush();
    blocks.push(...block);
  }
  flush();
  return blocks;
}

/** The blocks an element writes, or undefined when it is inline content. */
function blockOf(element: Element, style: Style): string[] | undefined {
  const name = element.name;
  const level = HEADINGS[name];
  if (level !== undefined) {
    const text = joinLines(tidyParagraph(inlineChildren(element, style), style));
    if (text === '') return [];
    return [style.plain ? text : `${'#'.repeat(level)} ${text}`];
  }
  switch (name) {
    case 'ul':
    case 'ol':
      return [listOf(element, style)].filter((list) => list !== '');
    case 'pre':
      return [codeBlockOf(element, style)];
    case 'blockquote': {
      const inner = finish(blocksOf(element.children, style));
      if (inner === '') return [];
      return [style.plain ? inner : inner.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n')];
    }
    case 'hr':
      return style.plain ? [] : ['---'];
    case 'table':
      return tableOf(element, style);
    case 'br':
      return undefined;
    default:
      return CONTAINERS.has(name) ? blocksOf(element.children, style) : undefined;
  }
}

function inlineChildren(element: Element, style: Style): string {
  let text = '';
  for (const child of element.children) {
    if (isText(child)) text += escapeText(child.data, style);
    else if (isElement(child) && !SKIPPED.has(child.name)) text += inlineOf(child, style);
  }
  return text;
}

/** An element inside a paragraph. Blocks met inside inline content (a card's div in a link) become spaces. */
function inlineOf(element: Element, style: Style): string {
  const name = element.name;
  if (name === 'br') return LINE_BREAK;
  if (name === 'img') return imageOf(element, style);
  if (name === 'code' || name === 'kbd' || name === 'samp') return codeSpanOf(element, style);
  const inner = inlineChildren(element, style);
  const spaced = CONTAINERS.has(name) || HEADINGS[name] !== undefined ? ` ${inner} ` : inner;
  if (style.plain) return spaced;
  switch (name) {
    case 'a':
      return linkOf(element, inner, style);
    case 'strong':
    case 'b':
      return wrap(inner, '**');
    case 'em':
    case 'i':
    case 'cite':
      return wrap(inner, '*');
    case 'del':
    case 's':
    case 'strike':
      return wrap(inner, '~~');
    default:
      return spaced;
  }
}

/**
 * Emphasis markers around the text, outside its edge spaces (`** bold**` is not bold). The edges
 * are found by trimming (the same whitespace as `\s`), not by a lazy pattern before a trailing
 * `\s*$`, which tries the end at every space of the text: a run of non-breaking spaces made that
 * quadratic.
 */
function wrap(inner: string, marker: string): string {
  const start = inner.length - inner.trimStart().length;
  const end = inner.trimEnd().length;
  if (end <= start) return inner;
  return `${inner.slice(0, start)}${marker}${inner.slice(start, end)}${marker}${inner.slice(end)}`;
}

/**
 * Each run of whitespace holding a line break made one space. Matched run by run: a pattern of
 * spaces, a line break, spaces would, from each space of a long run with no line break
 * (non-breaking spaces survive HTML's whitespace collapsing), read to the run's end and fail —
 * quadratic.
 */
function joinLines(text: string): string {
  return text.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run));
}

function linkOf(element: Element, inner: string, style: Style): string {
  const href = absoluteUrl(element.attribs.href, style.baseUrl);
  const text = inner.replace(LINE_BREAKS, ' ').replace(/\s+/g, ' ').trim();
  if (href === undefined || text === '') return inner;
  return `[${text}](${markdownUrl(href)})`;
}

function imageOf(element: Element, style: Style): string {
  if (style.plain) return '';
  const src = imageSource(element.attribs, style.baseUrl);
  if (src === undefined) return '';
  const alt = (element.attribs.alt ?? '').replace(/\s+/g, ' ').trim().replace(/[[\]\\]/g, '\\$&');
  return `![${alt}](${markdownUrl(src)})`;
}

/** Parentheses and spaces in a destination would end it early. */
function markdownUrl(url: string): string {
  return url.replace(/[()\s]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function codeSpanOf(element: Element, style: Style): string {
  const code = rawText(element).replace(/\s+/g, ' ');
  if (style.plain || code.trim() === '') return code;
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

function codeBlockOf(element: Element, style: Style): string {
  const code = rawText(element).replace(/^\n/, '').replace(/\n$/, '');
  if (style.plain) return code;
  const longest = Math.max(0, ...(code.match(/^`{3,}/gm) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${languageOf(element)}\n${code}\n${fence}`;
}

/** `language-js` / `lang-js` (the common conventions, highlight.js and Prism) on the pre or its code. */
function languageOf(pre: Element): string {
  const code = pre.children.find((child): child is Element => isElement(child) && child.name === 'code');
  for (const candidate of [code, pre]) {
    const match = /(?:^|\s)(?:lang|language)-([\w#+.-]+)/.exec(candidate?.attribs.class ?? '');
    if (match) return match[1]!;
    const data = candidate?.attribs['data-lang'] ?? candidate?.attribs['data-language'];
    if (data && /^[\w#+.-]+$/.test(data)) return data;
  }
  return '';
}

/** Text as written, whitespace kept (code). */
function rawText(node: ChildNode): string {
  if (isText(node)) return node.data;
  if (!isElement(node)) return '';
  if (node.name === 'br') return '\n';
  let text = '';
  for (const child of node.children) text += rawText(child);
  return text;
}

function listOf(list: Element, style: Style): string {
  const ordered = list.name === 'ol';
  let number = Number.parseInt(list.attribs.start ?? '1', 10);
  if (!Number.isFinite(number)) number = 1;
  const items: string[] = [];
  for (const item of list.children) {
    if (!isElement(item) || item.name !== 'li') continue;
    const blocks = blocksOf(item.children, style);
    if (blocks.length === 0) continue;
    const loose = item.children.some((child) => isElement(child) && child.name === 'p');
    const body = blocks.join(loose ? '\n\n' : '\n');
    const marker = style.plain ? '' : ordered ? `${number}. ` : '- ';
    number += 1;
    const indent = ' '.repeat(marker.length);
    items.push(marker + body.split('\n').map((line, index) => (index === 0 || line === '' ? line : indent + line)).join('\n'));
  }
  return items.join('\n');
}

/**
 * A table of data as a GFM table (its first row as the header, as GFM requires one); a layout
 * table (one column, or one row of one cell) as the blocks it holds.
 */
function tableOf(table: Element, style: Style): string[] {
  const rows: Element[][] = [];
  const collect = (node: Element) => {
    for (const child of node.children) {
      if (!isElement(child) || child.name === 'table') continue;
      if (child.name === 'tr') rows.push(child.children.filter((cell): cell is Element => isElement(cell) && (cell.name === 'td' || cell.name === 'th')));
      else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') collect(child);
    }
  };
  collect(table);
  const width = Math.max(0, ...rows.map((cells) => cells.reduce((sum, cell) => sum + span(cell), 0)));
  if (rows.length === 0 || width <= 1) return blocksOf(table.children, style);
  const caption = table.children.find((child): child is Element => isElement(child) && child.name === 'caption');
  const lines = rows.map((cells) => {
    const texts: string[] = [];
    for (const cell of cells) {
      texts.push(cellText(cell, style));
      for (let extra = 1; extra < span(cell); extra += 1) texts.push('');
    }
    while (texts.length < width) texts.push('');
    return style.plain ? texts.join('\t').trimEnd() : `| ${texts.join(' | ')} |`;
  });
  if (!style.plain) lines.splice(1, 0, `| ${Array.from({ length: width }, () => '---').join(' | ')} |`);
  const captionText = caption ? tidyParagraph(inlineChildren(caption, style), style) : '';
  return captionText === '' ? [lines.join('\n')] : [captionText, lines.join('\n')];
}

function span(cell: Element): number {
  const value = Number.parseInt(cell.attribs.colspan ?? '1', 10);
  return Number.isFinite(value) && value > 1 ? Math.min(value, 50) : 1;
}

function cellText(cell: Element, style: Style): string {
  const joined = blocksOf(cell.children, style).join(' ');
  const text = (joined.includes('\n') ? joinLines(joined) : joined).trim();
  return style.plain || !text.includes('|') ? text : text.replace(/\|/g, '\\|');
}

const MARKUP_CHARACTERS = /[\\`*_[\]<]/;

/** HTML's whitespace collapsed, and what Markdown would read as markup escaped. */
function escapeText(text: string, style: Style): string {
  // Most text nodes of a page are the whitespace between its tags.
  if (isBlank(text)) return text === '' ? '' : ' ';
  const collapsed = (text.includes(LINE_BREAK) ? text.replace(LINE_BREAKS, '') : text).replace(/[ \t\n\r\f]+/g, ' ');
  if (style.plain || !MARKUP_CHARACTERS.test(collapsed)) return collapsed;
  return collapsed.replace(/[\\`*_[\]]/g, '\\$&').replace(/</g, '&lt;');
}

/** HTML whitespace only (or nothing). */
function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 10 && code !== 9 && code !== 13 && code !== 12) return false;
  }
  return true;
}

/** A paragraph's lines trimmed; what would start a heading, list or quote at a line's start escaped. */
function tidyParagraph(inline: string, style: Style): string {
  if (!inline.includes(LINE_BREAK)) {
    const line = (inline.includes('  ') ? inline.replace(/ {2,}/g, ' ') : inline).trim();
    return style.plain ? line : escapeLineStart(line);
  }
  const lines = inline.split(LINE_BREAK).map((line) => line.replace(/ {2,}/g, ' ').trim());
  while (lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const kept = lines.filter((line, index) => line !== '' || lines[index - 1] !== '');
  if (style.plain) return kept.join('\n');
  return kept.map(escapeLineStart).join('  \n');
}

/** What would start a heading, list, quote or setext underline at a line's start, escaped. */
function escapeLineStart(line: string): string {
  const first = line.charCodeAt(0);
  const mayBeMarkup = first === 35 || first === 62 || first === 43 || first === 45 || first === 61 || (first >= 48 && first <= 57);
  if (!mayBeMarkup) return line;
  return line.replace(/^[#>+-]/, '\\$&').replace(/^(\d+)([.)]) /, '$1\\$2 ').replace(/^=+$/, '\\$&');
}
