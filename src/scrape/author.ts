import { checkEmailAddress } from '../contacts/email-address';
import { HONORIFICS, NAME_PARTICLES as PARTICLES, POST_NOMINALS, splitPersonName } from '../contacts/person-name';
import { descendantElements, isText, parsePage, textOf, type Document, type Element } from './dom';
import { readHead } from './metadata';

/** The person an article names as its author, with the name split for an address finder. */
export interface ArticleAuthor {
  fullName: string;
  firstName: string | null;
  lastName: string | null;
}

/** Who wrote an article, as the page states it: their name, and an address where it gives one for the author. */
export interface ArticleByline {
  author: ArticleAuthor | null;
  /** An address given as the author (`<meta name="author" content="jane@acme.com">`), normalised; null when none is. */
  email: string | null;
}

/**
 * Reads who wrote an article, from the most to the least deliberate statement of it: JSON-LD
 * (`author` of the Article-like item), `<meta name="author">` and its kin, `article:author` when it
 * is a name, `rel=author` links, then bylines. Each candidate must read as one person's name — not
 * the publisher, a desk ("Staff", "Editorial Team"), an address or a URL — or the next is tried.
 * The first candidate that is an email address (`mailto:` or not) is the author's address.
 */
export function readArticleByline(html: string, pageUrl: string): ArticleByline {
  const document = parsePage(html);
  const elements = descendantElements(document);
  const linkedData = readLinkedData(elements);
  const site = siteNames(document, pageUrl, linkedData);
  const candidates = [linkedDataAuthors(linkedData), metaAuthors(elements), authorLinks(elements), bylines(elements)].flat();
  let author: ArticleAuthor | null = null;
  let email: string | null = null;
  for (const candidate of candidates) {
    author ??= personName(candidate.text, candidate.loose, candidate.typedPerson ? undefined : site);
    email ??= statedAddress(candidate.text);
    if (author !== null && email !== null) break;
  }
  return { author, email };
}

/** The name of an article's author (`readArticleByline`'s); null when the page names none. */
export function readArticleAuthor(html: string, pageUrl: string): ArticleAuthor | null {
  return readArticleByline(html, pageUrl).author;
}

/** A candidate that is an email address and nothing else (`jane@acme.com`, `mailto:jane@acme.com`), normalised. */
function statedAddress(text: string): string | null {
  const value = text.trim().replace(/^mailto:/i, '');
  if (!value.includes('@')) return null;
  const checked = checkEmailAddress(value);
  return checked.ok ? checked.address : null;
}

/** A string said to be the author; `loose` when it may carry more than the name (a byline's "By Jane Doe · 3 min read"). */
interface Candidate {
  text: string;
  loose: boolean;
  /** Declared a Person by JSON-LD: a person even when the site bears their name. */
  typedPerson?: boolean;
}

// ---- JSON-LD ----------------------------------------------------------------------------------

type LinkedNode = Record<string, unknown>;

/** A page's JSON-LD blocks can be large; past this a block is skipped rather than parsed. */
const MAX_LINKED_DATA_CHARS = 1_000_000;
const MAX_LINKED_DEPTH = 12;
const ARTICLE_TYPES = /(?:Article|BlogPosting|SocialMediaPosting|LiveBlogPosting|DiscussionForumPosting|Report|Review|CreativeWork|WebPage|Thesis|Chapter|Book)$/;
const ORGANIZATION_TYPES = /(?:Organization|Organisation|Corporation|NewsMediaOrganization|WebSite|Brand|LocalBusiness)$/;

/** Every object of every JSON-LD block (items of @graph and arrays included), in page order. */
function readLinkedData(elements: Element[]): LinkedNode[] {
  const nodes: LinkedNode[] = [];
  for (const element of elements) {
    if (element.name !== 'script' || !/^\s*application\/ld\+json\s*$/i.test(element.attribs.type ?? '')) continue;
    const source = element.children.map((child) => (isText(child) ? child.data : '')).join('');
    if (source.length > MAX_LINKED_DATA_CHARS) continue;
    let parsed: unknown;
    try {
      // Some publishing systems wrap the block in an HTML comment or CDATA markers.
      parsed = JSON.parse(source.replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[)|(?:-->|\/\/\s*\]\]>)\s*$/g, '').trim().replace(/;$/, ''));
    } catch {
      continue;
    }
    collectNodes(parsed, nodes, 0);
  }
  return nodes;
}

function collectNodes(value: unknown, nodes: LinkedNode[], depth: number): void {
  if (depth > MAX_LINKED_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, nodes, depth + 1);
    return;
  }
  const node = value as LinkedNode;
  nodes.push(node);
  if (node['@graph'] !== undefined) collectNodes(node['@graph'], nodes, depth + 1);
  if (node.mainEntity !== undefined) collectNodes(node.mainEntity, nodes, depth + 1);
}

function typesOf(node: LinkedNode): string[] {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === 'string');
}

/** The authors of Article-like items first (in page order), then of any other item that names one. */
function linkedDataAuthors(nodes: LinkedNode[]): Candidate[] {
  const byId = new Map<string, LinkedNode>();
  for (const node of nodes) if (typeof node['@id'] === 'string') byId.set(node['@id'], node);
  const articles = nodes.filter((node) => typesOf(node).some((type) => ARTICLE_TYPES.test(type)));
  const others = nodes.filter((node) => !articles.includes(node) && !typesOf(node).some((type) => type === 'Person'));
  const candidates: Candidate[] = [];
  for (const node of [...articles, ...others]) {
    for (const author of Array.isArray(node.author) ? node.author : [node.author]) {
      const named = authorName(author, byId);
      if (named !== undefined) candidates.push({ text: named.name, loose: false, typedPerson: named.typedPerson });
    }
  }
  return candidates;
}

/** A plain string, or a Person (inline or by @id) named by `name` or given and family names; never an organisation. */
function authorName(author: unknown, byId: Map<string, LinkedNode>): { name: string; typedPerson: boolean } | undefined {
  if (typeof author === 'string') return { name: author, typedPerson: false };
  if (author === null || typeof author !== 'object' || Array.isArray(author)) return undefined;
  let node = author as LinkedNode;
  if (typeof node['@id'] === 'string' && node.name === undefined) node = byId.get(node['@id']) ?? node;
  if (typesOf(node).some((type) => ORGANIZATION_TYPES.test(type))) return undefined;
  const typedPerson = typesOf(node).some((type) => /Person$/.test(type));
  const name = Array.isArray(node.name) ? node.name[0] : node.name;
  if (typeof name === 'string' && name.trim() !== '') return { name, typedPerson };
  const parts = [node.givenName, node.familyName].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? { name: parts.join(' '), typedPerson } : undefined;
}

// ---- Markup -----------------------------------------------------------------------------------

/** `<meta>` names that hold an author's name (`article:author` often holds a profile URL instead: refused as one). */
const AUTHOR_META = ['author', 'article:author', 'dc.creator', 'citation_author', 'parsely-author', 'sailthru.author'];

function metaAuthors(elements: Element[]): Candidate[] {
  const found = new Map<string, string[]>();
  for (const element of elements) {
    if (element.name !== 'meta') continue;
    const name = (element.attribs.name ?? element.attribs.property ?? '').trim().toLowerCase();
    const content = element.attribs.content?.trim();
    if (!content || !AUTHOR_META.includes(name)) continue;
    found.set(name, [...(found.get(name) ?? []), content]);
  }
  return AUTHOR_META.flatMap((name) => found.get(name) ?? []).map((text) => ({ text, loose: false }));
}

function hasToken(value: string | undefined, token: string): boolean {
  return value !== undefined && value.toLowerCase().split(/\s+/).includes(token);
}

/** `<a rel="author">`'s text (a `<link rel="author">` has none: it points at a profile). */
function authorLinks(elements: Element[]): Candidate[] {
  return elements
    .filter((element) => element.name === 'a' && hasToken(element.attribs.rel, 'author'))
    .map((element) => ({ text: textOf(element), loose: true }));
}

/** Class or id words that mark a byline or an author's name in themes and publishing systems. */
const BYLINE_CLASS = /(?:^|[\s_-])(?:byline|by-line|author|authors|author-name|writer|creator|contributor)(?:$|[\s_-])/i;
const BYLINE_TAGS = new Set(['p', 'span', 'div', 'address', 'li', 'small', 'em', 'strong', 'header', 'section']);
/** Longer than this, an element's text is an article or a bio, not a byline. */
const MAX_BYLINE_CHARS = 200;

/**
 * Bylines: `itemprop="author"` (its `name` inside when it has one), then elements whose class or
 * id says byline or author, then short elements whose text begins "By " (or "Written by", "Author:").
 */
function bylines(elements: Element[]): Candidate[] {
  const candidates: Candidate[] = [];
  const add = (text: string | undefined) => {
    if (text !== undefined && text.length > 0 && text.length <= MAX_BYLINE_CHARS) candidates.push({ text, loose: true });
  };
  for (const element of elements) {
    if (!hasToken(element.attribs.itemprop, 'author')) continue;
    const named = descendantElements(element).find((inner) => hasToken(inner.attribs.itemprop, 'name'));
    add(itemValue(named ?? element));
  }
  for (const element of elements) {
    if (element.name === 'meta' || element.name === 'script' || element.name === 'body' || element.name === 'html') continue;
    if (BYLINE_CLASS.test(element.attribs.class ?? '') || BYLINE_CLASS.test(element.attribs.id ?? '')) add(textOf(element));
  }
  // Only an element whose own text starts the byline: reading every element's whole text would
  // cost the page's size once per level of nesting.
  for (const element of elements) {
    if (!BYLINE_TAGS.has(element.name)) continue;
    const first = element.children.find((child) => !isText(child) || child.data.trim() !== '');
    if (first !== undefined && isText(first) && BYLINE_PREFIX.test(first.data.trimStart())) add(textOf(element));
  }
  return candidates;
}

function itemValue(element: Element): string {
  return element.attribs.content?.trim() || textOf(element);
}

// ---- The publisher ----------------------------------------------------------------------------

/** What the site calls itself: an "author" equal to one of these is the publication, not a person. */
export interface SiteNames {
  /** `og:site_name` and the JSON-LD organisations and publishers (a Person publisher is not one). */
  publishers: Set<string>;
  /** The host's labels ("dailyplanet" of www.dailyplanet.com): compared with one-word names only, as janedoe.com is often Jane Doe's. */
  hostLabels: Set<string>;
}

function siteNames(document: Document, pageUrl: string, nodes: LinkedNode[]): SiteNames {
  const publishers = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && normalised(value) !== '') publishers.add(normalised(value));
  };
  add(readHead(document, pageUrl).metadata.ogSiteName);
  for (const node of nodes) {
    if (typesOf(node).some((type) => ORGANIZATION_TYPES.test(type))) add(node.name);
    const publisher = node.publisher;
    for (const item of Array.isArray(publisher) ? publisher : [publisher]) {
      if (typeof item === 'string') add(item);
      else if (item !== null && typeof item === 'object' && !typesOf(item as LinkedNode).includes('Person')) add((item as LinkedNode).name);
    }
  }
  let hostLabels = new Set<string>();
  try {
    hostLabels = new Set(new URL(pageUrl).hostname.split('.').filter((label) => label !== 'www').slice(0, -1).map(normalised));
  } catch {
    // A page without a usable URL only loses this check.
  }
  return { publishers, hostLabels };
}

function normalised(value: string): string {
  return value.toLowerCase().normalize('NFKD').trim().replace(/^the\s+/, '').replace(/[^\p{L}\p{N}]/gu, '');
}

// ---- A person's name --------------------------------------------------------------------------

/** Words that make a "name" a desk, a role, an account or a link's label rather than a person. */
const NOT_A_PERSON = new Set([
  'staff', 'admin', 'administrator', 'editorial', 'editors', 'team', 'newsroom', 'desk', 'redaction', 'redaktion', 'press',
  'wire', 'wires', 'agency', 'anonymous', 'unknown', 'guest', 'author', 'authors', 'contributors', 'webmaster', 'news', 'media',
  'magazine', 'blog', 'official', 'sponsored', 'inc', 'ltd', 'llc', 'gmbh', 'the', 'about', 'view', 'all', 'posts', 'more',
  'profile', 'contact', 'subscribe', 'login', 'home',
]);
/** Names that are a person's only when other words come with them: agencies, accounts. */
const NOT_A_PERSON_ALONE = new Set([
  'editor', 'user', 'reuters', 'afp', 'ap', 'dpa', 'bloomberg', 'xinhua', 'ansa', 'efe', 'pa', 'bbc', 'cnn', 'support', 'sales',
  'info', 'marketing', 'content', 'partner', 'partners',
]);
/** Words that end a name: what follows is a date, a role or the reading time. */
const STOP_WORDS = new Set([
  'on', 'updated', 'published', 'posted', 'last', 'modified', 'read', 'reading', 'min', 'mins', 'minutes', 'follow', 'share',
  'email', 'twitter', 'photo', 'photos', 'video', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august',
  'september', 'october', 'november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov',
  'dec', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'today', 'yesterday', 'is', 'was',
  'writer', 'reporter', 'correspondent', 'contributor', 'columnist', 'editor', 'senior', 'chief', 'associate', 'managing',
  'for', 'at', 'in',
]);
const BYLINE_PREFIX = /^(?:(?:written|posted|words|story|reporting|text|article|photos?)\s+)?by\s*[:\s]\s*|^authors?\s*:\s*/i;
/** What separates two authors, or a name from what follows it. */
const SEPARATORS = /\s+(?:and|&|und|et|with)\s+|\s*[|•·–—/\n\t]\s*|\s+-\s+|;/;
const MAX_NAME_CHARS = 70;
const MAX_NAME_WORDS = 5;

/**
 * `text` as one person's name, split; null when it is not one. `loose` text may run on past the
 * name (a byline: "By Jane Doe, Senior Writer | 3 min read"): its leading name is read, and it
 * must have two words at least (a lone capitalised word in a byline is too often a label). With
 * `site`, the site's own name is not a person's.
 */
export function personName(text: string, loose: boolean, site?: SiteNames): ArticleAuthor | null {
  let value = text.replace(/\s+/g, ' ').trim().replace(BYLINE_PREFIX, '').trim();
  if (value === '' || value.length > (loose ? MAX_BYLINE_CHARS : MAX_NAME_CHARS * 2)) return null;
  value = (value.split(SEPARATORS)[0] ?? '').trim();
  if (/@|:\/\/|^www\.|\.(?:com|org|net|io|co)\b/i.test(value)) return null;
  value = commaOrder(value);
  if (value === value.toUpperCase() || value === value.toLowerCase()) value = titleCase(value);
  const name: string[] = [];
  for (const word of value.split(' ')) {
    const bare = word.replace(/[.,:]+$/, '').toLowerCase();
    if (name.length === 0 && HONORIFICS.has(bare)) continue;
    if (name.length > 0 && (POST_NOMINALS.has(bare.replace(/\./g, '')) || STOP_WORDS.has(bare))) break;
    if (!isNameWord(word)) {
      if (loose) break;
      return null;
    }
    name.push(/^(?:\p{Lu}\.)+$/u.test(word) ? word : word.replace(/\.$/, ''));
  }
  while (name.length > 0 && PARTICLES.has(name[name.length - 1]!)) name.pop();
  if (name.length === 0 || name.length > MAX_NAME_WORDS || (loose && name.length < 2)) return null;
  const fullName = name.join(' ');
  if (fullName.length > MAX_NAME_CHARS || fullName.length < 2) return null;
  const lowered = name.map((word) => word.toLowerCase().replace(/[.'’]/g, ''));
  if (lowered.some((word) => NOT_A_PERSON.has(word))) return null;
  if (name.length === 1 && (NOT_A_PERSON_ALONE.has(lowered[0]!) || !/^\p{Lu}\p{Ll}+$|^\p{Lo}{2,}$/u.test(fullName))) return null;
  if (site !== undefined && (site.publishers.has(normalised(fullName)) || (name.length === 1 && site.hostLabels.has(normalised(fullName))))) return null;
  return split(name);
}

/** "Doe, Jane" → "Jane Doe"; "Jane Doe, Senior Writer" → "Jane Doe". */
function commaOrder(value: string): string {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length < 2) return value;
  const [family, given] = parts as [string, string];
  const givenWords = given.split(' ');
  const givenIsName = given !== '' && givenWords.length <= 3 && givenWords.every((word) => isNameWord(word) && !STOP_WORDS.has(word.toLowerCase()));
  return parts.length === 2 && !family.includes(' ') && isNameWord(family) && givenIsName ? `${given} ${family}` : family;
}

/** A capitalised word (O'Brien, Jean-Luc, McDonald), an initial, a particle, or a word of a script without case. */
function isNameWord(word: string): boolean {
  if (PARTICLES.has(word)) return true;
  return /^(?:\p{Lu}\.){1,3}$|^\p{Lu}[\p{L}\p{M}]*(?:[-'’]\p{L}[\p{L}\p{M}]*)*\.?$|^[\p{Lo}\p{M}]+$/u.test(word);
}

/** "JANE VAN DOE" → "Jane van Doe": names written in one case are put in the usual one. */
function titleCase(value: string): string {
  return value
    .toLowerCase()
    .split(' ')
    .map((word, index) => (index > 0 && PARTICLES.has(word) ? word : word.replace(/(^|[-'’])(\p{Ll})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase())))
    .join(' ');
}

/** The name's words split by the finders' one rule (src/contacts/person-name.ts): Mary Ann | van der Berg. */
function split(name: string[]): ArticleAuthor {
  const fullName = name.join(' ');
  return { fullName, ...splitPersonName(fullName) };
}
