import { absoluteUrl, MEDIA_PROTOCOLS } from './dom';

/**
 * Where lazy loaders (lazysizes, jQuery lazyload, WordPress plugins…) keep an image's real address
 * until it scrolls into view; meanwhile `src` holds a placeholder (a data: URI, a spinner, a
 * one-pixel GIF) or nothing. Once loaded, `src` is set to the same address, so the lazy one is the
 * image either way.
 */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original'];
const LAZY_SOURCE_SETS = ['data-srcset', 'data-lazy-srcset'];

/**
 * The address of the image an `<img>` shows, absolute against the page: its lazy-loaded source
 * when it has one, else its `src`, else the largest candidate of its `srcset`; undefined when none
 * is an http(s) address (a data: URI placeholder is not an image a reader can fetch).
 */
export function imageSource(attributes: Record<string, string | undefined>, baseUrl: string): string | undefined {
  for (const name of LAZY_SOURCES) {
    const url = absoluteUrl(attributes[name], baseUrl, MEDIA_PROTOCOLS);
    if (url !== undefined) return url;
  }
  for (const name of LAZY_SOURCE_SETS) {
    const url = absoluteUrl(largestCandidate(attributes[name]), baseUrl, MEDIA_PROTOCOLS);
    if (url !== undefined) return url;
  }
  return absoluteUrl(attributes.src, baseUrl, MEDIA_PROTOCOLS) ?? absoluteUrl(largestCandidate(attributes.srcset), baseUrl, MEDIA_PROTOCOLS);
}

/**
 * The widest (or densest) image of a `srcset` ("a.jpg 320w, b.jpg 640w"; "a.jpg, b.jpg 2x"), read
 * as the HTML standard splits it: an address runs to whitespace (a comma inside it, as in
 * `w_300,h_200`, belongs to it), its descriptors to the next comma.
 */
function largestCandidate(srcset: string | undefined): string | undefined {
  if (srcset === undefined) return undefined;
  let best: { url: string; size: number } | undefined;
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset[at]!)) at += 1;
    const urlStart = at;
    while (at < srcset.length && !/\s/.test(srcset[at]!)) at += 1;
    let url = srcset.slice(urlStart, at);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const descriptorStart = at;
      while (at < srcset.length && srcset[at] !== ',') at += 1;
      descriptor = srcset.slice(descriptorStart, at);
    }
    if (url === '') continue;
    const size = Number(/(\d+(?:\.\d+)?)[wx]/i.exec(descriptor)?.[1] ?? 1);
    if (best === undefined || size > best.size) best = { url, size };
  }
  return best?.url;
}
