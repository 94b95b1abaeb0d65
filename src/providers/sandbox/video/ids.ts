import { seedOf } from '../clips/videos';

/**
 * The world's ids: a 32-bit number (a channel's index, a video's key…) hidden among check bits
 * drawn from it, in the platform's alphabet. An id decodes back to its number, and one the world
 * did not make almost never does: decoding re-encodes and compares. A wider value (a made
 * video's phrase, ./made.ts) takes more of the id's bits, leaving fewer check bits.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = /^[A-Za-z0-9_-]+$/;

/** What an id names, so a channel's number never reads as a video's. */
const ID_KINDS = { video: 1, channel: 2, playlist: 3, post: 4, comment: 5, handle: 6, madeVideo: 7 } as const;
type IdKind = keyof typeof ID_KINDS;

function checkBits(kind: IdKind, value: number, bits: number): bigint {
  let check = 0n;
  for (let part = 0; part * 32 < bits; part += 1) check = (check << 32n) | BigInt(seedOf(ID_KINDS[kind], value, part));
  return check & ((1n << BigInt(bits)) - 1n);
}

/** `length` characters spelling `value` (below 2^32). */
export function encodeId(kind: IdKind, value: number, length: number): string {
  const check = checkBits(kind, value, length * 6 - 32);
  return spell((check << 32n) | BigInt((value ^ seedOf(ID_KINDS[kind], Number(check & 0xffff_ffffn))) >>> 0), length);
}

/** The value `id` spells, or null when the world made no such id. */
export function decodeId(kind: IdKind, id: string): number | null {
  const bits = bitsOf(id);
  if (bits === null) return null;
  const value = (Number(bits & 0xffff_ffffn) ^ seedOf(ID_KINDS[kind], Number((bits >> 32n) & 0xffff_ffffn))) >>> 0;
  return encodeId(kind, value, id.length) === id ? value : null;
}

function spell(bits: bigint, length: number): string {
  let id = '';
  for (let position = 0; position < length; position += 1, bits >>= 6n) id = ALPHABET[Number(bits & 63n)]! + id;
  return id;
}

function bitsOf(id: string): bigint | null {
  if (!VALUE.test(id)) return null;
  let bits = 0n;
  for (const character of id) bits = (bits << 6n) | BigInt(ALPHABET.indexOf(character));
  return bits;
}

const lowBits = (bits: number) => (1n << BigInt(bits)) - 1n;

/** The mask hiding a wide value: 64 bits drawn from the check bits. */
const wideMask = (kind: IdKind, check: bigint, valueBits: number) =>
  ((BigInt(seedOf(ID_KINDS[kind], Number(check), 1)) << 32n) | BigInt(seedOf(ID_KINDS[kind], Number(check), 2))) & lowBits(valueBits);

/**
 * `length` characters spelling a value of `valueBits` bits (more than 32, fewer than the id
 * holds): as encodeId, the fewer check bits left (at most 32) drawn from the value, the value
 * hidden by a mask drawn from them.
 */
export function encodeWideId(kind: IdKind, value: bigint, valueBits: number, length: number): string {
  const check = BigInt(seedOf(ID_KINDS[kind], Number(value & 0xffff_ffffn), Number(value >> 32n))) & lowBits(length * 6 - valueBits);
  return spell((check << BigInt(valueBits)) | (value ^ wideMask(kind, check, valueBits)), length);
}

/** The wide value `id` spells, or null when the world made no such id. */
export function decodeWideId(kind: IdKind, id: string, valueBits: number): bigint | null {
  const bits = bitsOf(id);
  if (bits === null) return null;
  const check = bits >> BigInt(valueBits);
  const value = (bits & lowBits(valueBits)) ^ wideMask(kind, check, valueBits);
  return encodeWideId(kind, value, valueBits, id.length) === id ? value : null;
}

/** Check bits of a handle's digits: with the 32 of the value they fit ten base-36 digits (36^10 > 2^51). */
const HANDLE_CHECK_BITS = 19;

/**
 * The ten base-36 digits of an automatic handle (`@user-…`) spelling `value` (below 2^32), the
 * same way as an id: check bits drawn from the value, then the value hidden by them.
 */
export function handleDigits(value: number): string {
  const check = seedOf(ID_KINDS.handle, value) % 2 ** HANDLE_CHECK_BITS;
  const hidden = (value ^ seedOf(ID_KINDS.handle, check, 1)) >>> 0;
  return (check * 2 ** 32 + hidden).toString(36).padStart(10, '0');
}

/** The value the handle digits spell, or null when the world made no such handle. */
export function valueOfHandleDigits(digits: string): number | null {
  if (!/^[a-z0-9]{10}$/.test(digits)) return null;
  const spelled = parseInt(digits, 36);
  const value = ((spelled % 2 ** 32) ^ seedOf(ID_KINDS.handle, Math.floor(spelled / 2 ** 32), 1)) >>> 0;
  return handleDigits(value) === digits ? value : null;
}
