import type { SerpProvider } from '../families/serp';
import type { DataForSeoClient } from './client';

export function dataForSeoSerp(client: DataForSeoClient): SerpProvider {
  return {
    name: client.name,
  } as SerpProvider; // placeholder: the area's mapping is being written
}
