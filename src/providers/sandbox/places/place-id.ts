import { createHash } from 'node:crypto';

/**
 * Sandbox place IDs carry everything a place is generated from (its category, a seed and its
 * coordinates), so /v1/maps/place, /reviews and /photo rebuild exactly the place a search
 * returned, in any process. Shaped like the vendor's IDs (`ChIJ` + 22 base64url characters); a
 * check sum tells our IDs from anything else, which is then an unknown place.
 */

export interface PlaceSeed {
  /** Index into CATEGORIES (see ./categories.ts). */
  category: number;
  /** Unsigned 32-bit. */
  seed: number;
  /** Degrees, 6 decimals. */
  latitude: number;
  longitude: number;
}

const PREFIX = 'ChIJ';
const VERSION = 1;
const MICRODEGREES = 1_000_000;

function checksum(body: Buffer): Buffer {
  return createHash('sha256').update(body).digest().subarray(0, 2);
}

/** XORs the body with a stream drawn from the check sum: IDs look random, not like a counter. */
function scrambled(body: Buffer, sum: Buffer): Buffer {
  const stream = createHash('sha256').update('tollgate/sandbox-place-id').update(sum).digest();
  return Buffer.from(body.map((byte, index) => byte ^ stream[index]!));
}

/** Coordinates as an ID holds them (6 decimals), so a search and a lookup agree to the digit. */
export function roundCoordinate(degrees: number): number {
  return Math.round(degrees * MICRODEGREES) / MICRODEGREES;
}

export function encodePlaceId(place: PlaceSeed): string {
  const body = Buffer.alloc(14);
  body.writeUInt8(VERSION, 0);
  body.writeUInt8(place.category, 1);
  body.writeUInt32BE(place.seed >>> 0, 2);
  body.writeInt32BE(Math.round(place.latitude * MICRODEGREES), 6);
  body.writeInt32BE(Math.round(place.longitude * MICRODEGREES), 10);
  const sum = checksum(body);
  return PREFIX + Buffer.concat([sum, scrambled(body, sum)]).toString('base64url');
}

/** The seed inside one of our IDs, or undefined for any other string. */
export function decodePlaceId(id: string): PlaceSeed | undefined {
  if (!id.startsWith(PREFIX) || !/^[A-Za-z0-9_-]{22}$/.test(id.slice(PREFIX.length))) return undefined;
  const bytes = Buffer.from(id.slice(PREFIX.length), 'base64url');
  if (bytes.length !== 16) return undefined;
  const sum = bytes.subarray(0, 2);
  const body = scrambled(bytes.subarray(2), sum);
  if (!checksum(body).equals(sum) || body.readUInt8(0) !== VERSION) return undefined;
  const latitude = body.readInt32BE(6) / MICRODEGREES;
  const longitude = body.readInt32BE(10) / MICRODEGREES;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  const seed = { category: body.readUInt8(1), seed: body.readUInt32BE(2), latitude, longitude };
  // The last character has spare bits: only the canonical spelling is the place's ID.
  return encodePlaceId(seed) === id ? seed : undefined;
}
