import type { ProviderFamily } from '../providers';

/** Domain analytics and competitors: overview, ranked keywords, traffic, metrics, technologies. */
export interface DomainAnalyticsProvider extends ProviderFamily {}
