import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const NEW_SECRET_BYTES = 24;
/** The key lengths Standard Webhooks asks of a secret. */
const SECRET_BYTES = { min: 24, max: 64 } as const;
/** Standard base64 with its padding: Buffer.from(…, 'base64') would also take base64url and stray characters. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Printable ASCII without spaces: the id travels as a header and is part of the signed text. */
const MESSAGE_ID = /^[\x21-\x7e]{1,256}$/;

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** A new account webhook secret in the Standard Webhooks format: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(NEW_SECRET_BYTES).toString('base64');
}

/**
 * The Standard Webhooks headers for sending `body` (exactly the bytes that go out) as message
 * `messageId` at `timestampSeconds`: `v1,` + base64 of HMAC-SHA256 over `id.timestamp.body`, keyed
 * with the secret's decoded bytes. Throws for a malformed secret, id or timestamp.
 */
export function webhookHeaders(message: { secret: string; messageId: string; timestampSeconds: number; body: string }): WebhookHeaders {
  const key = secretKey(message.secret);
  if (!MESSAGE_ID.test(message.messageId)) throw new TypeError('a webhook message id is 1 to 256 printable ASCII characters without spaces');
  if (!Number.isSafeInteger(message.timestampSeconds) || message.timestampSeconds < 0) throw new RangeError(`a webhook timestamp is whole seconds since the epoch, not ${message.timestampSeconds}`);
  const timestamp = String(message.timestampSeconds);
  const signature = createHmac('sha256', key).update(`${message.messageId}.${timestamp}.${message.body}`).digest('base64');
  return { 'webhook-id': message.messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

// The message never quotes the secret: it ends up in logs.
function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : undefined;
  const key = encoded !== undefined && BASE64.test(encoded) ? Buffer.from(encoded, 'base64') : undefined;
  if (key === undefined || key.length < SECRET_BYTES.min || key.length > SECRET_BYTES.max) {
    throw new TypeError(`malformed webhook secret: expected "${SECRET_PREFIX}" followed by the base64 of ${SECRET_BYTES.min} to ${SECRET_BYTES.max} bytes`);
  }
  return key;
}
