import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FetchedPage } from '../../../src/net/fetcher';
import { detectTechnologies, Technology } from '../../../src/scrape/technology';
import { fingerprints } from '../../../src/scrape/technology/fingerprints';
import { compilePattern, relaxed, requiredLiterals } from '../../../src/scrape/technology/patterns';
import { readCookies } from '../../../src/scrape/technology/page-signals';
import data from '../../../src/scrape/technology/fingerprints.json' with { type: 'json' };

function page(html: string, headers: Record<string, string> = {}, url = 'https://www.shop.example/'): FetchedPage {
  return { url, statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, contentType: 'text/html', body: Buffer.from(html), text: html, redirects: [] };
}

function names(found: Technology[]): string[] {
  return found.map((technology) => technology.name).sort();
}

test('headers: the server, the framework, and what the framework implies', () => {
  const found = detectTechnologies(page('<html><body>Hello</body></html>', { server: 'nginx/1.25.3', 'x-powered-by': 'Express' }));
  assert.deepEqual(names(found), ['Express', 'Nginx', 'Node.js']);
  assert.deepEqual(found.find((technology) => technology.name === 'Nginx'), { name: 'Nginx', slug: 'nginx', category: 'Web servers', website: 'http://nginx.org/en' });
});

test('cookies from Set-Cookie (dates with commas, a wildcard name) and the implied language', () => {
  const setCookie = 'laravel_session=eyJpdiI6; expires=Wed, 21 Oct 2026 07:28:00 GMT; path=/; httponly, _ga_3XYZ=GS1.1; Path=/';
  assert.deepEqual(names(detectTechnologies(page('<p>x</p>', { 'set-cookie': setCookie }))), ['Google Analytics', 'Laravel', 'PHP']);
});

test('meta generator, HTML, script URLs, implies and requires: a WordPress shop', () => {
  const html = `<!doctype html><html><head>
    <meta name="generator" content="WordPress 6.4.2">
    <script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
    <script src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC"></script>
    <link rel="stylesheet" href="/wp-content/plugins/woocommerce/assets/css/woocommerce.css">
  </head><body class="woocommerce-no-js"><div class="woocommerce">Shop</div></body></html>`;
  const found = detectTechnologies(page(html));
  assert.deepEqual(names(found), ['Google Tag Manager', 'MySQL', 'PHP', 'WooCommerce', 'WordPress', 'jQuery']);
  assert.ok(Technology.array().parse(found));
  // Sorted by the category's rank, then its name, then the technology's: the CMS and the shop before the libraries.
  assert.deepEqual(found.slice(0, 2).map((technology) => technology.name), ['WordPress', 'WooCommerce']);
});

test('a technology that requires another is not reported without it', () => {
  const html = '<html><head><script src="/assets/woocommerce.min.js"></script></head><body class="woocommerce"></body></html>';
  assert.deepEqual(names(detectTechnologies(page(html))), []);
});

test('implies are followed transitively; excludes remove', () => {
  assert.deepEqual(names(detectTechnologies(page('<p>x</p>', { 'x-powered-by': 'Next.js 14.1.0' }))), ['Next.js', 'Node.js', 'React', 'webpack']);
  const both = '<script src="/js/lodash.min.js"></script><script src="/js/underscore-min.js"></script>';
  const found = names(detectTechnologies(page(both)));
  assert.equal(found.filter((name) => name === 'Lodash' || name === 'Underscore.js').length, 0);
});

test('HTML patterns and element selectors, case-insensitively', () => {
  assert.deepEqual(names(detectTechnologies(page('<html><body><DIV ID="app" DATA-V-7ba5bd90>x</DIV></body></html>'))), ['Vue.js']);
  assert.deepEqual(names(detectTechnologies(page('<html><body><div id="___gatsby"></div></body></html>'))), ['Gatsby', 'React', 'webpack']);
});

test('third-party services by script host, once, and never the site itself', () => {
  const html = '<script src="https://js.driftt.com/include/1/abc.js"></script><script src="https://js.driftt.com/other.js"></script><script src="/app.js"></script>';
  const found = detectTechnologies(page(html));
  assert.deepEqual(found, [{ name: 'Drift', slug: 'drift', category: 'Marketing automation', website: 'https://www.drift.com/' }]);
  assert.deepEqual(detectTechnologies(page(html, {}, 'https://www.drift.com/')), []);
});

test('a page that shows nothing gives an empty list', () => {
  assert.deepEqual(detectTechnologies(page('<html><head><title>Plain</title></head><body><p>Just text.</p></body></html>')), []);
  assert.deepEqual(detectTechnologies(page('')), []);
});

test('hostile pages finish: unclosed tags around a pattern\'s literal, megabytes of markup', () => {
  const hostile = '<'.repeat(300_000) + 'data-react' + '<a '.repeat(200_000) + ' data-v-';
  assert.ok(Array.isArray(detectTechnologies(page(hostile))));
  const huge = '<div class="x">' + '<span data-react-x>'.repeat(100_000) + '</div>';
  assert.deepEqual(names(detectTechnologies(page(huge))), ['React']);
});

test('every shipped pattern compiles for the linear-time engine; every implied or required technology is in the set', () => {
  const technologies = (data as { technologies: Record<string, Record<string, unknown>> }).technologies;
  const refused: string[] = [];
  const walk = (name: string, value: unknown, key: string): void => {
    if (['cats', 'website', 'implies', 'requires', 'excludes'].includes(key)) return;
    if (typeof value === 'string') {
      if (key !== 'dom' && key !== 'selector' && compilePattern(value) === null) refused.push(`${name}: ${value}`);
    } else if (Array.isArray(value)) for (const item of value) walk(name, item, key);
    else if (value !== null && typeof value === 'object') for (const [inner, item] of Object.entries(value)) walk(name, item, key === 'dom' && typeof item === 'object' ? 'selector' : inner);
  };
  for (const [name, technology] of Object.entries(technologies)) for (const [key, value] of Object.entries(technology)) walk(name, value, key);
  assert.deepEqual(refused, []);
  const known = new Set(fingerprints().map((fingerprint) => fingerprint.name));
  const missing = fingerprints().flatMap((fingerprint) => [...fingerprint.implies.map((implied) => implied.name), ...fingerprint.requires].filter((name) => !known.has(name)));
  assert.deepEqual(missing, []);
  assert.ok(known.size >= 200);
});

test('patterns: case folded through literals only, tags read, required literals found, refused syntax relaxed', () => {
  const pattern = compilePattern('^WordPress(?: ([\\d.]+))?\\;version:\\1\\;confidence:50')!;
  assert.equal(pattern.confidence, 50);
  assert.ok(pattern.regex!.test('wordpress 6.4'));
  assert.equal(compilePattern('\\S+Pay')!.regex!.source, '\\S+pay');
  assert.deepEqual(compilePattern('')!, { regex: null, literals: null, confidence: 100 });
  assert.deepEqual(requiredLiterals('<link[^>]+wp-content'), ['wp-content']);
  assert.deepEqual(requiredLiterals('(?:gtag/js|analytics\\.js)'), ['gtag/js', 'analytics.js']);
  assert.equal(requiredLiterals('a?b*'), null);
  assert.equal(relaxed('leaflet.{0,32}\\.js(?!.+shopify)'), 'leaflet.{0,}\\.js');
  assert.equal(relaxed('[a-f0-9]{32}[{]{2}'), '[a-f0-9]{15,}[{]{2}');
  assert.equal(compilePattern('(a)\\1'), null);
});

test('Set-Cookie joined by the fetcher is split into cookies', () => {
  const cookies = readCookies('a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/, B_Name=two=2; Secure, c=');
  assert.deepEqual([...cookies], [['a', '1'], ['b_name', 'two=2'], ['c', '']]);
  assert.equal(readCookies(undefined).size, 0);
});

test('the schema documents itself', () => {
  assert.deepEqual(Object.keys(Technology.shape).sort(), ['category', 'name', 'slug', 'website']);
  for (const property of Object.values(Technology.shape)) assert.ok(property.meta()?.description);
});
