import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StripeSettings } from '../config';
import { failure } from '../core/envelope';
import { MICROS_PER_CENT } from '../core/money';
import { AccountNotFoundError, type Ledger } from '../ledger/ledger';
import { constraintViolation } from '../store/constraint-violation';

/** What one purchase may be: $5 to $1,000. */
export const PURCHASE_CENTS = { min: 500, max: 100_000 } as const;
/** A webhook signed longer ago than this is refused (Stripe's own default tolerance): a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const STRIPE_TIMEOUT_MS = 15_000;

const CreatedSession = z.object({ id: z.string(), url: z.string().url() });

/**
 * Stripe Checkout: a hosted payment page for one line, "Tollgate credit", of `cents`. The account
 * rides along as `client_reference_id` and metadata; the credit itself is added only by the
 * verified webhook (`registerStripeWebhook`), never by the customer's return to `successUrl`.
 */
export async function createCheckoutSession(
  settings: StripeSettings,
  order: { accountId: string; cents: number; successUrl: string; cancelUrl: string },
): Promise<string> {
  const form = new URLSearchParams({
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': String(order.cents),
    'line_items[0][price_data][product_data][name]': 'Tollgate credit',
    client_reference_id: order.accountId,
    'metadata[account_id]': order.accountId,
    success_url: order.successUrl,
    cancel_url: order.cancelUrl,
  });
  const response = await fetch(`${settings.baseUrl}/v1/checkout/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
  });
  const body: unknown = await response.json().catch(() => undefined);
  const session = CreatedSession.safeParse(body);
  if (!response.ok || !session.success) throw new Error(`Stripe refused the checkout session: HTTP ${response.status}`);
  return session.data.url;
}

/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=…]`, where v1 is
 * HMAC-SHA256 over `<t>.<raw body>` keyed with the endpoint's signing secret.
 */
export function verifyStripeSignature(payload: string, header: string | undefined, secret: string, nowSeconds: number): boolean {
  if (!header) return false;
  const fields = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const timestamp = Number(fields.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest();
  return fields.some(([name, value]) => {
    if (name !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}

const PaidSessionEvent = z.object({
  type: z.enum(['checkout.session.completed', 'checkout.session.async_payment_succeeded']),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      payment_status: z.string(),
      amount_total: z.number().int().positive(),
      currency: z.string(),
      metadata: z.record(z.string(), z.string()).nullable().optional(),
      client_reference_id: z.string().nullable().optional(),
    }),
  }),
});

/**
 * POST /webhooks/stripe: a paid Checkout session credits its account, exactly once — the credit's
 * ledger request id is `stripe_<session id>`, and the ledger takes one opening entry per request
 * id, so Stripe's retries, a replayed event, or both "completed" and "async payment succeeded"
 * for one session credit it once. Unsigned, mis-signed or stale (> 5 min) requests are refused.
 */
export async function registerStripeWebhook(server: FastifyInstance, settings: StripeSettings, ledger: Ledger, log: FastifyBaseLogger, clock: () => number): Promise<void> {
  await server.register(async (scope) => {
    // The signature covers the body exactly as sent: it is read as text, not parsed first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/stripe', async (request, reply) => {
      const payload = typeof request.body === 'string' ? request.body : '';
      if (!verifyStripeSignature(payload, request.headers['stripe-signature'] as string | undefined, settings.webhookSecret, Math.floor(clock() / 1000))) {
        return reply.code(400).send(failure('VALIDATION_ERROR', 'Stripe-Signature: missing, invalid or too old.'));
      }
      let event: unknown;
      try {
        event = JSON.parse(payload);
      } catch {
        return reply.code(400).send(failure('VALIDATION_ERROR', 'body: not JSON.'));
      }
      const paid = PaidSessionEvent.safeParse(event);
      // Other events (and unpaid sessions) are acknowledged and ignored.
      if (!paid.success || paid.data.data.object.payment_status !== 'paid') return { received: true };
      const session = paid.data.data.object;
      const accountId = session.metadata?.account_id ?? session.client_reference_id ?? undefined;
      if (session.currency.toLowerCase() !== 'usd' || !accountId) {
        log.error({ session: session.id, currency: session.currency }, 'stripe: a paid session without a USD amount or an account; not credited');
        return { received: true };
      }
      try {
        await ledger.credit(accountId, session.amount_total * MICROS_PER_CENT, `stripe_${session.id}`);
        log.info({ accountId, session: session.id, cents: session.amount_total }, 'stripe: credit added');
      } catch (error) {
        if (error instanceof AccountNotFoundError) {
          log.error({ accountId, session: session.id }, 'stripe: a paid session for an account that does not exist; not credited');
          return { received: true };
        }
        if (constraintViolation(error) !== 'unique') throw error;
        log.info({ accountId, session: session.id }, 'stripe: this session was credited already');
      }
      return { received: true };
    });
  });
}
