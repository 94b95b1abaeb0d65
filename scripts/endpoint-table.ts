/**
 * Prints the README's endpoint list from the registry, one table per area (`npm run docs:endpoints`);
 * a test checks that the README carries exactly this text, so the two cannot drift.
 */
import { areaOf, type EndpointDefinition } from '../src/core/define-endpoint';
import { endpoints } from '../src/endpoints';
import { startedAs } from './started-as';

/** Area (the id's prefix, also the OpenAPI tag) → heading, in the order the README lists them. */
const AREA_TITLES: Record<string, string> = {
  account: 'Account',
  seo: 'SEO: keywords, domains, competitors, backlinks, content, on-page, trends, AI visibility',
  serp: 'Search results (SERP) and maps results',
  maps: 'Maps (places)',
  search: 'Raw search pages',
  ai: 'AI',
  scrape: 'Scraping',
  tools: 'Tools',
  email: 'Email and contacts',
  media: 'AI media',
  retail: 'Retail marketplace',
  photos: 'Photo-sharing platform',
  clips: 'Short-video platform',
  video: 'Video platform',
};

export function endpointTable(): string {
  const byArea = new Map<string, EndpointDefinition<any, any>[]>();
  for (const endpoint of endpoints) byArea.set(areaOf(endpoint), [...(byArea.get(areaOf(endpoint)) ?? []), endpoint]);
  const order = [...Object.keys(AREA_TITLES), ...[...byArea.keys()].filter((area) => !(area in AREA_TITLES)).sort()];
  return order
    .filter((area) => byArea.has(area))
    .map((area) => {
      const rows = byArea
        .get(area)!
        .sort((a, b) => a.path.localeCompare(b.path))
        .map((endpoint) => `| \`${endpoint.method} ${endpoint.path}\` | ${endpoint.summary} | ${sentence(endpoint.price.describe().replace(/^Cost: /, ''))} |`);
      return [`#### ${AREA_TITLES[area] ?? area} (${rows.length})`, '', '| Endpoint | What it does | Price |', '|---|---|---|', ...rows].join('\n');
    })
    .join('\n\n');
}

if (startedAs('scripts/endpoint-table.ts')) console.log(endpointTable());

/** A price's words as a table cell: a sentence, capitalised. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
