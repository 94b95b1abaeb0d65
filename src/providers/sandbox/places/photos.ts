import { createHash } from 'node:crypto';
import type { Place } from '../../../schemas/place';
import { SeededRandom } from '../random';
import { decodePlaceId } from './place-id';
import { personName } from './reviews';

/**
 * A sandbox place's photos (derived from its ID alone, so /v1/maps/photo can resolve a reference
 * without the search that produced it) and the sized URL a reference resolves to.
 */

type PlacePhotoRecord = NonNullable<Place['photos']>[number];

const SHAPES: ReadonlyArray<readonly [number, number]> = [[4032, 3024], [3024, 4032], [4000, 3000], [1920, 1080], [1080, 1440], [4624, 3472]];
const PHOTO_HOST = 'https://photos.sandbox.example';

function photoToken(placeId: string, index: number): string {
  return `AU${createHash('sha256').update(`${placeId}:photo:${index}`).digest('base64url').slice(0, 40)}`;
}

/** Up to 10 photos: most places have the full ten, a few have fewer or none. */
export function photosOf(placeId: string): PlacePhotoRecord[] {
  const random = new SeededRandom(`${placeId}:photos`);
  const count = random.chance(0.03) ? 0 : random.chance(0.7) ? 10 : random.integer(1, 9);
  return Array.from({ length: count }, (_, index) => {
    const token = photoToken(placeId, index);
    const [width, height] = random.pick(SHAPES);
    return {
      reference: `places/${placeId}/photos/${token}`,
      width,
      height,
      attribution: personName(random),
      googleMapsUrl: `https://www.google.com/maps/place//data=!3m4!1e2!3m2!1s${token}!2e10`,
    };
  });
}

/**
 * The URL of a photo scaled to fit within the bounds (never up), as the vendor sizes them; undefined
 * for a reference that is not one of a sandbox place's photos.
 */
export function sandboxPhotoUri(reference: string, maxWidth: number | undefined, maxHeight: number | undefined): string | undefined {
  const match = /^places\/([^/]+)\/photos\/([^/]+)$/.exec(reference);
  if (!match || !decodePlaceId(match[1]!)) return undefined;
  const photo = photosOf(match[1]!).find((candidate) => candidate.reference === reference);
  if (!photo) return undefined;
  const scale = Math.min(1, (maxWidth ?? Infinity) / photo.width, (maxHeight ?? Infinity) / photo.height);
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  return `${PHOTO_HOST}/places/${match[1]}/${match[2]}-${width}x${height}.jpg`;
}
