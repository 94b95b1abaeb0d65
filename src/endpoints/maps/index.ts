import type { EndpointDefinition } from '../../core/define-endpoint';
import websearchMaps from './websearch-maps';
import search from './search';
import place from './place';
import reviews from './reviews';
import photo from './photo';

/** Places: maps search, details, reviews, photos (and the maps variant of web search). */
export const mapsEndpoints: readonly EndpointDefinition<any, any>[] = [websearchMaps, search, place, reviews, photo];
