import type { EndpointDefinition } from '../../../core/define-endpoint';
import domain from './domain';
import keywords from './keywords';
import pages from './pages';
import serp from './serp';

/** Competitor research. */
export const competitorEndpoints: readonly EndpointDefinition<any, any>[] = [domain, keywords, pages, serp];
