/**
 * The sites the sandbox names on its own: sites everyone knows, the big general sites every topic's
 * results hold, the reference sites its results pages cite, its video platform, the sites other
 * engines favour and the data portals its dataset search lists. Each is registered and has a web
 * presence whatever the registrar's dice say about other names (see `isRegistered`).
 */

export const BIG_SITES = ['wikipedia.org', 'reddit.com', 'youtube.com', 'amazon.com', 'nytimes.com', 'github.com', 'quora.com', 'medium.com'];

export const REFERENCE_SITES = [
  'wikiwise.org', 'forumhub.com', 'dailyledger.com', 'consumerscope.org', 'howtohq.com', 'marketwatchers.net',
  'homeandmaker.com', 'techradarly.com', 'healthline-journal.org', 'citypaper.news', 'shopcompass.com', 'learnloop.io',
];

export const VIDEO_SITE = 'clipstream.tv';

/** Sites each other general engine ranks that the web page does not. */
export const ENGINE_FAVOURITE_SITES = { bing: ['answersdesk.com'], yahoo: ['lifestylepost.com'], baidu: ['baike-wiki.cn', 'zhidao-answers.cn'] };

export const DATA_PORTALS = ['opendataportal.org', 'statisticshub.org', 'researchrepo.org', 'datacommons-archive.org', 'notebookdata.net', 'openscience-data.org'];

const FAMOUS_SITES = [
  'google.com', 'facebook.com', 'instagram.com', 'apple.com', 'microsoft.com', 'linkedin.com', 'netflix.com', 'x.com', 'twitter.com',
  'bing.com', 'yahoo.com', 'baidu.com', 'tiktok.com', 'pinterest.com', 'ebay.com', 'walmart.com', 'example.org', 'example.net',
];

export const KNOWN_SITES: readonly string[] = [
  ...FAMOUS_SITES, ...BIG_SITES, ...REFERENCE_SITES, VIDEO_SITE, ...Object.values(ENGINE_FAVOURITE_SITES).flat(), ...DATA_PORTALS,
];
