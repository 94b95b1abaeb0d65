import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { newWebhookSecret, webhookHeaders } from '../../src/jobs/webhooks/signature';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const BODY = JSON.stringify({ type: 'job.completed', data: { jobId: 'job_123', status: 'succeeded', note: 'Grüße 中文' } });

describe('webhook signatures, checked by the standardwebhooks package', () => {
  test('a new secret is whsec_ and the base64 of 24 random bytes, different every time', () => {
    const secret = newWebhookSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.equal(Buffer.from(secret.slice('whsec_'.length), 'base64').length, 24);
    assert.notEqual(newWebhookSecret(), secret);
  });

  test('a signed message verifies, and the body comes back parsed', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ secret, messageId: 'msg_2xYz', timestampSeconds: nowSeconds(), body: BODY });
    assert.equal(headers['webhook-id'], 'msg_2xYz');
    assert.match(headers['webhook-timestamp'], /^\d+$/);
    assert.match(headers['webhook-signature'], /^v1,[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(new Webhook(secret).verify(BODY, { ...headers }), JSON.parse(BODY));
  });

  test('a tampered body, id or timestamp, or another secret, fails verification', () => {
    const secret = newWebhookSecret();
    const timestampSeconds = nowSeconds();
    const headers = webhookHeaders({ secret, messageId: 'msg_2xYz', timestampSeconds, body: BODY });
    const refused = (run: () => unknown) => assert.throws(run, (error: unknown) => error instanceof WebhookVerificationError && /No matching signature/.test(error.message));
    refused(() => new Webhook(secret).verify(BODY.replace('succeeded', 'failed'), { ...headers }));
    refused(() => new Webhook(secret).verify(`${BODY} `, { ...headers }));
    refused(() => new Webhook(secret).verify(BODY, { ...headers, 'webhook-id': 'msg_other' }));
    refused(() => new Webhook(secret).verify(BODY, { ...headers, 'webhook-timestamp': String(timestampSeconds - 1) }));
    refused(() => new Webhook(newWebhookSecret()).verify(BODY, { ...headers }));
  });

  test('the published Standard Webhooks example vector, recomputed here with node:crypto', () => {
    const vector = {
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      messageId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestampSeconds: 1614265330,
      body: '{"test": 2432232314}',
    };
    const key = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64');
    const independent = `v1,${createHmac('sha256', key).update('msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}').digest('base64')}`;
    assert.equal(independent, 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    assert.deepEqual(webhookHeaders(vector), { 'webhook-id': vector.messageId, 'webhook-timestamp': '1614265330', 'webhook-signature': independent });
    assert.equal(new Webhook(vector.secret).sign(vector.messageId, new Date(vector.timestampSeconds * 1000), vector.body), independent);
  });

  test('the signature covers the body as UTF-8 bytes', () => {
    const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYX';
    const body = '{"name":"Zoë 日本"}';
    const key = Buffer.from(Array.from({ length: 24 }, (_, index) => index));
    const expected = createHmac('sha256', key).update(Buffer.concat([Buffer.from('msg_1.1700000000.'), Buffer.from(body, 'utf8')])).digest('base64');
    assert.equal(webhookHeaders({ secret, messageId: 'msg_1', timestampSeconds: 1_700_000_000, body })['webhook-signature'], `v1,${expected}`);
  });

  test('a malformed secret is refused with a message that does not quote it', () => {
    const key = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYX';
    for (const secret of [key, `whsec_${key.slice(0, -1)}`, 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFR-_', 'whsec_AAECAwQFBgcICQoL', `whsec_${Buffer.alloc(65).toString('base64')}`, 'whsec_', '']) {
      assert.throws(
        () => webhookHeaders({ secret, messageId: 'msg_1', timestampSeconds: 1_700_000_000, body: '{}' }),
        (error: unknown) => error instanceof TypeError && /malformed webhook secret/.test(error.message) && !error.message.includes('AAECAw'),
        secret,
      );
    }
  });

  test('a message id that cannot travel as a header, or a fractional timestamp, is refused', () => {
    const secret = newWebhookSecret();
    for (const messageId of ['', 'msg 1', 'msg\r\nx-injected: 1', 'msg_é']) {
      assert.throws(() => webhookHeaders({ secret, messageId, timestampSeconds: 1_700_000_000, body: '{}' }), TypeError, JSON.stringify(messageId));
    }
    for (const timestampSeconds of [1_700_000_000.5, -1, Number.NaN]) {
      assert.throws(() => webhookHeaders({ secret, messageId: 'msg_1', timestampSeconds, body: '{}' }), RangeError, String(timestampSeconds));
    }
  });
});
