import type { Providers } from '../providers';
import { DataForSeoClient, type DataForSeoSettings } from './client';
import { dataForSeoKeywords } from './keywords';
import { dataForSeoDomainAnalytics } from './domain-analytics';
import { dataForSeoBacklinks } from './backlinks';
import { dataForSeoContent } from './content';
import { dataForSeoSerp } from './serp';
import { dataForSeoReviews } from './reviews';

export type DataForSeoFamilies = Pick<Providers, 'keywords' | 'domainAnalytics' | 'backlinks' | 'content' | 'serp' | 'reviews'>;

/** Every family the SEO data vendor serves, on one client (one set of credentials). */
export function dataForSeoProviders(settings: DataForSeoSettings): DataForSeoFamilies {
  return dataForSeoFamilies(new DataForSeoClient(settings));
}

/** The families on a given client (a recording one prices what each endpoint asks for: ./costs.ts). */
export function dataForSeoFamilies(client: DataForSeoClient): DataForSeoFamilies {
  return {
    keywords: dataForSeoKeywords(client),
    domainAnalytics: dataForSeoDomainAnalytics(client),
    backlinks: dataForSeoBacklinks(client),
    content: dataForSeoContent(client),
    serp: dataForSeoSerp(client),
    reviews: dataForSeoReviews(client),
  };
}
