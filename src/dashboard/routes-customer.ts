import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatUsd, type Micros } from '../core/money';
import type { UsageRow } from '../ledger/history';
import { utcDay } from '../endpoints/account/get-usage';
import type { SessionView } from './accounts';
import { signedIn, type DashboardContext } from './context';
import { html, type Html } from './html';
import { barChart, everyDay } from './chart';
import { registerKeyPages } from './routes-keys';
import { registerWebhookPages } from './routes-webhooks';
import { csrfAccepted, csrfField, csrfToken, fieldAttributes, formField, notice, page, problemNotice, scrollingTable, type FormProblem } from './web';
import { createCheckoutSession, PURCHASE_CENTS } from './stripe';
import { linkBase } from './context';

const usd = (micros: Micros) => `$${formatUsd(micros)}`;
/** Money on the pages: cents, or micro-dollars when a cent would hide the amount. */
export function money(micros: Micros): string {
  if (micros < 0) return `−${money(-micros)}`;
  return micros % 10_000 === 0 ? `$${(micros / 1_000_000).toFixed(2)}` : usd(micros);
}

/** A time on the pages, to the minute, under a heading or beside a word that says "UTC"; "—" for none. */
export function utcMinute(iso: string | null | undefined): string {
  return iso ? iso.replace('T', ' ').slice(0, 16) : '—';
}

export type PageRender = (request: FastifyRequest, reply: FastifyReply, session: SessionView, title: string, active: string, body: Html) => FastifyReply;

/** Overview, usage, billing and prices (the keys and webhooks pages are in routes-keys.ts and routes-webhooks.ts). */
export function registerCustomerPages(scope: FastifyInstance, context: DashboardContext): void {
  const render: PageRender = (request, reply, session, title, active, body) =>
    reply.type('text/html; charset=utf-8').send(page({ title, nav: 'customer', who: session.email, active, csrf: csrfToken(request, reply, context.cookies) }, body));

  scope.get('/dashboard', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    const now = new Date(context.clock());
    const monthStart = `${now.toISOString().slice(0, 7)}-01`;
    const [account, totals, month] = await Promise.all([
      context.ledger.findAccount(session.accountId),
      context.history.totals(session.accountId, monthStart),
      context.history.usage(session.accountId, { from: monthStart, to: utcDay(now), groupBy: 'day' }),
    ]);
    const calls = month.reduce((sum, row) => sum + row.calls, 0);
    const outcome = String((request.query as { verification?: string }).verification ?? '');
    return render(request, reply, session, 'Overview', '/dashboard', html`
${session.suspended ? notice('Your account is suspended: every API call with its keys is refused (403 ACCOUNT_SUSPENDED). Contact the operator of this service.') : ''}
${session.verified ? '' : await verificationNotice(request, reply, session, outcome)}
<div class="cards">
  <div class="card"><div class="muted">Balance</div><div class="value" data-testid="balance">${money(account?.balanceMicros ?? 0)}</div></div>
  <div class="card"><div class="muted">Credits received</div><div class="value">${money(totals.creditsMicros)}</div></div>
  <div class="card"><div class="muted">Spent this month</div><div class="value">${money(totals.spentMicros)}</div></div>
  <div class="card"><div class="muted">Calls this month</div><div class="value">${calls}</div></div>
</div>
<p>Call the API with a key from <a href="/dashboard/keys">API keys</a> in the <code>x-api-key</code> header; the reference is at <a href="/docs">/docs</a>.</p>`);
  });

  /**
   * What the Overview says of an unverified address: whether a link is out (and until when), what
   * the verification brings, and a button for a new link. `outcome`: what the last request for a
   * link did (sign-up, or the button), checked against the links as they now stand so that an old
   * page reloaded never tells what is not so.
   */
  const verificationNotice = async (request: FastifyRequest, reply: FastifyReply, session: SessionView, outcome: string): Promise<Html> => {
    const { linkExpiresAt, creditAwaits } = await context.accounts.verificationState(session.accountId);
    const delivers = context.mailer.delivers;
    const brings = delivers && creditAwaits ? ': the sign-up credit comes with it.' : '.';
    const status = !delivers
      ? 'Your e-mail address is not confirmed yet. This service sends no e-mail: its operator passes confirmation links on.'
      : linkExpiresAt !== undefined
        ? `Confirm your e-mail address with the link we sent you (valid until ${utcMinute(new Date(linkExpiresAt).toISOString())} UTC)${brings}`
        : `Your e-mail address is not confirmed yet: ask for a link below${brings}`;
    const result =
      outcome === 'failed' && linkExpiresAt === undefined ? notice('We could not send the message; try again in a few minutes.')
      : outcome === 'limited' ? notice('Several links were asked for in the last hour; try again later.')
      : outcome === 'sent' && linkExpiresAt !== undefined ? notice(delivers ? `A new link is on its way to ${session.email}.` : 'A new link was made; the operator of this service passes it on to you.', 'info')
      : html``;
    return html`${result}${notice(status, 'info')}
<form method="post" action="/dashboard/verify/resend" class="inline">${csrfField(csrfToken(request, reply, context.cookies))}
  <button type="submit" class="plain">${!delivers ? 'Ask for a new link' : linkExpiresAt === undefined ? 'Send me a link' : 'Send the link again'}</button></form>`;
  };

  registerKeyPages(scope, context, render);
  registerWebhookPages(scope, context, render);

  scope.get('/dashboard/usage', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    const filter = usageFilter(request.query, context.clock());
    const keys = await context.keys.list(session.accountId);
    const keyId = keys.some((key) => key.keyId === filter.keyId) ? filter.keyId : undefined;
    const query = { from: filter.from, to: filter.to, ...(keyId ? { keyId } : {}) };
    const [byDay, byEndpoint] = await Promise.all([
      context.history.usage(session.accountId, { ...query, groupBy: 'day' }),
      context.history.usage(session.accountId, { ...query, groupBy: 'endpoint' }),
    ]);
    const days = everyDay(filter.from, filter.to, byDay, (day) => ({ group: day, calls: 0, costMicros: 0 }));
    const csv = `/dashboard/usage.csv?from=${filter.from}&to=${filter.to}${keyId ? `&key=${encodeURIComponent(keyId)}` : ''}`;
    // A refused range stays in the form as it was asked for; the page shows the last 30 days.
    const asked = filter.problem ? (request.query as { from?: string; to?: string }) : filter;
    return render(request, reply, session, 'Usage', '/dashboard/usage', html`
${problemNotice(filter.problem)}
<form method="get" action="/dashboard/usage" class="inline">
  <label>From <input type="date" name="from" value="${asked.from}"${fieldAttributes(filter.problem, 'from')}></label>
  <label>To <input type="date" name="to" value="${asked.to}"></label>
  <label>Key <select name="key"><option value="">All keys</option>${keys.map((key) => html`<option value="${key.keyId}"${key.keyId === keyId ? html` selected` : ''}>${key.name ?? key.prefix} (${key.prefix}…)</option>`)}</select></label>
  <button type="submit">Show</button>
  <a href="${csv}">Download CSV</a>
</form>
<h2>Spend per day</h2>
${barChart(days.map((row) => ({ label: row.group.slice(5), value: row.costMicros, text: `${row.calls} calls, ${money(row.costMicros)}` })), 'Spend per day')}
<h2>Per endpoint</h2>
${usageTable('Endpoint', byEndpoint)}
<h2>Per day</h2>
${usageTable('Day', byDay)}`);
  });

  scope.get('/dashboard/usage.csv', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    const filter = usageFilter(request.query, context.clock());
    const rows = await context.history.usage(session.accountId, { from: filter.from, to: filter.to, groupBy: 'day', ...(filter.keyId ? { keyId: filter.keyId } : {}) });
    const byEndpoint = await context.history.usage(session.accountId, { from: filter.from, to: filter.to, groupBy: 'endpoint', ...(filter.keyId ? { keyId: filter.keyId } : {}) });
    const lines = ['grouping,group,calls,cost_usd', ...rows.map((row) => `day,${row.group},${row.calls},${formatUsd(row.costMicros)}`), ...byEndpoint.map((row) => `endpoint,${row.group},${row.calls},${formatUsd(row.costMicros)}`)];
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="usage-${filter.from}-${filter.to}.csv"`).send(`${lines.join('\n')}\n`);
  });

  scope.get('/dashboard/billing', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    const before = /^[1-9][0-9]{0,15}$/.test(String((request.query as { before?: string }).before ?? '')) ? Number((request.query as { before: string }).before) : undefined;
    const { entries, nextBefore } = await context.history.entries(session.accountId, { limit: 50, ...(before ? { before } : {}) });
    const query = request.query as { paid?: string; problem?: string };
    const problem: FormProblem | undefined =
      query.problem === 'amount' ? { message: `Amount (USD): choose a whole amount from $${PURCHASE_CENTS.min / 100} to $${PURCHASE_CENTS.max / 100}.`, field: 'usd' } : undefined;
    const buy = context.stripe
      ? html`${query.paid === '1' ? notice('Thank you. The credit is added as soon as the payment provider confirms the payment, usually within seconds: reload this page.', 'info') : ''}
${problemNotice(problem)}
<form method="post" action="/dashboard/billing/checkout" class="inline">${csrfField(csrfToken(request, reply, context.cookies))}
  <label>Amount (USD) <input type="number" name="usd" min="${PURCHASE_CENTS.min / 100}" max="${PURCHASE_CENTS.max / 100}" step="1" value="20" required${fieldAttributes(problem, 'usd')}></label>
  <button type="submit">Buy credit</button> <span class="muted">Card payment on Stripe's page.</span></form>`
      : html`<p>To add credit, contact the operator of this service: buying credit online is not set up here.</p>`;
    return render(request, reply, session, 'Billing', '/dashboard/billing', html`
<p>The balance is prepaid and never expires. Only successful calls are charged.</p>
${buy}
${scrollingTable('Ledger entries', html`<table><caption class="muted">Ledger entries, newest first</caption>
<thead><tr><th>When (UTC)</th><th>Kind</th><th>Endpoint</th><th class="number">Amount</th><th class="number">Cost</th><th class="number">Balance after</th></tr></thead>
<tbody>${entries.map((entry) => html`<tr><td>${entry.createdAt.replace('T', ' ').slice(0, 19)}</td><td>${entry.kind}</td><td>${entry.endpointId ?? ''}</td><td class="number">${money(entry.amountMicros)}</td><td class="number">${entry.kind === 'capture' ? money(entry.costMicros) : ''}</td><td class="number">${money(entry.balanceAfterMicros)}</td></tr>`)}</tbody>
</table>`)}
<p class="pager">${before ? html`<a href="/dashboard/billing">Newest</a> ` : ''}${nextBefore ? html`<a href="/dashboard/billing?before=${nextBefore}">Older entries</a>` : ''}</p>`);
  });

  scope.post('/dashboard/billing/checkout', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    if (!context.stripe || !csrfAccepted(request)) return reply.redirect('/dashboard/billing', 303);
    const usdText = formField(request, 'usd') ?? '';
    const cents = /^\d{1,5}$/.test(usdText) ? Number(usdText) * 100 : 0;
    if (cents < PURCHASE_CENTS.min || cents > PURCHASE_CENTS.max) return reply.redirect('/dashboard/billing?problem=amount', 303);
    const base = linkBase(context);
    const url = await createCheckoutSession(context.stripe, { accountId: session.accountId, cents, successUrl: `${base}/dashboard/billing?paid=1`, cancelUrl: `${base}/dashboard/billing` });
    return reply.redirect(url, 303);
  });

  scope.get('/dashboard/prices', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    return render(request, reply, session, 'Prices', '/dashboard/prices', html`
<p>Every endpoint and its price. Requests, responses and examples are in the <a href="/docs">API reference</a>.</p>
${scrollingTable('Prices', html`<table><thead><tr><th>Endpoint</th><th>Summary</th><th>Price</th></tr></thead>
<tbody>${context.endpoints.map((endpoint) => html`<tr><td><a href="/docs#/${endpoint.id.slice(0, endpoint.id.indexOf('.'))}/${endpoint.id}"><code>${endpoint.method} ${endpoint.path}</code></a></td><td>${endpoint.summary}</td><td>${endpoint.price.describe().replace(/^Cost: /, '')}</td></tr>`)}</tbody></table>`)}`);
  });
}

function usageTable(heading: string, rows: readonly UsageRow[]): Html {
  if (rows.length === 0) return html`<p class="muted">No calls in this range.</p>`;
  return scrollingTable(`Calls and spend per ${heading.toLowerCase()}`, html`<table><thead><tr><th>${heading}</th><th class="number">Calls</th><th class="number">Spend</th></tr></thead>
<tbody>${rows.map((row) => html`<tr><td>${row.group}</td><td class="number">${row.calls}</td><td class="number">${money(row.costMicros)}</td></tr>`)}</tbody></table>`);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The usage page's range (default: the last 30 days) and key; a bad range falls back, with a note. */
function usageFilter(query: unknown, now: number): { from: string; to: string; keyId: string | undefined; problem?: FormProblem } {
  const { from, to, key } = query as { from?: string; to?: string; key?: string };
  const today = utcDay(new Date(now));
  const keyId = typeof key === 'string' && /^key_[A-Za-z0-9_-]{1,64}$/.test(key) ? key : undefined;
  const end = typeof to === 'string' && DAY.test(to) && !Number.isNaN(Date.parse(to)) ? to : today;
  const start = typeof from === 'string' && DAY.test(from) && !Number.isNaN(Date.parse(from)) ? from : utcDay(new Date(`${end}T00:00:00Z`), 29);
  const span = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  if (span < 0 || span > 366) return { from: utcDay(new Date(now), 29), to: today, keyId, problem: { message: 'From: choose a range of at most a year, with "From" before "To"; showing the last 30 days.', field: 'from' } };
  return { from: start, to: end, keyId };
}
