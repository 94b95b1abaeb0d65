import type { ContentProvider } from '../families/content';
import type { DataForSeoClient } from './client';

export function dataForSeoContent(client: DataForSeoClient): ContentProvider {
  return {
    name: client.name,
  } as ContentProvider; // placeholder: the area's mapping is being written
}
