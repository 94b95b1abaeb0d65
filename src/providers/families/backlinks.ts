import type { ProviderFamily } from '../providers';

/** Backlink index: history, anchors, summary, lists, intersections. */
export interface BacklinksProvider extends ProviderFamily {}
