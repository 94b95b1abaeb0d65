import render from 'dom-serializer';
import { absoluteUrl, isElement, MEDIA_PROTOCOLS, type ChildNode, type Element } from './dom';
import { imageSource } from './image-source';

/** Attributes that carry meaning in content; the rest (classes, styles, handlers, data-*) go. */
const KEPT_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'headers', 'scope', 'lang', 'dir', 'datetime', 'cite', 'start', 'reversed', 'type', 'width', 'height']);
const URL_ATTRIBUTES: Record<string, ReadonlySet<string> | undefined> = { href: undefined, src: MEDIA_PROTOCOLS, cite: MEDIA_PROTOCOLS };

/**
 * The content as clean HTML: the same elements, with only the attributes that mean something to
 * a reader, links and images absolute (a `javascript:` link loses its href), code keeping its
 * `language-*` class. The nodes are changed in place.
 */
export function toCleanHtml(nodes: readonly ChildNode[], baseUrl: string): string {
  for (const node of nodes) if (isElement(node)) cleanElement(node, baseUrl);
  return render(nodes as ChildNode[], { decodeEntities: true, encodeEntities: 'utf8' }).trim();
}

function cleanElement(element: Element, baseUrl: string): void {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.attribs)) {
    if (name in URL_ATTRIBUTES) {
      const url = absoluteUrl(value, baseUrl, URL_ATTRIBUTES[name]);
      if (url !== undefined) kept[name] = url;
    } else if (KEPT_ATTRIBUTES.has(name)) {
      kept[name] = value;
    } else if (name === 'class' && (element.name === 'code' || element.name === 'pre')) {
      const language = /(?:^|\s)((?:lang|language)-[\w#+.-]+)/.exec(value)?.[1];
      if (language) kept.class = language;
    }
  }
  if (element.name === 'img') {
    // A lazy-loaded image's real address, not its placeholder (or nothing).
    const source = imageSource(element.attribs, baseUrl);
    if (source === undefined) delete kept.src;
    else kept.src = source;
  }
  element.attribs = kept;
  for (const child of element.children) if (isElement(child)) cleanElement(child, baseUrl);
}
