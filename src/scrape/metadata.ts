import { absoluteUrl, descendantElements, findElement, MEDIA_PROTOCOLS, textOf, type Document } from './dom';

/** What a page says about itself in its head, camelCased (`og:title` → `ogTitle`); null when absent. */
export interface PageMetadata {
  description: string | null;
  canonical: string | null;
  lang: string | null;
  keywords: string | null;
  author: string | null;
  robots: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  ogUrl: string | null;
  ogType: string | null;
  ogSiteName: string | null;
  ogLocale: string | null;
  microCard: string | null;
  microTitle: string | null;
  microDescription: string | null;
  microImage: string | null;
  microSite: string | null;
  microCreator: string | null;
  /** `<link rel="alternate" hreflang>`: each language's version of the page (`x-default` too), absolute. */
  hreflang: Record<string, string> | null;
}

/** `<meta name|property=…>` names read, and the field each fills. */
const META_FIELDS: Record<string, Exclude<keyof PageMetadata, 'hreflang'>> = {
  description: 'description',
  keywords: 'keywords',
  author: 'author',
  robots: 'robots',
  'og:title': 'ogTitle',
  'og:description': 'ogDescription',
  'og:image': 'ogImage',
  'og:image:url': 'ogImage',
  'og:url': 'ogUrl',
  'og:type': 'ogType',
  'og:site_name': 'ogSiteName',
  'og:locale': 'ogLocale',
  'twitter:card': 'microCard',
  'twitter:title': 'microTitle',
  'twitter:description': 'microDescription',
  'twitter:image': 'microImage',
  'twitter:image:src': 'microImage',
  'twitter:site': 'microSite',
  'twitter:creator': 'microCreator',
};
const URL_FIELDS: ReadonlySet<string> = new Set(['ogImage', 'ogUrl', 'microImage']);
/** The most language versions listed (a page can list any number; the largest sites list a few hundred). */
const MAX_HREFLANG = 300;
/** A language tag as hreflang takes it (`de`, `en-GB`, `zh-Hant-TW`, `x-default`); anything else is not a language. */
const LANGUAGE_TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;

export interface PageHead {
  title: string | null;
  metadata: PageMetadata;
  /** What relative links resolve against: the page's `<base href>`, else its URL. */
  baseUrl: string;
}

/** Reads the title, metadata and base URL; leaves the tree as it was. */
export function readHead(document: Document, pageUrl: string): PageHead {
  const metadata: PageMetadata = { ...EMPTY_METADATA };
  let baseUrl = pageUrl;
  let title: string | null = null;
  for (const element of descendantElements(document)) {
    const attributes = element.attribs;
    if (element.name === 'meta') {
      const name = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
      const field = META_FIELDS[name];
      const content = attributes.content?.replace(/\s+/g, ' ').trim();
      if (field === undefined || !content || metadata[field] !== null) continue;
      metadata[field] = URL_FIELDS.has(field) ? (absoluteUrl(content, baseUrl, MEDIA_PROTOCOLS) ?? null) : content;
    } else if (element.name === 'link' && /(?:^|\s)canonical(?:\s|$)/i.test(attributes.rel ?? '') && metadata.canonical === null) {
      metadata.canonical = absoluteUrl(attributes.href, baseUrl, MEDIA_PROTOCOLS) ?? null;
    } else if (element.name === 'link' && attributes.hreflang?.trim() && /(?:^|\s)alternate(?:\s|$)/i.test(attributes.rel ?? '')) {
      addAlternate(metadata, attributes.hreflang.trim(), absoluteUrl(attributes.href, baseUrl, MEDIA_PROTOCOLS));
    } else if (element.name === 'base' && attributes.href && baseUrl === pageUrl) {
      baseUrl = absoluteUrl(attributes.href, pageUrl, MEDIA_PROTOCOLS) ?? pageUrl;
    } else if (element.name === 'title' && title === null) {
      title = textOf(element) || null;
    } else if (element.name === 'html' && attributes.lang?.trim()) {
      metadata.lang = attributes.lang.trim();
    }
  }
  if (title === null) title = metadata.ogTitle ?? headingTitle(document);
  return { title, metadata, baseUrl };
}

/** Every field null: the shape of `metadata` when a page says nothing. */
export const EMPTY_METADATA: Readonly<Record<keyof PageMetadata, null>> = {
  description: null, canonical: null, lang: null, keywords: null, author: null, robots: null,
  ogTitle: null, ogDescription: null, ogImage: null, ogUrl: null, ogType: null, ogSiteName: null, ogLocale: null,
  microCard: null, microTitle: null, microDescription: null, microImage: null, microSite: null, microCreator: null,
  hreflang: null,
};

/** A language's version of the page, the first one listed for it kept. */
function addAlternate(metadata: PageMetadata, language: string, url: string | undefined): void {
  if (url === undefined || !LANGUAGE_TAG.test(language)) return;
  const alternates = (metadata.hreflang ??= {});
  if (Object.keys(alternates).length < MAX_HREFLANG && !Object.hasOwn(alternates, language)) alternates[language] = url;
}

function headingTitle(document: Document): string | null {
  const heading = findElement(document, 'h1');
  return heading ? textOf(heading) || null : null;
}
