import type { EndpointDefinition } from '../../../core/define-endpoint';
import history from './history';
import anchors from './anchors';
import summary from './summary';
import list from './list';
import referringDomains from './referring-domains';
import domainIntersection from './domain-intersection';
import pageIntersection from './page-intersection';

/** Backlink index. */
export const backlinkEndpoints: readonly EndpointDefinition<any, any>[] = [
  history,
  anchors,
  summary,
  list,
  referringDomains,
  domainIntersection,
  pageIntersection,
];
