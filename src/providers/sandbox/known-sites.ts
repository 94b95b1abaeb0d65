import { lookupTable } from '../../core/lookup-table';

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

/** The video platform's site: its pages are www.video.com, its images i.video.com (./video/channels.ts). */
export const VIDEO_SITE = 'video.com';

/** Sites each other general engine ranks that the web page does not. */
export const ENGINE_FAVOURITE_SITES = { bing: ['answersdesk.com'], yahoo: ['lifestylepost.com'], baidu: ['baike-wiki.cn', 'zhidao-answers.cn'] };

export const DATA_PORTALS = ['opendataportal.org', 'statisticshub.org', 'researchrepo.org', 'datacommons-archive.org', 'notebookdata.net', 'openscience-data.org'];

/**
 * Sites everyone knows, with the authority (0 to 1, the domain profile's long-tail draw for other
 * names) their fame suggests, so a user trying the sandbox with a familiar name sees it registered,
 * old, big and first on its name's results page. Each is under a TLD the sandbox registrar sells,
 * so its availability and WHOIS answer like any other name's.
 */
export const FAMOUS_SITES = lookupTable<number>({
  // Search, social, video and reference
  'google.com': 0.99, 'youtube.com': 0.99, 'wikipedia.org': 0.99, 'facebook.com': 0.98, 'instagram.com': 0.96, 'x.com': 0.94,
  'twitter.com': 0.95, 'reddit.com': 0.96, 'linkedin.com': 0.95, 'tiktok.com': 0.93, 'pinterest.com': 0.92, 'bing.com': 0.9,
  'yahoo.com': 0.93, 'baidu.com': 0.9, 'quora.com': 0.88, 'medium.com': 0.88, 'tumblr.com': 0.86, 'snapchat.com': 0.84,
  'whatsapp.com': 0.9, 'telegram.org': 0.85, 'discord.com': 0.86, 'vimeo.com': 0.86, 'imdb.com': 0.92,
  'duckduckgo.com': 0.82, 'archive.org': 0.9, 'wikihow.com': 0.85, 'fandom.com': 0.87, 'msn.com': 0.9, 'live.com': 0.88,
  // Technology
  'apple.com': 0.97, 'microsoft.com': 0.97, 'github.com': 0.95, 'stackoverflow.com': 0.92, 'adobe.com': 0.93, 'zoom.us': 0.88,
  'dropbox.com': 0.88, 'slack.com': 0.86, 'salesforce.com': 0.87, 'oracle.com': 0.88, 'ibm.com': 0.89, 'intel.com': 0.87,
  'samsung.com': 0.9, 'dell.com': 0.86, 'hp.com': 0.87, 'lenovo.com': 0.84, 'nvidia.com': 0.86, 'cloudflare.com': 0.89,
  'wordpress.org': 0.93, 'wordpress.com': 0.9, 'mozilla.org': 0.9, 'openai.com': 0.88, 'shopify.com': 0.89, 'godaddy.com': 0.86,
  'canva.com': 0.86, 'office.com': 0.88, 'spotify.com': 0.91, 'netflix.com': 0.92, 'paypal.com': 0.92, 'stripe.com': 0.85,
  // Shopping
  'amazon.com': 0.97, 'ebay.com': 0.93, 'walmart.com': 0.92, 'target.com': 0.9, 'bestbuy.com': 0.88, 'etsy.com': 0.9,
  'aliexpress.com': 0.89, 'alibaba.com': 0.88, 'costco.com': 0.86, 'homedepot.com': 0.88, 'lowes.com': 0.86, 'ikea.com': 0.88,
  'wayfair.com': 0.84, 'macys.com': 0.83, 'nike.com': 0.9, 'adidas.com': 0.86, 'zara.com': 0.83, 'hm.com': 0.82,
  'sephora.com': 0.83, 'chewy.com': 0.8, 'zappos.com': 0.8, 'kohls.com': 0.8, 'nordstrom.com': 0.81, 'rei.com': 0.8,
  'zalando.de': 0.8, 'otto.de': 0.76, 'leboncoin.fr': 0.79, 'craigslist.org': 0.86,
  // News and weather
  'nytimes.com': 0.93, 'bbc.co.uk': 0.94, 'bbc.com': 0.92, 'cnn.com': 0.92, 'theguardian.com': 0.92, 'washingtonpost.com': 0.91,
  'forbes.com': 0.91, 'reuters.com': 0.91, 'bloomberg.com': 0.9, 'wsj.com': 0.9, 'foxnews.com': 0.88, 'nbcnews.com': 0.87,
  'cnbc.com': 0.88, 'usatoday.com': 0.88, 'apnews.com': 0.87, 'npr.org': 0.88, 'dailymail.co.uk': 0.88, 'independent.co.uk': 0.85,
  'espn.com': 0.89, 'huffpost.com': 0.86, 'time.com': 0.87, 'theverge.com': 0.86, 'wired.com': 0.87, 'techcrunch.com': 0.86,
  'buzzfeed.com': 0.85, 'spiegel.de': 0.84, 'lemonde.fr': 0.84, 'weather.com': 0.88, 'accuweather.com': 0.84,
  // Travel, food, property, jobs, health, learning and finance
  'booking.com': 0.9, 'expedia.com': 0.88, 'tripadvisor.com': 0.9, 'airbnb.com': 0.89, 'hotels.com': 0.84, 'kayak.com': 0.83,
  'uber.com': 0.87, 'hertz.com': 0.78, 'yelp.com': 0.89, 'doordash.com': 0.83, 'allrecipes.com': 0.85, 'foodnetwork.com': 0.84,
  'zillow.com': 0.88, 'realtor.com': 0.85, 'indeed.com': 0.89, 'glassdoor.com': 0.86, 'webmd.com': 0.89, 'mayoclinic.org': 0.9,
  'healthline.com': 0.88, 'coursera.org': 0.86, 'udemy.com': 0.85, 'khanacademy.org': 0.85,
  'duolingo.com': 0.83, 'chase.com': 0.87, 'bankofamerica.com': 0.87, 'wellsfargo.com': 0.85, 'americanexpress.com': 0.85,
  'nerdwallet.com': 0.84, 'bankrate.com': 0.83, 'investopedia.com': 0.86, 'geico.com': 0.82, 'progressive.com': 0.81,
  'ea.com': 0.84, 'steampowered.com': 0.87, 'playstation.com': 0.84, 'xbox.com': 0.84, 'nintendo.com': 0.84, 'marvel.com': 0.8,
  'starbucks.com': 0.82,
  // Examples in every specification
  'example.com': 0.55, 'example.org': 0.5, 'example.net': 0.5,
});

/** The name searchers type for a site, its registrable label with spaces (`coffee-lab.com` → `coffee lab`). */
const nameOf = (site: string) => site.slice(0, site.indexOf('.')).replaceAll('-', ' ');

/** Famous sites by their name (`bbc` → bbc.co.uk, bbc.com), most famous first. */
const FAMOUS_BY_NAME = new Map<string, string[]>();
for (const site of Object.keys(FAMOUS_SITES).sort((first, second) => FAMOUS_SITES[second]! - FAMOUS_SITES[first]!)) {
  FAMOUS_BY_NAME.set(nameOf(site), [...(FAMOUS_BY_NAME.get(nameOf(site)) ?? []), site]);
}

/** The famous sites of a name (`bbc`), most famous first; none for most names. */
export const famousSitesNamed = (name: string): readonly string[] => FAMOUS_BY_NAME.get(name) ?? [];

/** How famous a site must be for its name to be searched as a brand: the examples' sites are not ("example" is a word). */
const BRAND_FAME = 0.7;

/** Names searched as brands → their fame, their most famous site's authority. */
const BRAND_FAME_BY_NAME = new Map<string, number>();
for (const [name, [mostFamous]] of FAMOUS_BY_NAME) {
  if (FAMOUS_SITES[mostFamous!]! >= BRAND_FAME) BRAND_FAME_BY_NAME.set(name, FAMOUS_SITES[mostFamous!]!);
}

/**
 * The fame of a name searched as a brand (`amazon` → 0.97); undefined for most names. Searchers
 * type it to reach the site, and the brand and its rivals bid on it. A lookup: every page asks.
 */
export const brandFameOf = (name: string): number | undefined => BRAND_FAME_BY_NAME.get(name);

/**
 * Whether a registrable site is a famous name under another TLD than the famous site's (ebay.net,
 * nike.io): a lookalike, which searchers looking for the brand pass by.
 */
export const isLookalike = (site: string) => FAMOUS_SITES[site] === undefined && FAMOUS_BY_NAME.has(nameOf(site));

/** Whether a registrable site is a lookalike of a famous one (nike.io of nike.com): never among its competitors. */
export const isLookalikeOf = (site: string, famous: string) => FAMOUS_SITES[famous] !== undefined && isLookalike(site) && nameOf(site) === nameOf(famous);

export const KNOWN_SITES: readonly string[] = [...new Set([
  ...Object.keys(FAMOUS_SITES), ...BIG_SITES, ...REFERENCE_SITES, VIDEO_SITE, ...Object.values(ENGINE_FAVOURITE_SITES).flat(), ...DATA_PORTALS,
])];
