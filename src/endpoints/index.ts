import type { EndpointDefinition } from '../core/define-endpoint';
import { accountEndpoints } from './account';
import { aiEndpoints } from './ai';
import { keywordEndpoints } from './seo/keywords';
import { domainEndpoints } from './seo/domain';
import { competitorEndpoints } from './seo/competitors';
import { backlinkEndpoints } from './seo/backlinks';
import { contentEndpoints } from './seo/content';
import { aiVisibilityEndpoints } from './seo/ai';
import { serpEndpoints } from './serp';
import { searchEndpoints } from './search';
import { mapsEndpoints } from './maps';
import { scrapeEndpoints } from './scrape';
import { onPageEndpoints } from './seo/onpage';
import { toolEndpoints } from './tools';
import { emailEndpoints } from './email';
import { mediaEndpoints } from './media';
import { retailEndpoints } from './retail';
import { photosEndpoints } from './photos';
import { clipsEndpoints } from './clips';
import { videoEndpoints } from './video';

/** The registry: every API route, listed explicitly (each area lists its own in its index). */
export const endpoints: readonly EndpointDefinition<any, any>[] = [
  ...accountEndpoints,
  ...aiEndpoints,
  ...keywordEndpoints,
  ...domainEndpoints,
  ...competitorEndpoints,
  ...backlinkEndpoints,
  ...contentEndpoints,
  ...aiVisibilityEndpoints,
  ...serpEndpoints,
  ...searchEndpoints,
  ...mapsEndpoints,
  ...scrapeEndpoints,
  ...onPageEndpoints,
  ...toolEndpoints,
  ...emailEndpoints,
  ...mediaEndpoints,
  ...retailEndpoints,
  ...photosEndpoints,
  ...clipsEndpoints,
  ...videoEndpoints,
];
