import type { DomainAnalyticsProvider } from '../families/domain-analytics';
import type { DataForSeoClient } from './client';

export function dataForSeoDomainAnalytics(client: DataForSeoClient): DomainAnalyticsProvider {
  return {
    name: client.name,
  } as DomainAnalyticsProvider; // placeholder: the area's mapping is being written
}
