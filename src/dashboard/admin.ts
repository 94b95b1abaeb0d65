import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_BALANCE_MICROS, parseUsd, type Micros } from '../core/money';
import { constraintViolation } from '../store/constraint-violation';
import { utcDay } from '../endpoints/account/get-usage';
import type { DashboardContext } from './context';
import { html, type Html } from './html';
import { barChart, everyDay } from './chart';
import { activity, findAccountRow, findCreditEntry, searchAccounts, type ActivityRow } from './admin-queries';
import { money, utcMinute } from './routes-customer';
import { ADMIN_COOKIE, csrfAccepted, csrfField, csrfToken, fieldAttributes, formField, notice, page, problemNotice, readCookie, renewCsrfToken, scrollingTable, setCookie, type FormProblem } from './web';
import { clientAddressKey } from '../ratelimit/client-address';
import { MAX_SUSPENSION_REASON, suspensionReason } from './suspension';
import { ADMIN_SESSION_MS, AdminSessions } from './admin-sessions';

/**
 * The credit form's one-use token, made when the form is shown: the credit's ledger request id is
 * made from it, and the ledger takes one entry per request id, so the same form sent twice (a
 * refresh, a double click) credits once.
 */
const CREDIT_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

function creditRequestId(token: string): string {
  return `admin_credit_${token}`;
}

function sameText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * /admin: only when TOLLGATE_ADMIN_TOKEN is set (otherwise the routes do not exist). The operator
 * logs in with the token (or sends it as a bearer token); the page cookie holds a random session id
 * (admin-sessions.ts), never the token nor anything derived from it.
 */
export function registerAdminPages(scope: FastifyInstance, context: DashboardContext): void {
  const adminToken = context.adminToken;
  if (!adminToken) return;
  const sessions = new AdminSessions(context.db, context.ledger, adminToken, context.clock);
  const isAdmin = async (request: FastifyRequest) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) return sameText(bearer, adminToken);
    return sessions.valid(readCookie(request, ADMIN_COOKIE));
  };
  // A wrong bearer token is a failed log-in: counted with the form's, per address, so the token
  // cannot be guessed through the pages' Authorization header without limit.
  const attemptKey = (request: FastifyRequest) => `admin:${clientAddressKey(request.ip)}`;
  scope.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/admin')) return;
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer === undefined || sameText(bearer, adminToken)) return;
    const limit = await context.limits.loginsPerAddress.consume(attemptKey(request));
    if (!limit.allowed) {
      return reply.code(429).header('retry-after', String(Math.max(1, limit.resetSeconds))).type('text/plain; charset=utf-8').send('Too many attempts with a wrong admin token; try again later.');
    }
  });
  const render = (request: FastifyRequest, reply: FastifyReply, title: string, active: string, body: Html) =>
    reply.type('text/html; charset=utf-8').send(page({ title, nav: 'admin', active, csrf: csrfToken(request, reply, context.cookies) }, body));
  const loginPage = (request: FastifyRequest, reply: FastifyReply, problem?: FormProblem) => {
    const token = csrfToken(request, reply, context.cookies);
    return reply.type('text/html; charset=utf-8').send(page({ title: 'Operator log-in', nav: 'none', csrf: token }, html`${problemNotice(problem)}
<form method="post" action="/admin/login" class="stack">${csrfField(token)}
  <label>Admin token <input type="password" name="token" autocomplete="current-password" required${fieldAttributes(problem, 'token', true)}></label>
  <button type="submit">Log in</button></form>`));
  };
  /** Pages and actions past this point need the operator; forms also their CSRF token. */
  const guard = async (request: FastifyRequest, reply: FastifyReply, changes: boolean): Promise<boolean> => {
    if (!(await isAdmin(request))) {
      if (changes) void reply.code(401).type('text/plain; charset=utf-8').send('Operator log-in required.');
      else void loginPage(request, reply); // a page, not an API answer: the log-in form, 200
      return false;
    }
    // A bearer token is not sent by browsers on their own: no CSRF check needed for it.
    if (changes && request.headers.authorization === undefined && !csrfAccepted(request)) {
      void reply.code(403).type('text/plain; charset=utf-8').send('The form expired or did not come from this site; nothing was changed.');
      return false;
    }
    return true;
  };

  scope.post('/admin/login', async (request, reply) => {
    if (!csrfAccepted(request)) return reply.code(403).type('text/plain; charset=utf-8').send('The form expired; reload the page.');
    const limit = await context.limits.loginsPerAddress.consume(attemptKey(request));
    if (!limit.allowed) return loginPage(request, reply.code(429), { message: 'Too many attempts; try again later.' });
    if (!sameText(formField(request, 'token') ?? '', adminToken)) return loginPage(request, reply.code(401), { message: 'Admin token: this is not the admin token.', field: 'token' });
    setCookie(reply, ADMIN_COOKIE, await sessions.start(), { ...context.cookies, path: '/admin', maxAgeSeconds: ADMIN_SESSION_MS / 1000 });
    renewCsrfToken(reply, context.cookies);
    return reply.redirect('/admin', 303);
  });

  scope.post('/admin/logout', async (request, reply) => {
    if (!(await guard(request, reply, true))) return reply;
    await sessions.end(readCookie(request, ADMIN_COOKIE));
    setCookie(reply, ADMIN_COOKIE, '', { ...context.cookies, path: '/admin', maxAgeSeconds: 0 });
    renewCsrfToken(reply, context.cookies);
    return reply.redirect('/admin', 303);
  });

  scope.get('/admin', async (request, reply) => {
    if (!(await guard(request, reply, false))) return reply;
    const since = utcDay(new Date(context.clock()), 29);
    await context.flushCalls();
    const [byDay, byEndpoint] = await context.ledger.exclusive(() => Promise.all([activity(context.db, since, 'day'), activity(context.db, since, 'endpoint')]));
    return render(request, reply, 'Activity, last 30 days', '/admin', html`
<h2>Revenue per day</h2>
${barChart(everyDay(since, utcDay(new Date(context.clock())), byDay, (day) => ({ group: day, calls: 0, clientErrors: 0, serverErrors: 0, upstreamFailures: 0, revenueMicros: 0, upstreamCostMicros: 0 })).map((row) => ({ label: row.group.slice(5), value: row.revenueMicros, text: `${row.calls} calls, ${money(row.revenueMicros)}` })), 'Revenue per day')}
${activityTable('Day', byDay)}
<h2>Per endpoint</h2>
${activityTable('Endpoint', byEndpoint)}
<p class="muted">Upstream failures: 502 and 504 answers. Upstream cost: what the calls' vendor requests cost, from the adapters' price lists (the SEO data and places vendors; chat upstreams are not counted); margin: revenue less that cost.</p>`);
  });

  scope.get('/admin/accounts', async (request, reply) => {
    if (!(await guard(request, reply, false))) return reply;
    const query = String((request.query as { q?: string }).q ?? '').trim().slice(0, 200);
    const accounts = await searchAccounts(context.db, query);
    return render(request, reply, 'Accounts', '/admin/accounts', html`
<form method="get" action="/admin/accounts" class="inline"><label>E-mail or account id <input type="search" name="q" value="${query}"></label><button type="submit">Search</button></form>
${scrollingTable('Accounts', html`<table><thead><tr><th>Account</th><th>E-mail</th><th class="number">Balance</th><th>Created (UTC)</th><th>State</th></tr></thead>
<tbody>${accounts.map((account) => html`<tr><td><a href="/admin/accounts/${account.id}">${account.id}</a></td><td>${account.email}</td><td class="number">${money(account.balanceMicros)}</td><td>${utcMinute(account.createdAt)}</td><td>${account.suspendedAt ? 'suspended' : 'active'}</td></tr>`)}</tbody></table>`)}`);
  });

  scope.get<{ Params: { accountId: string } }>('/admin/accounts/:accountId', async (request, reply) => {
    if (!(await guard(request, reply, false))) return reply;
    // After a credit or a suspension (Post/Redirect/Get): its confirmation, read from the ledger's
    // entry or from the account as it now stands, so an old link never tells what is not so.
    const query = request.query as { credited?: string; suspension?: string };
    const token = String(query.credited ?? '');
    const credit = CREDIT_TOKEN.test(token) ? await findCreditEntry(context.db, creditRequestId(token)) : undefined;
    if (credit?.accountId === request.params.accountId) return accountPage(request, reply, notice(`Added ${money(credit.amountMicros)}.`, 'info'));
    if (query.suspension === 'changed') {
      const account = await findAccountRow(context.db, request.params.accountId);
      if (account) return accountPage(request, reply, notice(account.suspendedAt ? 'The account is suspended: its keys are refused.' : 'The suspension is lifted.', 'info'));
    }
    return accountPage(request, reply);
  });

  /** `credit`: the credit form as sent, and why it was refused: it comes back as it was sent. */
  const accountPage = async (request: FastifyRequest<{ Params: { accountId: string } }>, reply: FastifyReply, message?: Html, credit?: { usd: string; problem: FormProblem }) => {
    const account = await findAccountRow(context.db, request.params.accountId);
    if (!account) return render(request, reply.code(404), 'No such account', '/admin/accounts', notice('No account has this id.'));
    await context.flushCalls(); // the keys' Last used, as on the customer's keys page
    const keys = await context.keys.list(account.id);
    const token = csrfToken(request, reply, context.cookies);
    return render(request, reply, `Account ${account.id}`, '/admin/accounts', html`${message ?? ''}${problemNotice(credit?.problem)}
<p>E-mail: <strong>${account.email}</strong> · Balance: <strong data-testid="admin-balance">${money(account.balanceMicros)}</strong> · ${account.suspendedAt ? html`<strong>Suspended</strong> since ${utcMinute(account.suspendedAt)} UTC${account.suspensionReason ? html` (${account.suspensionReason})` : ''}` : 'Active'}</p>
<form method="post" action="/admin/accounts/${account.id}/credit" class="inline">${csrfField(token)}<input type="hidden" name="credit_token" value="${randomBytes(18).toString('base64url')}">
  <label>Credit (USD) <input type="text" name="usd" inputmode="decimal" pattern="[0-9]+(\\.[0-9]{1,6})?" required value="${credit?.usd ?? ''}"${fieldAttributes(credit?.problem, 'usd')}></label><button type="submit">Add credit</button></form>
<form method="post" action="/admin/accounts/${account.id}/${account.suspendedAt ? 'unsuspend' : 'suspend'}" class="inline">${csrfField(token)}
  ${account.suspendedAt ? '' : html`<label>Reason <span class="muted">(optional, for operators)</span> <input type="text" name="reason" maxlength="${MAX_SUSPENSION_REASON}"></label>`}
  <button type="submit" class="${account.suspendedAt ? 'plain' : 'danger'}">${account.suspendedAt ? 'Lift the suspension' : 'Suspend the account'}</button></form>
<h2>Keys</h2>
${scrollingTable('Keys', html`<table><thead><tr><th>Name</th><th>Key</th><th>Created (UTC)</th><th>Last used (UTC)</th><th>Revoked (UTC)</th></tr></thead>
<tbody>${keys.map((key) => html`<tr><td>${key.name ?? ''}</td><td><code>${key.prefix}…</code></td><td>${utcMinute(key.createdAt)}</td><td>${utcMinute(key.lastUsedAt)}</td><td>${utcMinute(key.revokedAt)}</td></tr>`)}</tbody></table>`)}`);
  };

  scope.post<{ Params: { accountId: string } }>('/admin/accounts/:accountId/credit', async (request, reply) => {
    if (!(await guard(request, reply, true))) return reply;
    const account = await findAccountRow(context.db, request.params.accountId);
    if (!account) return accountPage(request, reply);
    const usd = (formField(request, 'usd') ?? '').trim();
    /** `field`: the form's field at fault, if one is. */
    const refused = (message: string, field?: 'usd') => accountPage(request, reply.code(400), undefined, { usd, problem: { message, field } });
    const token = formField(request, 'credit_token') ?? '';
    if (!CREDIT_TOKEN.test(token)) return refused('The form has no valid credit_token (it makes a credit count once); reload the page and add the credit again.');
    const requestId = creditRequestId(token);
    const confirmed = () => reply.redirect(`/admin/accounts/${account.id}?credited=${token}`, 303);
    /** This form credited already: its confirmation again, nothing more. */
    const sentBefore = (creditedAccountId: string) =>
      creditedAccountId === account.id ? confirmed() : refused('This form was used for another account; reload the page and add the credit again.');
    const tooLarge = (roomMicros: Micros) =>
      refused(`Credit (USD) is too large: a balance cannot exceed ${money(MAX_BALANCE_MICROS)}, so at most ${money(Math.max(0, roomMicros))} can be added to this account. Nothing was added.`, 'usd');

    // (A reply is a thenable: awaited, it would resolve once sent, to nothing; only data is awaited here.)
    const earlier = await findCreditEntry(context.db, requestId);
    if (earlier) return sentBefore(earlier.accountId);
    let micros: number;
    try {
      micros = parseUsd(usd);
    } catch {
      micros = 0;
    }
    if (micros <= 0) return refused('Credit (USD): enter a positive amount, e.g. 10 or 12.50.', 'usd');
    const room = MAX_BALANCE_MICROS - (await context.ledger.balance(account.id));
    if (micros > room) return tooLarge(room);
    try {
      await context.ledger.credit(account.id, micros, requestId);
    } catch (error) {
      // The same form sent twice at once: the other submission's entry stands.
      if (constraintViolation(error) === 'unique') {
        const raced = await findCreditEntry(context.db, requestId);
        if (raced) return sentBefore(raced.accountId);
      }
      // Credit added since the balance was read took the room: the ledger refused the cap.
      if (error instanceof RangeError) return tooLarge(MAX_BALANCE_MICROS - (await context.ledger.balance(account.id)));
      throw error;
    }
    request.log.info({ accountId: account.id, micros }, 'admin: credit added');
    return confirmed();
  });

  for (const action of ['suspend', 'unsuspend'] as const) {
    scope.post<{ Params: { accountId: string } }>(`/admin/accounts/:accountId/${action}`, async (request, reply) => {
      if (!(await guard(request, reply, true))) return reply;
      const accountId = request.params.accountId;
      const reason = action === 'suspend' ? suspensionReason(formField(request, 'reason')) : undefined;
      if (!(await context.setSuspended(accountId, action === 'suspend', reason))) return accountPage(request, reply);
      request.log.info({ accountId, action }, 'admin: account suspension changed');
      // Redirected, so that reloading the page does not send the form again.
      return reply.redirect(`/admin/accounts/${accountId}?suspension=changed`, 303);
    });
  }
}

function activityTable(heading: string, rows: readonly ActivityRow[]): Html {
  if (rows.length === 0) return html`<p class="muted">No calls yet.</p>`;
  return scrollingTable(`Activity per ${heading.toLowerCase()}`, html`<table><thead><tr><th>${heading}</th><th class="number">Calls</th><th class="number">Refused (4xx)</th><th class="number">Errors (5xx)</th><th class="number">Upstream failures</th><th class="number">Revenue</th><th class="number">Upstream cost</th><th class="number">Margin</th></tr></thead>
<tbody>${rows.map((row) => html`<tr><td>${row.group}</td><td class="number">${row.calls}</td><td class="number">${row.clientErrors}</td><td class="number">${row.serverErrors}</td><td class="number">${row.upstreamFailures}</td><td class="number">${money(row.revenueMicros)}</td><td class="number">${money(row.upstreamCostMicros)}</td><td class="number">${money(row.revenueMicros - row.upstreamCostMicros)}</td></tr>`)}</tbody></table>`);
}
