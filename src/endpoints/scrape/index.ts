import type { EndpointDefinition } from '../../core/define-endpoint';
import scrape from './scrape';
import extract from './extract';
import aiExtract from './ai-extract';
import js from './js';
import stealth from './stealth';
import screenshot from './screenshot';

/** Web scraping. */
export const scrapeEndpoints: readonly EndpointDefinition<any, any>[] = [scrape, extract, aiExtract, js, stealth, screenshot];
