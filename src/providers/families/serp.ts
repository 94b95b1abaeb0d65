import type { SerpEngine, SerpResponse } from '../../schemas/serp';
import type { CallOptions, ProviderFamily } from '../providers';
import type { PlaceTextSearchPage, PlaceTextSearchRequest } from './places';

export interface SerpSearchRequest {
  /** Which engine or vertical: the web page, images, news, another general engine… */
  engine: SerpEngine;
  query: string;
  /** Most results to return. */
  depth: number;
  locationCode: number;
  language: string;
}

export interface RawSearchRequest {
  query: string;
  /** Two-letter country code (lower case). */
  country: string;
  numResults: number;
}

/** A results page exactly as the engine served it. */
export interface RawSearchPage {
  query: string;
  html: string;
}

/** Search-engine results pages. */
export interface SerpProvider extends ProviderFamily {
  /** Parsed results of one engine, positions 1..n, at most `depth` of them. */
  search(request: SerpSearchRequest, options: CallOptions): Promise<SerpResponse>;
  /**
   * The maps results of a text search as Place records, one page at a time (the maps variant of
   * web search; the places family's own text search serves /v1/maps/search).
   */
  searchMaps(request: PlaceTextSearchRequest, options: CallOptions): Promise<PlaceTextSearchPage>;
  /** The web results page as HTML. */
  searchHtml(request: RawSearchRequest, options: CallOptions): Promise<RawSearchPage>;
}
