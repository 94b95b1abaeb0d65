import type { DomainAnalyticsProvider } from '../families/domain-analytics';

export const sandboxDomainAnalytics: DomainAnalyticsProvider = {
  name: 'sandbox',
};
