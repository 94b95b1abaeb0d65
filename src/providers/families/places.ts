import type { ProviderFamily } from '../providers';

/** Places: text search, details, reviews, photos. */
export interface PlacesProvider extends ProviderFamily {}
