import type { SerpResultOf } from '../../schemas/serp';

/** An organic result for the general engines' documented examples; only what differs is given. */
export function organicExample(head: { position: number; title: string; url: string; description: string; domain: string; websiteName: string }): SerpResultOf<'organic'> {
  const { websiteName, ...rest } = head;
  return {
    ...rest,
    type: 'organic',
    data: {
      breadcrumb: `https://${head.domain} › ${new URL(head.url).pathname.split('/')[1] ?? ''}`,
      websiteName,
      isImage: false,
      isVideo: false,
      isFeaturedSnippet: false,
      isMalicious: false,
      preSnippet: null,
      extendedSnippet: null,
      highlighted: [],
      links: null,
      faq: null,
      rating: null,
      price: null,
      timestamp: null,
      ampVersion: false,
      aboutThisResult: null,
      relatedResult: null,
    },
  };
}
