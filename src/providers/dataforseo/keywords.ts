import type { KeywordsProvider } from '../families/keywords';
import type { DataForSeoClient } from './client';

export function dataForSeoKeywords(client: DataForSeoClient): KeywordsProvider {
  return {
    name: client.name,
  } as KeywordsProvider; // placeholder: the area's mapping is being written
}
