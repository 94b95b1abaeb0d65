/**
 * Rebuilds `src/scrape/technology/fingerprints.json`, the curated fingerprint set of the technology
 * lookup, from the last MIT-licensed release of Wappalyzer's data (the `wappalyzer` npm package,
 * 6.10.47; later releases are GPL-3.0 and the project closed in 2023, so nothing newer may be taken):
 *
 *   npm pack wappalyzer@6.10.47 && tar xzf wappalyzer-6.10.47.tgz
 *   node --import tsx scripts/curate-technology-fingerprints.ts ./package
 *
 * Only the technologies named below are kept (with what they imply or require), and of each only
 * what a fetched page can show: headers, cookies, meta, HTML, script URLs, the URL, CSS selectors.
 * Patterns stay as the data writes them. Adding a technology: add its name (as the data spells
 * it) and run again; `test/unit/scrape/technology.test.ts` checks every pattern compiles.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE_VERSION = '6.10.47';
const OUTPUT = new URL('../src/scrape/technology/fingerprints.json', import.meta.url);

/** The most common technologies on the web (servers, platforms, CMSs, frameworks, libraries, analytics, advertising, consent, payments, chat). */
const NAMES = [
  'jQuery', 'jQuery Migrate', 'jQuery UI', 'Google Analytics', 'Google Tag Manager', 'Google Font API', 'Google AdSense',
  'Google Publisher Tag', 'Google Maps', 'Google Optimize', 'Google Sign-in', 'reCAPTCHA', 'hCaptcha', 'Cloudflare',
  'Cloudflare Bot Management', 'PHP', 'WordPress', 'WooCommerce', 'Yoast SEO', 'Elementor', 'Divi', 'Astra', 'GeneratePress',
  'Contact Form 7', 'WPForms', 'Slider Revolution', 'WP Rocket', 'W3 Total Cache', 'Litespeed Cache', 'Jetpack', 'Nginx', 'Apache',
  'Microsoft ASP.NET', 'IIS', 'LiteSpeed', 'OpenResty', 'Caddy', 'Envoy', 'Varnish', 'Express', 'Ruby on Rails', 'Django', 'Flask',
  'Laravel', 'Symfony', 'CodeIgniter', 'CakePHP', 'Yii', 'Java', 'Apache Tomcat', 'Jetty', 'Phusion Passenger', 'gunicorn',
  'Kestrel', 'Amazon Web Services', 'Amazon Cloudfront', 'Amazon S3', 'Amazon ELB', 'Akamai', 'Fastly', 'Heroku', 'Netlify',
  'Vercel', 'GitHub Pages', 'Google Cloud CDN', 'Azure', 'Azure CDN', 'Bunny', 'KeyCDN', 'jsDelivr', 'Unpkg', 'cdnjs',
  'Google Hosted Libraries', 'Shopify', 'Wix', 'Squarespace', 'Webflow', 'Framer Sites', 'Weebly', 'GoDaddy Website Builder',
  'Jimdo', 'Tilda', 'Joomla', 'Drupal', 'Magento', 'PrestaShop', 'OpenCart', 'BigCommerce', 'Shopware', 'Ecwid',
  'Salesforce Commerce Cloud', 'Ghost', 'Hugo', 'Jekyll', 'Gatsby', 'Next.js', 'Nuxt.js', 'Vue.js', 'React', 'Angular',
  'AngularJS', 'Svelte', 'SvelteKit', 'Backbone.js', 'Underscore.js', 'Lodash', 'Moment.js', 'GSAP', 'three.js', 'Alpine.js',
  'Htmx', 'Stimulus', 'Livewire', 'Astro', 'Docusaurus', 'VuePress', 'MkDocs', 'Sphinx', 'GitBook', 'Atlassian Confluence',
  'Atlassian Statuspage', 'HubSpot', 'HubSpot CMS Hub', 'Blogger', 'Tumblr', 'Medium', 'Substack', 'Discourse', 'phpBB',
  'vBulletin', 'XenForo', 'MediaWiki', 'Moodle', 'Bootstrap', 'Tailwind CSS', 'Bulma', 'ZURB Foundation', 'Font Awesome',
  'Typekit', 'Modernizr', 'Slick', 'Swiper', 'Lightbox', 'webpack', 'Polyfill', 'Hotjar', 'Intercom', 'Zendesk', 'Zendesk Chat',
  'Crisp Live Chat', 'Tawk.to', 'LiveChat', 'Olark', 'Freshchat', 'Optimizely', 'Mixpanel', 'Segment', 'Amplitude', 'Heap',
  'FullStory', 'Matomo Analytics', 'Plausible', 'Yandex.Metrika', 'Baidu Analytics (百度统计)', 'Microsoft Clarity',
  'Facebook Pixel', 'Linkedin Insight Tag', 'Twitter Ads', 'TikTok Pixel', 'Pinterest Conversion Tag', 'Snap Pixel',
  'Microsoft Advertising', 'Criteo', 'Taboola', 'Outbrain', 'Stripe', 'PayPal', 'Klarna Checkout', 'Afterpay', 'Braintree',
  'Cookiebot', 'OneTrust', 'CookieYes', 'Osano', 'TrustArc', 'Didomi', 'Usercentrics', 'Mapbox GL JS', 'Leaflet', 'YouTube',
  'Vimeo', 'Wistia', 'JW Player', 'VideoJS', 'Disqus', 'AddThis', 'ShareThis', 'AddToAny', 'Gravatar', 'Sentry', 'New Relic',
  'Datadog', 'MailChimp', 'Klaviyo', 'Marketo', 'Pardot', 'ActiveCampaign', 'Typeform', 'Calendly', 'Trustpilot', 'Yotpo Reviews',
  'Judge.me', 'Open Graph', 'RSS', 'HSTS', 'HTTP/3', 'Priority Hints', 'Contentful', 'Strapi', 'Sanity', 'Prismic', 'Auth0',
  'Firebase', 'Algolia', 'Salesforce', 'Unbounce', 'Instapage', 'ClickFunnels', 'Kajabi', 'Teachable', 'Thinkific', 'Gumroad',
  'Squarespace Commerce', 'Wix eCommerce',
];

/** The fields a fetched page can answer, and the relations between technologies. */
const KEPT = ['cats', 'website', 'headers', 'cookies', 'meta', 'html', 'scriptSrc', 'url', 'dom', 'implies', 'requires', 'excludes'] as const;
const SIGNALS = ['headers', 'cookies', 'meta', 'html', 'scriptSrc', 'url', 'dom'];

type Fingerprint = Record<string, unknown>;

function list(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => String(item).split('\\;')[0]!);
}

const directory = process.argv[2];
if (!directory) throw new Error('usage: curate-technology-fingerprints.ts <extracted wappalyzer package directory>');
const packageJson = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { version: string; license: string };
if (packageJson.version !== SOURCE_VERSION || packageJson.license !== 'MIT') throw new Error(`expected the MIT release ${SOURCE_VERSION}, found ${packageJson.version} (${packageJson.license})`);

const all: Record<string, Fingerprint> = {};
for (const file of readdirSync(join(directory, 'technologies')).filter((name) => name.endsWith('.json'))) {
  Object.assign(all, JSON.parse(readFileSync(join(directory, 'technologies', file), 'utf8')));
}
const categories = JSON.parse(readFileSync(join(directory, 'categories.json'), 'utf8')) as Record<string, { name: string; priority: number }>;

const chosen = new Set<string>();
const pending = [...NAMES];
while (pending.length > 0) {
  const name = pending.pop()!;
  if (chosen.has(name)) continue;
  const fingerprint = all[name];
  if (fingerprint === undefined) throw new Error(`${name}: not in the data`);
  chosen.add(name);
  pending.push(...list(fingerprint.implies), ...list(fingerprint.requires));
}

const technologies: Record<string, Fingerprint> = {};
for (const name of [...chosen].sort((a, b) => a.localeCompare(b))) {
  const fingerprint = all[name]!;
  const kept: Fingerprint = {};
  for (const field of KEPT) if (fingerprint[field] !== undefined) kept[field] = fingerprint[field];
  const implied = [...chosen].some((other) => list(all[other]!.implies).includes(name));
  if (!SIGNALS.some((field) => kept[field] !== undefined) && !implied) {
    console.warn(`${name}: nothing a fetched page shows, left out`);
    continue;
  }
  technologies[name] = kept;
}
const usedCategories = new Set(Object.values(technologies).flatMap((fingerprint) => (fingerprint.cats as number[]).map(String)));

const lines = [
  '{',
  `  "source": ${JSON.stringify({ package: 'wappalyzer', version: SOURCE_VERSION, license: 'MIT', copyright: 'Copyright (c) Elbert Alias (Wappalyzer)' })},`,
  '  "categories": {',
  ...[...usedCategories].sort((a, b) => Number(a) - Number(b)).map((id, index, ids) => `    ${JSON.stringify(id)}: ${JSON.stringify({ name: categories[id]!.name, priority: categories[id]!.priority })}${index < ids.length - 1 ? ',' : ''}`),
  '  },',
  '  "technologies": {',
  ...Object.entries(technologies).map(([name, fingerprint], index, entries) => `    ${JSON.stringify(name)}: ${JSON.stringify(fingerprint)}${index < entries.length - 1 ? ',' : ''}`),
  '  }',
  '}',
];
writeFileSync(OUTPUT, `${lines.join('\n')}\n`);
console.log(`${Object.keys(technologies).length} technologies in ${usedCategories.size} categories written to ${OUTPUT.pathname}`);
