import type { EndpointDefinition } from '../../../core/define-endpoint';
import available from './available';
import overview from './overview';
import keywords from './keywords';
import traffic from './traffic';
import metrics from './metrics';
import rankOverview from './rank-overview';
import technologies from './technologies';
import backlinks from './backlinks';
import whois from './whois';

/** Domain analytics and availability. */
export const domainEndpoints: readonly EndpointDefinition<any, any>[] = [
  available, overview, keywords, traffic, metrics, rankOverview, technologies, backlinks, whois,
];
