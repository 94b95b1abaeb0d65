import { z } from 'zod';
import { readUpstream } from '../http/upstream-request';
import { locationCodeOfCountry } from '../../schemas/countries';
import { localLanguage } from '../../schemas/location-languages';
import { serpPage } from '../../schemas/serp';
import type { SerpProvider } from '../families/serp';
import type { DataForSeoClient } from './client';
import { ENGINE_CALLS } from './serp/engines';
import { mapResultPage } from './serp/page';
import { searchMapsSerp } from './serp/maps';
import { VENDOR } from './errors';
import { listOf, text } from './serp/wire';

const HTML_PATH = 'serp/google/organic/live/html';
const HtmlResult = z.looseObject({ items: listOf({ page: z.number().nullish(), html: text }) });

/**
 * The SERP family on the vendor's SERP API: each engine's live endpoint, or its queued task where
 * the vendor has no live one (./serp/engines.ts),
 * its items mapped through one table (./serp/page.ts); the maps results as Place records from the
 * Google Maps SERP (./serp/maps.ts); the raw page from the organic HTML endpoint.
 */
export function dataForSeoSerp(client: DataForSeoClient): SerpProvider {
  return {
    name: client.name,
    async search(request, options) {
      const engine = ENGINE_CALLS[request.engine];
      const task = await engine.task(request, client, options);
      if (!task) return serpPage(request.query, 0, []);
      const [result] = engine.queued ? await client.queued(engine.path, 'advanced', task, options) : await client.live(engine.path, task, options);
      return mapResultPage(request.engine, request.query, request.depth, result);
    },
    searchMaps(request, options) {
      return searchMapsSerp(client, request, options);
    },
    async searchHtml(request, options) {
      // The page a country's own searchers get: in its first language (Germany's in German), as the sandbox serves it.
      const locationCode = locationCodeOfCountry(request.country);
      const task = { keyword: request.query, location_code: locationCode, language_code: localLanguage(locationCode), depth: request.numResults };
      const [result] = await client.live(HTML_PATH, task, options);
      const pages = result === undefined || result === null ? [] : readUpstream(VENDOR, HtmlResult, result).items;
      const html = pages
        .slice()
        .sort((first, second) => (first.page ?? 0) - (second.page ?? 0))
        .map((page) => page.html ?? '')
        .join('\n');
      return { query: request.query, html };
    },
  };
}
