import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { signUpAndLogIn } from '../helpers/dashboard-sign-up';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

/** A webhook delivery as Stripe signs it: `t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<body>")`. */
function signed(body: string, secret = WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)): Record<string, string> {
  const signature = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'stripe-signature': `t=${at},v1=${signature}` };
}

function paidEvent(sessionId: string, accountId: string, cents: number, type = 'checkout.session.completed'): string {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', amount_total: cents, currency: 'usd', client_reference_id: accountId, metadata: { account_id: accountId } } },
  });
}

describe(`buying credit with Stripe Checkout (against a fake Stripe, ${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let stripe: FakeUpstream;

  before(async () => {
    stripe = await startFakeUpstream();
    app = await startTestApp({}, { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_BASE_URL: stripe.url, TOLLGATE_TRUST_PROXY: '127.0.0.1', TOLLGATE_SIGNUP_CREDIT_USD: '0' });
  });
  after(async () => {
    await app.close();
    await stripe.close();
  });

  const webhook = (body: string, headers: Record<string, string>) => fetch(`${app.baseUrl}/webhooks/stripe`, { method: 'POST', headers, body });

  test('the billing form opens a Checkout session for the account and sends the customer to it', async () => {
    stripe.on('POST /v1/checkout/sessions', { json: { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' } });
    const client = await signUpAndLogIn(app.baseUrl);
    const billing = await client.get('/dashboard/billing');
    assert.match(billing.text, /Buy credit/);
    assert.match(billing.headers.get('content-security-policy') ?? '', /form-action 'self' https:\/\/checkout\.stripe\.com;/);

    assert.equal((await client.post('/dashboard/billing/checkout', { usd: '2' })).headers.get('location'), '/dashboard/billing?problem=amount');
    const checkout = await client.post('/dashboard/billing/checkout', { usd: '20' });
    assert.equal(checkout.status, 303);
    assert.equal(checkout.headers.get('location'), 'https://checkout.stripe.com/c/pay/cs_test_1');
    const sent = stripe.requests.at(-1)!;
    assert.equal(sent.headers.authorization, 'Bearer sk_test_fake');
    const form = new URLSearchParams(sent.body as string);
    assert.equal(form.get('mode'), 'payment');
    assert.equal(form.get('line_items[0][price_data][unit_amount]'), '2000');
    assert.equal(form.get('line_items[0][price_data][currency]'), 'usd');
    assert.match(form.get('client_reference_id') ?? '', /^acct_/);
    // On the payment too, so that its charge (refunds, disputes) names the account.
    assert.equal(form.get('payment_intent_data[metadata][account_id]'), form.get('client_reference_id'));
    assert.match(form.get('success_url') ?? '', /\/dashboard\/billing\?paid=1$/);
    // Coming back from the payment page adds nothing: only the webhook does.
    assert.equal(await app.balance(form.get('client_reference_id')!), 0);
  });

  test('a verified webhook credits the account exactly once per payment, whatever is retried or replayed', async () => {
    const { accountId } = await app.createAccount('0');
    const sessionId = `cs_test_${Date.now()}`;
    const body = paidEvent(sessionId, accountId, 2500);
    assert.equal((await webhook(body, signed(body))).status, 200);
    assert.equal(await app.balance(accountId), 25_000_000);
    // Stripe retries the same event; another event for the same session (async payment) arrives too.
    assert.equal((await webhook(body, signed(body))).status, 200);
    const other = paidEvent(sessionId, accountId, 2500, 'checkout.session.async_payment_succeeded');
    assert.equal((await webhook(other, signed(other))).status, 200);
    assert.equal(await app.balance(accountId), 25_000_000);
    assert.equal(await app.ledgerSum(accountId), 25_000_000);
  });

  /** An account credited `cents` through a paid session, with a key. */
  async function boughtCredit(cents: number) {
    const account = await app.createAccount('0');
    const body = paidEvent(`cs_test_${Math.random().toString(36).slice(2)}`, account.accountId, cents);
    assert.equal((await webhook(body, signed(body))).status, 200);
    assert.equal(await app.balance(account.accountId), cents * 10_000);
    return account;
  }
  const deliver = async (event: object) => {
    const body = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', ...event });
    return webhook(body, signed(body));
  };
  const refunded = (chargeId: string, accountId: string, refundedCents: number) =>
    deliver({ type: 'charge.refunded', data: { object: { id: chargeId, object: 'charge', amount: 5000, amount_refunded: refundedCents, refunded: refundedCents === 5000, currency: 'usd', metadata: { account_id: accountId } } } });
  const disputeEvent = (type: string, disputeId: string, chargeId: string, cents: number, status: string) =>
    deliver({ type, data: { object: { id: disputeId, object: 'dispute', amount: cents, charge: chargeId, currency: 'usd', status, reason: 'fraudulent' } } });

  test('a refund takes the refunded credit back once; partial refunds add up, and a late older event takes nothing', async () => {
    const { accountId } = await boughtCredit(5000);
    const chargeId = `ch_${Date.now()}a`;
    assert.equal((await refunded(chargeId, accountId, 1000)).status, 200);
    assert.equal(await app.balance(accountId), 40_000_000);
    // Stripe retries the same event.
    assert.equal((await refunded(chargeId, accountId, 1000)).status, 200);
    assert.equal(await app.balance(accountId), 40_000_000);
    // A second refund of $15: the event says $25 refunded so far, so $15 more is taken.
    assert.equal((await refunded(chargeId, accountId, 2500)).status, 200);
    assert.equal(await app.balance(accountId), 25_000_000);
    // The first event delivered again, late: it takes nothing.
    assert.equal((await refunded(chargeId, accountId, 1000)).status, 200);
    assert.equal(await app.balance(accountId), 25_000_000);
    assert.equal(await app.ledgerSum(accountId), 25_000_000);
    const entries = await app.store.db.selectFrom('ledger_entries').select(['request_id', 'amount_micros']).where('account_id', '=', accountId).where('kind', '=', 'credit').orderBy('id').execute();
    assert.deepEqual(entries.slice(1).map((entry) => [entry.request_id, Number(entry.amount_micros)]), [[`stripe_refund_${chargeId}_1000`, -10_000_000], [`stripe_refund_${chargeId}_2500`, -15_000_000]]);
  });

  test('two refund events of one charge at once take what the larger says, not their sum', async () => {
    const { accountId } = await boughtCredit(5000);
    const chargeId = `ch_${Date.now()}b`;
    const statuses = await Promise.all([refunded(chargeId, accountId, 1000), refunded(chargeId, accountId, 3000), refunded(chargeId, accountId, 2000)]);
    assert.deepEqual(statuses.map((response) => response.status), [200, 200, 200]);
    assert.equal(await app.balance(accountId), 20_000_000);
    assert.equal(await app.ledgerSum(accountId), 20_000_000);
  });

  test('a refund of credit already spent takes what is left; the balance never goes below zero', async () => {
    const { accountId, apiKey } = await boughtCredit(1000);
    const call = await app.post('/v1/seo/domain/technologies', { domain: 'example.com' }, apiKey);
    assert.equal(call.status, 200);
    const left = await app.balance(accountId);
    assert.ok(left < 10_000_000);
    assert.equal((await refunded(`ch_${Date.now()}c`, accountId, 1000)).status, 200);
    assert.equal(await app.balance(accountId), 0);
    assert.equal(await app.ledgerSum(accountId), 0);
  });

  test('a dispute takes the disputed credit back and suspends the account; a dispute won gives it back', async () => {
    const { accountId, apiKey } = await boughtCredit(2000);
    const chargeId = `ch_${Date.now()}d`;
    const disputeId = `dp_${Date.now()}`;
    // Stripe's API is asked whose the charge is: first it fails (the delivery fails, for Stripe to retry), then it answers.
    stripe.on(`GET /v1/charges/${chargeId}`, { status: 500, json: { error: { message: 'try later' } } });
    assert.equal((await disputeEvent('charge.dispute.created', disputeId, chargeId, 2000, 'needs_response')).status, 500);
    assert.equal(await app.balance(accountId), 20_000_000, 'nothing taken while the charge is unknown');
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);

    stripe.on(`GET /v1/charges/${chargeId}`, { json: { id: chargeId, object: 'charge', metadata: { account_id: accountId } } });
    assert.equal((await disputeEvent('charge.dispute.created', disputeId, chargeId, 2000, 'needs_response')).status, 200);
    assert.equal(stripe.requests.at(-1)!.headers.authorization, 'Bearer sk_test_fake');
    assert.equal(await app.balance(accountId), 0);
    const refused = await app.get('/v1/account', apiKey);
    assert.equal(refused.body.error.code, 'ACCOUNT_SUSPENDED');
    const suspension = await app.store.db.selectFrom('accounts').select(['suspended_at', 'suspension_reason']).where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(suspension.suspension_reason, `payment dispute ${disputeId}`, 'the operator reads why (in /admin, and with tollgate accounts show)');
    // Retried: nothing more taken.
    assert.equal((await disputeEvent('charge.dispute.created', disputeId, chargeId, 2000, 'needs_response')).status, 200);
    assert.equal(await app.ledgerSum(accountId), 0);
    const again = await app.store.db.selectFrom('accounts').select('suspended_at').where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(again.suspended_at, suspension.suspended_at, 'suspended since the first delivery');

    // Lost disputes change nothing more; a won one gives back what was taken, once.
    assert.equal((await disputeEvent('charge.dispute.closed', `${disputeId}x`, chargeId, 2000, 'lost')).status, 200);
    assert.equal((await disputeEvent('charge.dispute.closed', disputeId, chargeId, 2000, 'won')).status, 200);
    assert.equal((await disputeEvent('charge.dispute.closed', disputeId, chargeId, 2000, 'won')).status, 200);
    assert.equal(await app.balance(accountId), 20_000_000);
    assert.equal(await app.ledgerSum(accountId), 20_000_000);
    assert.equal((await app.get('/v1/account', apiKey)).body.error.code, 'ACCOUNT_SUSPENDED', 'the operator lifts the suspension');
  });

  test('an inquiry takes nothing and suspends nothing; if it becomes a chargeback, the withdrawal takes the amount once', async () => {
    const { accountId, apiKey } = await boughtCredit(1500);
    const chargeId = `ch_${Date.now()}i`;
    const disputeId = `dp_${Date.now()}i`;
    stripe.on(`GET /v1/charges/${chargeId}`, { json: { id: chargeId, object: 'charge', metadata: { account_id: accountId } } });
    assert.equal((await disputeEvent('charge.dispute.created', disputeId, chargeId, 1500, 'warning_needs_response')).status, 200);
    assert.equal((await disputeEvent('charge.dispute.closed', disputeId, chargeId, 1500, 'warning_closed')).status, 200);
    assert.equal(await app.balance(accountId), 15_000_000, 'an inquiry withdraws nothing');
    assert.equal((await app.get('/v1/account', apiKey)).status, 200, 'and suspends nothing');

    // Another inquiry on the same payment escalates: Stripe withdraws the funds.
    const escalated = `${disputeId}e`;
    assert.equal((await disputeEvent('charge.dispute.created', escalated, chargeId, 1500, 'warning_needs_response')).status, 200);
    assert.equal((await disputeEvent('charge.dispute.funds_withdrawn', escalated, chargeId, 1500, 'needs_response')).status, 200);
    assert.equal((await disputeEvent('charge.dispute.funds_withdrawn', escalated, chargeId, 1500, 'needs_response')).status, 200);
    assert.equal(await app.balance(accountId), 0);
    assert.equal(await app.ledgerSum(accountId), 0);
    assert.equal((await app.get('/v1/account', apiKey)).body.error.code, 'ACCOUNT_SUSPENDED');
  });

  test('a chargeback announced by both dispute.created and dispute.funds_withdrawn is taken once', async () => {
    const { accountId } = await boughtCredit(1200);
    const chargeId = `ch_${Date.now()}w`;
    const disputeId = `dp_${Date.now()}w`;
    stripe.on(`GET /v1/charges/${chargeId}`, { json: { id: chargeId, object: 'charge', metadata: { account_id: accountId } } });
    assert.equal((await disputeEvent('charge.dispute.created', disputeId, chargeId, 500, 'needs_response')).status, 200);
    assert.equal((await disputeEvent('charge.dispute.funds_withdrawn', disputeId, chargeId, 500, 'needs_response')).status, 200);
    assert.equal(await app.balance(accountId), 7_000_000);
    assert.equal(await app.ledgerSum(accountId), 7_000_000);
  });

  test('a refund of a charge that names no account takes nothing and is acknowledged', async () => {
    const { accountId } = await boughtCredit(1000);
    const body = JSON.stringify({ id: 'evt_y', type: 'charge.refunded', data: { object: { id: `ch_${Date.now()}e`, amount_refunded: 1000, currency: 'usd', metadata: {} } } });
    assert.equal((await webhook(body, signed(body))).status, 200);
    assert.equal(await app.balance(accountId), 10_000_000);
  });

  test('unsigned, mis-signed, stale or tampered webhooks are refused and credit nothing', async () => {
    const { accountId } = await app.createAccount('0');
    const body = paidEvent(`cs_test_forged_${Date.now()}`, accountId, 100_000);
    const tampered = body.replace('100000', '900000');
    for (const headers of [
      { 'content-type': 'application/json' },
      signed(body, 'whsec_someone_else'),
      signed(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
      // One hex digit of the signature changed (always to a different digit).
      { ...signed(body), 'stripe-signature': signed(body)['stripe-signature']!.replace(/v1=(.)/, (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`) },
    ]) {
      assert.equal((await webhook(body, headers)).status, 400);
    }
    assert.equal((await webhook(tampered, signed(body))).status, 400);
    assert.equal(await app.balance(accountId), 0);
  });

  test('unpaid sessions and other events are acknowledged and credit nothing', async () => {
    const { accountId } = await app.createAccount('0');
    const unpaid = paidEvent(`cs_test_unpaid_${Date.now()}`, accountId, 1000).replace('"payment_status":"paid"', '"payment_status":"unpaid"');
    assert.equal((await webhook(unpaid, signed(unpaid))).status, 200);
    const other = JSON.stringify({ id: 'evt_x', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    assert.equal((await webhook(other, signed(other))).status, 200);
    assert.equal(await app.balance(accountId), 0);
  });
});

describe(`without Stripe settings (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
  });
  after(async () => app.close());

  test('there is no webhook route', async () => {
    assert.equal((await fetch(`${app.baseUrl}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status, 404);
  });
});
