import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StripeSettings } from '../config';
import { failure } from '../core/envelope';
import { formatUsd, MICROS_PER_CENT } from '../core/money';
import { AccountNotFoundError } from '../ledger/ledger';
import { constraintViolation } from '../store/constraint-violation';
import type { DashboardContext } from './context';

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
    // Stripe copies a payment's metadata onto its charge: a refund or a dispute of the charge
    // names the account this way (the session's own metadata stays on the session).
    'payment_intent_data[metadata][account_id]': order.accountId,
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

/** A charge refunded, in part or whole: `amount_refunded` is what all its refunds add up to so far. */
const RefundedChargeEvent = z.object({
  type: z.literal('charge.refunded'),
  data: z.object({
    object: z.object({
      id: z.string().regex(/^[A-Za-z0-9_]+$/),
      amount_refunded: z.number().int().nonnegative(),
      currency: z.string(),
      metadata: z.record(z.string(), z.string()).nullable().optional(),
    }),
  }),
});

const DisputeEvent = z.object({
  type: z.enum(['charge.dispute.created', 'charge.dispute.funds_withdrawn', 'charge.dispute.closed']),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      amount: z.number().int().positive(),
      charge: z.string().min(1),
      currency: z.string(),
      status: z.string(),
    }),
  }),
});

const ChargeOwner = z.object({ metadata: z.record(z.string(), z.string()).nullable().optional() });

/** Acknowledged: Stripe stops sending this delivery. A failure (5xx) makes Stripe retry it later. */
const RECEIVED = { received: true } as const;

/**
 * POST /webhooks/stripe — every balance change Stripe can cause, each exactly once however often
 * Stripe retries or replays it (its ledger request id is derived from Stripe's own ids, and the
 * ledger takes one entry per request id). Unsigned, mis-signed or stale (> 5 min) requests are
 * refused; events of other kinds are acknowledged and ignored.
 * - A paid Checkout session credits its account: `stripe_<session id>`.
 * - A refund takes the refunded credit back: `charge.refunded` carries what the charge's refunds
 *   add up to, so an entry `stripe_refund_<charge id>_<cents refunded so far>` takes the part not
 *   yet taken (partial refunds add up; a late, older event takes nothing).
 * - A dispute (a chargeback) takes the disputed amount back (`stripe_dispute_<dispute id>`) and
 *   suspends the account until the operator lifts it; a dispute won gives back what it took
 *   (`stripe_dispute_won_<dispute id>`). Its charge is looked up in Stripe's API for the account.
 *   An inquiry (a dispute whose status is `warning_…`) withdraws nothing from the operator, so it
 *   takes nothing: only if it becomes a chargeback (`charge.dispute.funds_withdrawn`) is the amount
 *   taken, as for a chargeback opened at once.
 * What a balance cannot cover (the credit was already spent) is logged as short: the operator's
 * to settle.
 */
export async function registerStripeWebhook(server: FastifyInstance, settings: StripeSettings, context: DashboardContext, log: FastifyBaseLogger): Promise<void> {
  const { ledger, clock } = context;

  const creditSession = async (session: z.output<typeof PaidSessionEvent>['data']['object']) => {
    if (session.payment_status !== 'paid') return;
    const accountId = session.metadata?.account_id ?? session.client_reference_id ?? undefined;
    if (session.currency.toLowerCase() !== 'usd' || !accountId) {
      log.error({ session: session.id, currency: session.currency }, 'stripe: a paid session without a USD amount or an account; not credited');
      return;
    }
    try {
      await ledger.credit(accountId, session.amount_total * MICROS_PER_CENT, `stripe_${session.id}`);
      log.info({ accountId, session: session.id, cents: session.amount_total }, 'stripe: credit added');
    } catch (error) {
      if (error instanceof AccountNotFoundError) {
        log.error({ accountId, session: session.id }, 'stripe: a paid session for an account that does not exist; not credited');
        return;
      }
      if (constraintViolation(error) !== 'unique') throw error;
      log.info({ accountId, session: session.id }, 'stripe: this session was credited already');
    }
  };

  /** Takes `wanted` back from the account; a replay (the same request id) takes nothing. Logs what was short. */
  const takeBack = async (accountId: string, requestId: string, what: Record<string, unknown>, wanted: Parameters<typeof ledger.debit>[2]) => {
    try {
      const debit = await ledger.debit(accountId, requestId, wanted);
      if (debit.takenMicros === 0 && debit.shortMicros === 0) {
        log.info({ accountId, ...what }, 'stripe: taken back already');
      } else if (debit.shortMicros > 0) {
        log.error({ accountId, ...what, takenUsd: formatUsd(debit.takenMicros), shortUsd: formatUsd(debit.shortMicros) }, 'stripe: credit taken back, but the balance did not cover all of it; the rest is short');
      } else {
        log.info({ accountId, ...what, takenUsd: formatUsd(debit.takenMicros) }, 'stripe: credit taken back');
      }
    } catch (error) {
      if (error instanceof AccountNotFoundError) {
        log.error({ accountId, ...what }, 'stripe: the account of a refunded or disputed payment does not exist; nothing taken back');
        return;
      }
      if (constraintViolation(error) !== 'unique') throw error;
      log.info({ accountId, ...what }, 'stripe: taken back already');
    }
  };

  const refund = async (charge: z.output<typeof RefundedChargeEvent>['data']['object']) => {
    const accountId = charge.metadata?.account_id;
    if (charge.currency.toLowerCase() !== 'usd' || !accountId) {
      log.error({ charge: charge.id, currency: charge.currency }, 'stripe: a refund of a charge without a USD amount or an account; nothing taken back, settle it by hand');
      return;
    }
    const prefix = `stripe_refund_${charge.id}_`;
    await takeBack(accountId, `${prefix}${charge.amount_refunded}`, { charge: charge.id, refundedCents: charge.amount_refunded }, async (trx) => {
      // The entries of this charge's earlier refund events, each named by the total it brought the charge to.
      const earlier = await trx.selectFrom('ledger_entries').select('request_id').where('request_id', '>=', prefix).where('request_id', '<', `${prefix}~`).where('account_id', '=', accountId).execute();
      const takenCents = Math.max(0, ...earlier.map((entry) => Number(entry.request_id.slice(prefix.length))).filter(Number.isSafeInteger));
      return Math.max(0, charge.amount_refunded - takenCents) * MICROS_PER_CENT;
    });
  };

  /** The account a charge was paid for, from Stripe's API (a dispute names only its charge). */
  const accountOfCharge = async (chargeId: string): Promise<string | undefined> => {
    const response = await fetch(`${settings.baseUrl}/v1/charges/${encodeURIComponent(chargeId)}`, {
      headers: { authorization: `Bearer ${settings.secretKey}` },
      signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
    });
    const charge = ChargeOwner.safeParse(await response.json().catch(() => undefined));
    // Thrown: the delivery fails, and Stripe retries it later.
    if (!response.ok || !charge.success) throw new Error(`Stripe did not return charge ${chargeId}: HTTP ${response.status}`);
    return charge.data.metadata?.account_id;
  };

  const dispute = async (type: z.output<typeof DisputeEvent>['type'], opened: z.output<typeof DisputeEvent>['data']['object']) => {
    const requestId = `stripe_dispute_${opened.id}`;
    if (type === 'charge.dispute.closed') {
      if (opened.status !== 'won') return;
      const taken = await context.db.selectFrom('ledger_entries').select(['account_id', 'amount_micros']).where('request_id', '=', requestId).executeTakeFirst();
      if (!taken || Number(taken.amount_micros) === 0) return;
      try {
        await ledger.credit(taken.account_id, -Number(taken.amount_micros), `stripe_dispute_won_${opened.id}`);
        log.info({ accountId: taken.account_id, dispute: opened.id }, 'stripe: a dispute was won; what it took is given back (the account stays suspended until the operator lifts it)');
      } catch (error) {
        if (constraintViolation(error) !== 'unique') throw error;
      }
      return;
    }
    if (opened.status.startsWith('warning_')) {
      log.warn({ dispute: opened.id, charge: opened.charge, status: opened.status }, 'stripe: an inquiry about a payment; nothing is taken unless it becomes a chargeback');
      return;
    }
    const accountId = opened.currency.toLowerCase() === 'usd' ? await accountOfCharge(opened.charge) : undefined;
    if (!accountId) {
      log.error({ dispute: opened.id, charge: opened.charge, currency: opened.currency }, 'stripe: a dispute of a charge without a USD amount or an account; nothing taken back, settle it by hand');
      return;
    }
    await takeBack(accountId, requestId, { dispute: opened.id, charge: opened.charge, disputedCents: opened.amount }, async () => opened.amount * MICROS_PER_CENT);
    // Every delivery suspends: one that failed after its debit is retried, and must still suspend.
    if (await context.setSuspended(accountId, true, `payment dispute ${opened.id}`)) log.warn({ accountId, dispute: opened.id }, 'stripe: a payment of this account is disputed; the account is suspended until the operator lifts it');
  };

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
      if (paid.success) await creditSession(paid.data.data.object);
      const refunded = RefundedChargeEvent.safeParse(event);
      if (refunded.success) await refund(refunded.data.data.object);
      const disputed = DisputeEvent.safeParse(event);
      if (disputed.success) await dispute(disputed.data.type, disputed.data.data.object);
      return RECEIVED;
    });
  });
}
