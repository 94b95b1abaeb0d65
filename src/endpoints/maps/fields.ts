import { z } from 'zod';
import { languageCode } from '../../schemas/request-fields';

/** Request fields several maps endpoints share. Each call returns a fresh schema. */

/** BCP-47 language of names, addresses and reviews (default en). */
export function mapsLanguage() {
  return languageCode().meta({ description: 'BCP-47 language code for names, addresses and reviews (en, pt-BR).', examples: ['en'] });
}

/** CLDR two-letter region code: formats addresses and biases results; optional. */
export function regionCode() {
  return z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'must be a two-letter CLDR region code such as us or gb')
    .optional()
    .meta({ description: 'CLDR two-letter region code (us, gb, de): address formatting and a bias towards that region.', examples: ['us'] });
}

/** A place ID as searches return it, bare or as the resource name `places/{id}`; read as the bare ID. */
export function placeIdField() {
  return z
    .string()
    .trim()
    .regex(/^(places\/)?[A-Za-z0-9_-]{1,512}$/, 'must be a place ID as returned by a maps search (e.g. ChIJ2eUgeAK6j4ARbn5u_wAGqWA or places/ChIJ2eUgeAK6j4ARbn5u_wAGqWA)')
    .transform((id) => id.replace(/^places\//, ''))
    .meta({ description: 'Place ID from a maps search, bare or prefixed `places/`.', examples: ['ChIJ2eUgeAK6j4ARbn5u_wAGqWA'] });
}
