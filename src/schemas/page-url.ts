import { z } from 'zod';

/**
 * A page to fetch: an absolute http(s) URL. Whether its destination may be fetched (a public
 * address) is the fetcher's check, made at every hop (src/net); this one only refuses what is
 * not a web URL at all, before anything is held.
 */
export function pageUrl(description = 'The page to fetch: an absolute http(s) URL.') {
  return z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .refine((text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'must be an absolute http:// or https:// URL')
    .meta({ description, examples: ['https://example.com/blog/espresso-at-home'] });
}
