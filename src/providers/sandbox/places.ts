import type { PlacesProvider } from '../families/places';

export const sandboxPlaces: PlacesProvider = {
  name: 'sandbox',
};
