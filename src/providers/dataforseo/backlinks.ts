import type { BacklinksProvider } from '../families/backlinks';
import type { DataForSeoClient } from './client';

export function dataForSeoBacklinks(client: DataForSeoClient): BacklinksProvider {
  return {
    name: client.name,
  } as BacklinksProvider; // placeholder: the area's mapping is being written
}
