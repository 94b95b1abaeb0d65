import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const FILE_ID_PREFIX = 'mf_';
/** 128 random bits: 22 base64url characters after the prefix. */
const FILE_ID_RANDOM_BYTES = 16;
/** Below this an HMAC key is guessable offline from one signed URL. */
const MIN_SECRET_BYTES = 16;
/** Whole seconds since the epoch, nothing else: no sign, no fraction, no exponent. */
const EXPIRES = /^[0-9]{1,15}$/;

/** A new media file id: `mf_` + 22 base64url characters from 128 random bits, so file URLs cannot be guessed. */
export function newMediaFileId(): string {
  return FILE_ID_PREFIX + randomBytes(FILE_ID_RANDOM_BYTES).toString('base64url');
}

/**
 * Signed, expiring URLs for media files: the signature is the only authorisation a file URL
 * carries, so a link can be handed to a browser or a video player without an API key.
 */
export class MediaFileUrls {
  constructor(
    private readonly secret: Buffer,
    private readonly basePath = '/v1/media/files',
  ) {
    if (secret.length < MIN_SECRET_BYTES) throw new RangeError(`the media URL secret needs at least ${MIN_SECRET_BYTES} bytes`);
  }

  /** The path and query of `fileId`'s URL, valid before `expiresAtSeconds` (seconds since the epoch), not from it. */
  url(fileId: string, expiresAtSeconds: number): string {
    if (!Number.isSafeInteger(expiresAtSeconds) || expiresAtSeconds < 0) throw new RangeError(`invalid expiry: ${expiresAtSeconds}`);
    const expires = String(expiresAtSeconds);
    return `${this.basePath}/${encodeURIComponent(fileId)}?expires=${expires}&signature=${this.sign(fileId, expires)}`;
  }

  /**
   * Whether a presented URL is one we issued (`valid`), one we issued whose time has passed
   * (`expired`), or anything else (`invalid`). The expiry is trusted only once the signature
   * holds, so a forged URL is `invalid` whatever expiry it names.
   */
  check(fileId: string, expires: string | undefined, signature: string | undefined, nowSeconds: number): 'valid' | 'expired' | 'invalid' {
    if (expires === undefined || signature === undefined || !EXPIRES.test(expires)) return 'invalid';
    const expected = Buffer.from(this.sign(fileId, expires));
    const presented = Buffer.from(signature);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return 'invalid';
    return Number(expires) > nowSeconds ? 'valid' : 'expired';
  }

  // Signed as text and compared as text: a base64url decoder would accept variants of one signature.
  private sign(fileId: string, expires: string): string {
    return createHmac('sha256', this.secret).update(`${fileId}.${expires}`).digest('base64url');
  }
}
