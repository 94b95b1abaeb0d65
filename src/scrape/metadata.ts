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
  twitterCard: string | null;
  twitterTitle: string | null;
  twitterDescription: string | null;
  twitterImage: string | null;
  twitterSite: string | null;
  twitterCreator: string | null;
}

/** `<meta name|property=…>` names read, and the field each fills. */
const META_FIELDS: Record<string, keyof PageMetadata> = {
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
  'twitter:card': 'twitterCard',
  'twitter:title': 'twitterTitle',
  'twitter:description': 'twitterDescription',
  'twitter:image': 'twitterImage',
  'twitter:image:src': 'twitterImage',
  'twitter:site': 'twitterSite',
  'twitter:creator': 'twitterCreator',
};
const URL_FIELDS = new Set<keyof PageMetadata>(['ogImage', 'ogUrl', 'twitterImage']);

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
  twitterCard: null, twitterTitle: null, twitterDescription: null, twitterImage: null, twitterSite: null, twitterCreator: null,
};

function headingTitle(document: Document): string | null {
  const heading = findElement(document, 'h1');
  return heading ? textOf(heading) || null : null;
}
