import type { PlacesProvider } from '../families/places';

export interface GooglePlacesSettings {
  apiKey: string;
  /** Without a trailing slash; `https://places.googleapis.com` in production. */
  baseUrl: string;
  timeoutMs: number;
}

export function googlePlacesProvider(_settings: GooglePlacesSettings): PlacesProvider {
  return { name: 'google-places' } as PlacesProvider; // placeholder: the adapter is being written
}
