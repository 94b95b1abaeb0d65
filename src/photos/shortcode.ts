/**
 * A post's shortcode is its numeric media id written in the platform's base-64 alphabet (the
 * URL-safe one, A–Z a–z 0–9 - _, most significant digit first): `ybyPRoQWzX` is media
 * 908540701891980503. Media ids are unsigned 64-bit, so a public shortcode has at most 11 digits;
 * a private post's share code is longer, and its first 11 digits are the media id.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGIT = new Map([...ALPHABET].map((character, index) => [character, BigInt(index)]));

/** The shortest public shortcode in use (the platform's earliest posts) and a private share code's longest. */
export const SHORTCODE_PATTERN = /^[A-Za-z0-9_-]{5,64}$/;
const MEDIA_ID_DIGITS = 11;
const MAX_MEDIA_ID = (1n << 64n) - 1n;

/** The media id a shortcode stands for, as a decimal string; null when it is beyond 64 bits. */
export function mediaIdOf(shortcode: string): string | null {
  let id = 0n;
  for (const character of shortcode.slice(0, MEDIA_ID_DIGITS)) {
    const digit = DIGIT.get(character);
    if (digit === undefined) throw new Error(`not a shortcode digit: ${character}`);
    id = id * 64n + digit;
  }
  return id > MAX_MEDIA_ID ? null : id.toString();
}

/** The shortcode of a media id (decimal string or bigint; a `<media>_<owner>` id's first part). */
export function shortcodeOf(mediaId: string | bigint): string {
  let id = typeof mediaId === 'bigint' ? mediaId : BigInt(mediaId.split('_')[0]!);
  if (id < 0n || id > MAX_MEDIA_ID) throw new RangeError(`not a 64-bit media id: ${mediaId}`);
  let code = '';
  do {
    code = ALPHABET[Number(id % 64n)] + code;
    id /= 64n;
  } while (id > 0n);
  return code;
}
