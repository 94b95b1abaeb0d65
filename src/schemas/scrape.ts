import { z } from 'zod';
import { CONTENT_FORMATS } from '../scrape/page-content';

/** Records shared by the scraping endpoints (/v1/scrape and its browser variants). */

const MetaText = z.string().nullable();

export const PageMetadata = z
  .object({
    description: MetaText.meta({ description: '`<meta name="description">`.' }),
    canonical: MetaText.meta({ description: '`<link rel="canonical">`, absolute.' }),
    lang: MetaText.meta({ description: "The page's language (`<html lang>`)." }),
    keywords: MetaText,
    author: MetaText,
    robots: MetaText,
    ogTitle: MetaText,
    ogDescription: MetaText,
    ogImage: MetaText.meta({ description: '`og:image`, absolute.' }),
    ogUrl: MetaText,
    ogType: MetaText,
    ogSiteName: MetaText,
    ogLocale: MetaText,
    microCard: MetaText,
    microTitle: MetaText,
    microDescription: MetaText,
    microImage: MetaText,
    microSite: MetaText,
    microCreator: MetaText,
    hreflang: z
      .record(z.string(), z.string())
      .nullable()
      .meta({
        description:
          'The language versions of the page its `<link rel="alternate" hreflang>` tags list: language tag as written (`de`, `en-GB`, `x-default`) → absolute URL, ' +
          'the first listed for a language kept (at most 300); null when the page lists none.',
        examples: [{ en: 'https://example.com/blog/espresso-at-home', 'pt-BR': 'https://example.com/pt-br/blog/espresso-em-casa', 'x-default': 'https://example.com/blog/espresso-at-home' }],
      }),
  })
  .meta({ description: "What the page's head says about it; `og:*` tags camelCased (`ogTitle`), the microblog card's `twitter:*` tags as `micro*` (`microCard`, the interface's neutral word for the platform); null when absent." });

export const ContentFormat = z.enum(CONTENT_FORMATS);

export const ScrapeResult = z.object({
  url: z.string().meta({ description: 'The final URL, after redirects.' }),
  statusCode: z.number().int().meta({ description: "The page's HTTP status: a 404 or 500 page is still a successful scrape." }),
  format: ContentFormat,
  title: z.string().nullable(),
  content: z.string().meta({ description: 'The main content (or the `selector` part) in the format asked for.' }),
  metadata: PageMetadata,
});

/** The example page's metadata: every field present, most of them null. */
export const EXAMPLE_METADATA: z.input<typeof PageMetadata> = {
  description: 'How to pull a good shot of espresso at home.',
  canonical: 'https://example.com/blog/espresso-at-home',
  lang: 'en',
  keywords: null,
  author: 'Ana Lima',
  robots: null,
  ogTitle: 'Espresso at home',
  ogDescription: null,
  ogImage: 'https://example.com/images/espresso.jpg',
  ogUrl: null,
  ogType: 'article',
  ogSiteName: 'Brew Blog',
  ogLocale: null,
  microCard: 'summary_large_image',
  microTitle: null,
  microDescription: null,
  microImage: null,
  microSite: null,
  microCreator: null,
  hreflang: { en: 'https://example.com/blog/espresso-at-home', 'pt-BR': 'https://example.com/pt-br/blog/espresso-em-casa', 'x-default': 'https://example.com/blog/espresso-at-home' },
};
