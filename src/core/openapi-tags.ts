/**
 * What each area of the API (an endpoint id's first part, the OpenAPI tag) offers: the reference's
 * section headings, and what generated clients put above each group of methods. A new area needs
 * its line here (the OpenAPI test says which is missing).
 */
export const AREA_DESCRIPTIONS: Readonly<Record<string, string>> = {
  account: "The calling account: its balance, the key's limits, usage and spend by day, endpoint or key, and its ledger entries. Free.",
  ai: 'Chat with the catalog\'s language models, natively or in the OpenAI-compatible chat-completions format (streaming too), and the models with their prices. Charged by the tokens used.',
  seo: 'Keyword research, domain and page analytics, rankings, competitors, backlinks, search-engine results as SEO data, and mentions in AI answers.',
  serp: 'Search results as structured JSON: web, images, news, datasets, autocomplete, ads, AI mode, finance, maps and video, on several search engines.',
  search: 'A web search results page as the engine served it (raw HTML).',
  maps: 'Places: search, details by place id, reviews and photos.',
  scrape: 'Web pages fetched for you: as markdown, text or HTML, rendered by a browser, with anti-detection measures, as a screenshot, or with fields extracted by rules or by an AI model.',
  tools: 'Utilities: DNS lookups, WHOIS over RDAP, QR codes, and PDFs of pages or HTML.',
  email: 'Email and contact data: finding and verifying addresses, domain searches, person and company enrichment, phone validation.',
  media: 'Asynchronous media jobs: images, video and music from a prompt, or answers about an image or a video. Queue a job, then poll its status or receive a webhook (see `webhooks`); billed on completion.',
  retail: 'An online marketplace\'s catalog: products, offers, reviews, categories, best sellers, deals, sellers and influencer storefronts (snake_case fields).',
  photos: 'A photo-sharing network\'s public data: users, posts, comments, likers, hashtags, places and search (snake_case fields).',
  clips: 'A short-video network\'s public data: creators, videos, comments, sounds, challenges (hashtags), stories and search (snake_case fields).',
  video: 'A video platform\'s public data: channels, videos, Shorts, playlists, comments, live streams, transcripts and search, a page at a time.',
};
