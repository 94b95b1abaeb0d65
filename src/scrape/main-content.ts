import { removeElement } from 'domutils';
import { bodyOf, isElement, isText, type AnyNode, type ChildNode, type Document, type Element } from './dom';

/**
 * The main content of a page, found the way Readability (Arc90's algorithm, as Firefox's Reader
 * View does it) finds it: paragraphs score their parent and grandparent by length and commas,
 * scores are discounted by link density, the best-scored container wins, its siblings that look
 * like more of the article join it, and the boilerplate inside it (share bars, link lists, forms)
 * is cleaned out. Written over htmlparser2's tree rather than by running Mozilla's Readability on
 * a browser-like DOM, which costs some 25 ms per 100 KB of page against ~2 ms here: the difference
 * between tens and hundreds of scrapes a second.
 */

/** Never content, whatever the algorithm finds: removed before anything is scored or written. */
const NEVER_CONTENT = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'link', 'meta',
  'button', 'input', 'select', 'textarea', 'dialog', 'head',
]);
/** Page furniture by element name. */
const FURNITURE_TAGS = new Set(['nav', 'aside', 'footer', 'menu']);
const FURNITURE_ROLES = new Set(['menu', 'menubar', 'complementary', 'navigation', 'alert', 'alertdialog', 'dialog', 'banner', 'contentinfo', 'search']);
const UNLIKELY = /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|cookie|newsletter|subscribe/i;
const MAYBE_CANDIDATE = /and|article|body|column|content|main|mathjax|shadow/i;
const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;
const NEGATIVE = /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i;
/** Elements whose presence makes a container a block of blocks rather than a paragraph of its own. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'details', 'dialog', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul',
]);
const TAG_SCORES: Record<string, number> = {
  div: 5, pre: 3, td: 3, blockquote: 3,
  address: -3, ol: -3, ul: -3, dl: -3, dd: -3, dt: -3, li: -3, form: -3,
  h1: -5, h2: -5, h3: -5, h4: -5, h5: -5, h6: -5, th: -5,
};
const CONDITIONALLY_CLEANED = new Set(['div', 'section', 'ul', 'ol', 'table', 'form', 'fieldset', 'header']);
const MIN_PARAGRAPH = 25;
const ANCESTOR_LEVELS = 5;

interface Stats {
  textLength: number;
  linkLength: number;
  commas: number;
}

/** Removes what is never content (scripts, styles, forms' controls, hidden elements) from the tree. */
export function stripNeverContent(root: AnyNode): void {
  if (!('children' in root)) return;
  for (const child of [...root.children]) {
    if (!isElement(child)) {
      if (child.type === 'comment' || child.type === 'directive') removeElement(child);
      continue;
    }
    if (NEVER_CONTENT.has(child.name) || isHidden(child)) removeElement(child);
    else stripNeverContent(child);
  }
}

/**
 * The page's main content as the nodes to write, in order; the whole body when no paragraph
 * scores (a page of links, a form, a bare list). Changes the tree: call after reading metadata.
 */
export function findMainContent(document: Document): ChildNode[] {
  const body = bodyOf(document);
  stripNeverContent(body);
  const stats = new Map<Element, Stats>();
  const paragraphs: Element[] = [];
  measure(body, stats, paragraphs, false);

  const scores = new Map<Element, number>();
  for (const paragraph of paragraphs) {
    const own = stats.get(paragraph)!;
    if (own.textLength < MIN_PARAGRAPH) continue;
    const points = 1 + own.commas + Math.min(Math.floor(own.textLength / 100), 3);
    let ancestor = paragraph.parent;
    for (let level = 0; level < ANCESTOR_LEVELS && ancestor && isElement(ancestor) && stats.has(ancestor); level += 1) {
      if (!scores.has(ancestor)) scores.set(ancestor, initialScore(ancestor));
      scores.set(ancestor, scores.get(ancestor)! + points / (level === 0 ? 1 : level === 1 ? 2 : level * 3));
      ancestor = ancestor.parent;
    }
  }
  if (scores.size === 0) return [...body.children];

  const final = new Map<Element, number>();
  for (const [element, score] of scores) final.set(element, score * (1 - linkDensity(stats.get(element)!)));
  const ranked = [...final].sort((left, right) => right[1] - left[1]);
  let [top, topScore] = ranked[0]!;
  top = widen(top, topScore, ranked);
  topScore = Math.max(topScore, final.get(top) ?? 0);

  const chosen = siblingsOf(top, topScore, final, stats);
  for (const node of chosen) if (isElement(node)) clean(node, stats);
  return chosen;
}

/**
 * Post-order pass: each element's text length, link text length and commas, and the elements
 * that act as paragraphs. Furniture (navigation, sidebars) counts towards its ancestors' link
 * density but never scores.
 */
function measure(node: Element | Document, stats: Map<Element, Stats>, paragraphs: Element[], inFurniture: boolean): Stats {
  const total: Stats = { textLength: 0, linkLength: 0, commas: 0 };
  let hasBlock = false;
  let hasText = false;
  for (const child of node.children) {
    if (isText(child)) {
      const text = measureText(child.data);
      if (text.visible) hasText = true;
      total.textLength += text.length;
      total.commas += text.commas;
    } else if (isElement(child)) {
      if (BLOCKS.has(child.name)) hasBlock = true;
      const furniture = inFurniture || isFurniture(child);
      const inner = measure(child, stats, paragraphs, furniture);
      total.textLength += inner.textLength;
      total.commas += inner.commas;
      total.linkLength += child.name === 'a' ? inner.textLength : inner.linkLength;
    }
  }
  if (isElement(node)) {
    stats.set(node, total);
    const name = node.name;
    const paragraphLike = name === 'p' || name === 'pre' || name === 'td' || ((name === 'div' || name === 'section') && hasText && !hasBlock);
    if (paragraphLike && !inFurniture) paragraphs.push(node);
  }
  return total;
}

/** A text's length with whitespace runs counted as one, and its commas, in one pass without allocating. */
function measureText(data: string): { length: number; commas: number; visible: boolean } {
  let length = 0;
  let commas = 0;
  let visible = false;
  let inSpace = false;
  for (let index = 0; index < data.length; index += 1) {
    const code = data.charCodeAt(index);
    if (code === 32 || code === 10 || code === 9 || code === 13 || code === 12) {
      if (!inSpace) length += 1;
      inSpace = true;
      continue;
    }
    inSpace = false;
    visible = true;
    length += 1;
    if (code === 44 || code === 0xff0c || code === 0x3001) commas += 1;
  }
  return { length, commas, visible };
}

function linkDensity(stats: Stats): number {
  return stats.textLength === 0 ? 0 : Math.min(1, stats.linkLength / stats.textLength);
}

function classWeight(element: Element): number {
  let weight = 0;
  for (const value of [element.attribs.class, element.attribs.id]) {
    if (!value) continue;
    if (NEGATIVE.test(value)) weight -= 25;
    if (POSITIVE.test(value)) weight += 25;
  }
  return weight;
}

function initialScore(element: Element): number {
  return (TAG_SCORES[element.name] ?? 0) + classWeight(element);
}

function isHidden(element: Element): boolean {
  const style = element.attribs.style;
  return 'hidden' in element.attribs || element.attribs['aria-hidden'] === 'true' || (style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style));
}

function isFurniture(element: Element): boolean {
  if (FURNITURE_TAGS.has(element.name)) return true;
  const role = element.attribs.role;
  if (role && FURNITURE_ROLES.has(role)) return true;
  if (element.name === 'body' || element.name === 'article' || element.name === 'main' || element.name === 'a') return false;
  const signature = `${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`;
  return UNLIKELY.test(signature) && !MAYBE_CANDIDATE.test(signature);
}

/**
 * The best container can be one of several blocks of the same article (a story split into
 * divs): when three of the next best candidates share an ancestor with it, that ancestor is the
 * article. A lone child is widened to its parent for the same reason.
 */
function widen(top: Element, topScore: number, ranked: Array<[Element, number]>): Element {
  const close = ranked.slice(1, 6).filter(([, score]) => score >= topScore * 0.75).map(([element]) => element);
  if (close.length >= 3) {
    for (let ancestor = top.parent; ancestor && isElement(ancestor) && ancestor.name !== 'body'; ancestor = ancestor.parent) {
      const contained = close.filter((candidate) => contains(ancestor!, candidate)).length;
      if (contained >= 3) {
        top = ancestor;
        break;
      }
    }
  }
  while (top.parent && isElement(top.parent) && top.parent.name !== 'body' && top.parent.children.filter(isElement).length === 1) {
    top = top.parent;
  }
  return top;
}

function contains(ancestor: Element, node: AnyNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/** The top container and those of its siblings that read as more of the same article. */
function siblingsOf(top: Element, topScore: number, final: Map<Element, number>, stats: Map<Element, Stats>): ChildNode[] {
  const parent = top.parent;
  if (!parent || !isElement(parent)) return [top];
  const threshold = Math.max(10, topScore * 0.2);
  const chosen: ChildNode[] = [];
  for (const sibling of parent.children) {
    if (sibling === top) {
      chosen.push(sibling);
      continue;
    }
    if (!isElement(sibling) || isFurniture(sibling)) continue;
    const score = final.get(sibling);
    if (score !== undefined && score + (classWeight(sibling) > 0 ? topScore * 0.2 : 0) >= threshold) {
      chosen.push(sibling);
      continue;
    }
    if (sibling.name === 'p') {
      const own = stats.get(sibling)!;
      const density = linkDensity(own);
      const text = own.textLength;
      if ((text > 80 && density < 0.25) || (text > 0 && text <= 80 && density === 0 && /\.( |$)/.test(plainText(sibling)))) chosen.push(sibling);
    }
  }
  return chosen;
}

function plainText(element: Element): string {
  let text = '';
  for (const child of element.children) text += isText(child) ? child.data : isElement(child) ? plainText(child) : '';
  return text;
}

/** Boilerplate inside the chosen content: furniture, and blocks that are mostly links or controls. */
function clean(root: Element, stats: Map<Element, Stats>): void {
  for (const child of [...root.children]) {
    if (!isElement(child)) continue;
    if (isFurniture(child)) {
      removeElement(child);
      continue;
    }
    clean(child, stats);
    if (CONDITIONALLY_CLEANED.has(child.name) && looksLikeBoilerplate(child, stats)) removeElement(child);
  }
}

function looksLikeBoilerplate(element: Element, stats: Map<Element, Stats>): boolean {
  const own = stats.get(element);
  if (!own) return false;
  if (element.name === 'table' && isDataTable(element)) return false;
  if (containsAny(element, KEEP_INSIDE)) return false;
  const weight = classWeight(element);
  if (weight < 0) return true;
  if (own.commas >= 10) return false;
  const counts = countTags(element);
  const density = linkDensity(own);
  const isList = element.name === 'ul' || element.name === 'ol';
  if (!isList && counts.li > counts.p + 1 && density > 0.5) return true;
  if (counts.input > Math.floor(counts.p / 3)) return true;
  if (!isList && own.textLength < MIN_PARAGRAPH && (counts.img === 0 || counts.img > 2) && density > 0) return true;
  if (weight < 25 && density > (isList ? 0.5 : 0.2)) return true;
  if (weight >= 25 && density > 0.5) return true;
  return false;
}

const KEEP_INSIDE = new Set(['pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);

function containsAny(element: Element, names: ReadonlySet<string>): boolean {
  for (const child of element.children) {
    if (isElement(child) && (names.has(child.name) || containsAny(child, names))) return true;
  }
  return false;
}

function countTags(element: Element, counts = { p: 0, li: 0, img: 0, input: 0 }): { p: number; li: number; img: number; input: number } {
  for (const child of element.children) {
    if (!isElement(child)) continue;
    if (child.name === 'p') counts.p += 1;
    else if (child.name === 'li') counts.li += 1;
    else if (child.name === 'img') counts.img += 1;
    else if (child.name === 'input' || child.name === 'select' || child.name === 'textarea') counts.input += 1;
    countTags(child, counts);
  }
  return counts;
}

/** A table of data rather than of layout: captioned, headed, or a grid of several rows and columns. */
export function isDataTable(table: Element): boolean {
  if (table.attribs.role === 'presentation') return false;
  let rows = 0;
  let columns = 0;
  let headed = false;
  const walk = (node: Element) => {
    for (const child of node.children) {
      if (!isElement(child) || child.name === 'table') continue;
      if (child.name === 'caption' || child.name === 'thead' || child.name === 'th') headed = true;
      if (child.name === 'tr') {
        rows += 1;
        columns = Math.max(columns, child.children.filter((cell) => isElement(cell) && (cell.name === 'td' || cell.name === 'th')).length);
      }
      walk(child);
    }
  };
  walk(table);
  return headed || (rows >= 2 && columns >= 2 && rows * columns >= 6);
}
