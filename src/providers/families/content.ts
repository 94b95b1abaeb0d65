import type { ProviderFamily } from '../providers';

/** Content analysis, search trends and AI-assistant visibility. */
export interface ContentProvider extends ProviderFamily {}
