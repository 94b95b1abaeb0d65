import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyListing } from '../auth/api-keys';
import { InvalidKeyLimit, limitableAreas, parseSpendCap, type KeyLimits } from '../auth/key-limits';
import { updateKeyLimits } from '../auth/key-limit-updates';
import { formatUsd, type Micros } from '../core/money';
import type { SpendCapStatus } from '../ledger/key-budgets';
import type { SessionView } from './accounts';
import { signedIn, type DashboardContext } from './context';
import { html, type Html } from './html';
import { money, utcMinute, type PageRender } from './routes-customer';
import { csrfAccepted, csrfField, csrfToken, fieldAttributes, formField, notice, problemNotice, scrollingTable, type FormProblem } from './web';

const MAX_KEY_NAME = 60;
const MAX_KEYS = 50;
/** One checkbox per area, each a field of its own: the form parser keeps one value per name. */
const AREA_FIELD_PREFIX = 'area_';

/** The limit fields as the visitor typed them, so a refused form comes back as it was sent. */
interface LimitFields {
  dailyUsd: string;
  monthlyUsd: string;
  areas: readonly string[];
}

const EMPTY_LIMIT_FIELDS: LimitFields = { dailyUsd: '', monthlyUsd: '', areas: [] };

/** The create form as the visitor sent it, and why it was refused: it comes back as it was sent. */
interface CreateForm {
  name: string;
  limits: LimitFields;
  problem?: FormProblem;
}

const EMPTY_CREATE_FORM: CreateForm = { name: '', limits: EMPTY_LIMIT_FIELDS };

/** The limit fields' names: one at fault opens the create form's "Limits", which would hide it. */
const LIMIT_FIELD_NAMES = ['daily_usd', 'monthly_usd', 'areas'];

const SUSPENDED = 'Your account is suspended: every call with its keys is refused (403 ACCOUNT_SUSPENDED), and no new key can be made. Contact the operator of this service.';

const UNVERIFIED = 'Confirm your e-mail address before you make a key: until the address is proven yours, anyone could have signed up with it. Open the link we mailed you, or ask for a new one.';

/** A limit field the form cannot take; the message starts with the field's label, `field` is its name. */
class RefusedLimit extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** API keys: list, create (shown once), limit, revoke (after a confirmation page). */
export function registerKeyPages(scope: FastifyInstance, context: DashboardContext, render: PageRender): void {
  // The account's own endpoints answer whatever a key's areas: offering them would limit nothing.
  const areas = limitableAreas(context.endpoints);

  /**
   * Keys wait for a verified address when mail is sent (SMTP): someone who signed up with an
   * address they do not read would otherwise hold keys its owner never made. Without SMTP nobody
   * can verify by mail; a reset (passed on by the operator) then revokes the keys made unverified.
   */
  const mustVerify = (session: SessionView) => context.mailer.delivers && !session.verified;

  const keysPage = async (request: FastifyRequest, reply: FastifyReply, session: SessionView, top: Html, status = 200, form = EMPTY_CREATE_FORM) => {
    // Each key's Last used is written with the call log: its pending rows first, so a call just made shows.
    await context.flushCalls();
    const keys = await context.keys.list(session.accountId);
    const token = csrfToken(request, reply, context.cookies);
    const limitsShown = LIMIT_FIELD_NAMES.includes(form.problem?.field ?? '') || form.limits.dailyUsd !== '' || form.limits.monthlyUsd !== '' || form.limits.areas.length > 0;
    reply.code(status);
    return render(request, reply, session, 'API keys', '/dashboard/keys', html`
${top}
${session.suspended ? notice(SUSPENDED) : mustVerify(session) ? html`${notice(UNVERIFIED, 'info')}
<form method="post" action="/dashboard/verify/resend" class="inline">${csrfField(token)}<button type="submit" class="plain">Send me a new link</button></form>` : html`<h2>Create a key</h2>
<form method="post" action="/dashboard/keys" class="inline">${csrfField(token)}
  <label>Name <input type="text" name="name" maxlength="${MAX_KEY_NAME}" required placeholder="e.g. production" value="${form.name}"${fieldAttributes(form.problem, 'name')}></label>
  <details${limitsShown ? html` open` : ''}><summary>Limits (optional)</summary>${limitFields(form.limits, areas, form.problem)}</details>
  <button type="submit">Create key</button>
</form>`}
<h2>Your keys</h2>
${keys.length === 0 ? html`<p class="muted">No keys yet.</p>` : keyTable(keys, session.suspended)}`);
  };

  const limitsPage = async (request: FastifyRequest, reply: FastifyReply, session: SessionView, key: KeyListing, fields: LimitFields, problem?: FormProblem) => {
    const caps = await context.ledger.keyBudgets.status(key.keyId, key.limits, new Date(context.clock()));
    const token = csrfToken(request, reply, context.cookies);
    reply.code(problem ? 400 : 200);
    return render(request, reply, session, 'Key limits', '/dashboard/keys', html`
${problemNotice(problem)}
<p>The key <strong>${key.name ?? key.prefix}</strong> (<code>${key.prefix}…</code>) is limited to: ${describeLimits(key.limits)}.</p>
<p class="muted">A call that could take the key past a cap is refused (402, <code>KEY_LIMIT_REACHED</code>) until the cap resets, whatever the balance;
a call outside its areas is refused (403, <code>KEY_AREA_NOT_ALLOWED</code>). A new cap counts what the key already spent in its day and month.</p>
<h2>Where the caps stand</h2>
${capTable(caps)}
<h2>Change the limits</h2>
<form method="post" action="/dashboard/keys/${key.keyId}/limits" class="stack">${csrfField(token)}
  ${limitFields(fields, areas, problem)}
  <div><button type="submit">Save the limits</button> <a href="/dashboard/keys">Cancel</a></div>
</form>`);
  };

  /** One of the account's active keys: another account's key, a revoked or an unknown one are all undefined. */
  const activeKey = async (session: SessionView, keyId: string) =>
    (await context.keys.list(session.accountId)).find((candidate) => candidate.keyId === keyId && candidate.revokedAt === null);
  const keyNotFound = (request: FastifyRequest, reply: FastifyReply, session: SessionView) =>
    render(request, reply.code(404), session, 'Key not found', '/dashboard/keys', notice('No such active key on your account.'));

  scope.get('/dashboard/keys', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    return keysPage(request, reply, session, html``);
  });

  scope.post('/dashboard/keys', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    if (!csrfAccepted(request)) return keysPage(request, reply, session, problemNotice({ message: 'The form expired; nothing was created. Try again.' }), 403);
    // A key made now would be refused at its first call: none is made until the suspension is lifted.
    if (session.suspended) return keysPage(request, reply, session, html``, 403);
    if (mustVerify(session)) return keysPage(request, reply, session, html``, 403);
    const name = (formField(request, 'name') ?? '').trim();
    const requested = readLimits(request, areas);
    const refused = (problem: FormProblem) => keysPage(request, reply, session, problemNotice(problem), 400, { name, limits: requested.fields, problem });
    if (name === '' || name.length > MAX_KEY_NAME) return refused({ message: `Name: give the key a name of 1 to ${MAX_KEY_NAME} characters.`, field: 'name' });
    if (requested.problem !== undefined) return refused({ ...requested.problem, message: `${requested.problem.message} Nothing was created.` });
    const active = (await context.keys.list(session.accountId)).filter((key) => key.revokedAt === null);
    if (active.length >= MAX_KEYS) return refused({ message: `An account can have ${MAX_KEYS} active keys; revoke one first.` });
    // A fresh key has spent nothing: its caps start counting from zero without updateKeyLimits.
    const issued = await context.keys.issue(session.accountId, name, requested.limits);
    // Shown in this response only, never in a URL or a log; only its hash is stored.
    return keysPage(request, reply, session, html`
<div role="status">
<p><strong>Your new key "${name}".</strong> Copy it now: it is shown only this once.</p>
<div class="secret"><code id="new-key" data-testid="new-key">${issued.apiKey}</code><button type="button" class="plain" data-copy="new-key" hidden>Copy</button></div>
</div>`);
  });

  scope.get<{ Params: { keyId: string } }>('/dashboard/keys/:keyId/limits', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    const key = await activeKey(session, request.params.keyId);
    if (!key) return keyNotFound(request, reply, session);
    return limitsPage(request, reply, session, key, limitFieldsOf(key.limits));
  });

  scope.post<{ Params: { keyId: string } }>('/dashboard/keys/:keyId/limits', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    if (!csrfAccepted(request)) return keysPage(request, reply, session, problemNotice({ message: 'The form expired; the limits were not changed. Try again.' }), 403);
    const key = await activeKey(session, request.params.keyId);
    if (!key) return keysPage(request, reply, session, problemNotice({ message: 'No such active key on your account.' }), 404);
    const requested = readLimits(request, areas);
    if (requested.problem !== undefined) return limitsPage(request, reply, session, key, requested.fields, { ...requested.problem, message: `${requested.problem.message} The limits were not changed.` });
    await updateKeyLimits(context, key.keyId, requested.limits, session.accountId);
    await context.forgetKeys([key.keyId]);
    return keysPage(request, reply, session, notice(`The limits of "${key.name ?? key.prefix}" are saved: its next call is held to them.`, 'info'));
  });

  scope.get<{ Params: { keyId: string } }>('/dashboard/keys/:keyId/revoke', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    const key = await activeKey(session, request.params.keyId);
    if (!key) return keyNotFound(request, reply, session);
    const token = csrfToken(request, reply, context.cookies);
    return render(request, reply, session, 'Revoke a key', '/dashboard/keys', html`
<p>Revoke the key <strong>${key.name ?? key.prefix}</strong> (<code>${key.prefix}…</code>)? Every call made with it is refused within a second, everywhere. This cannot be undone.</p>
<form method="post" action="/dashboard/keys/${key.keyId}/revoke" class="inline">${csrfField(token)}
  <button type="submit" class="danger">Revoke the key</button> <a href="/dashboard/keys">Cancel</a>
</form>`);
  });

  scope.post<{ Params: { keyId: string } }>('/dashboard/keys/:keyId/revoke', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    if (!csrfAccepted(request)) return keysPage(request, reply, session, problemNotice({ message: 'The form expired; nothing was revoked. Try again.' }), 403);
    // Only a key of this account: another account's key id is "not found", like one that never existed.
    if (!(await context.keys.revokeOwned(session.accountId, request.params.keyId))) {
      return keysPage(request, reply, session, problemNotice({ message: 'No such key on your account.' }), 404);
    }
    await context.forgetKeys([request.params.keyId]);
    return keysPage(request, reply, session, notice('The key is revoked: calls with it are refused.', 'info'));
  });
}

/** `suspended`: the account's keys are refused, whatever their own state. */
function keyTable(keys: readonly KeyListing[], suspended: boolean): Html {
  return scrollingTable('Your keys', html`<table><thead><tr><th>Name</th><th>Key</th><th>Limits</th><th>Created (UTC)</th><th>Last used (UTC)</th><th>State</th></tr></thead>
<tbody>${keys.map((key) => html`<tr><td>${key.name ?? '(no name)'}</td><td><code>${key.prefix}…</code></td><td>${describeLimits(key.limits)}</td><td>${utcMinute(key.createdAt)}</td><td>${utcMinute(key.lastUsedAt)}</td><td>${
    key.revokedAt
      ? html`revoked ${utcMinute(key.revokedAt)}`
      : html`${suspended ? 'refused (account suspended)' : 'active'} · <a href="/dashboard/keys/${key.keyId}/limits" aria-label="Limits of ${key.name ?? key.prefix}">Limits</a> · <a href="/dashboard/keys/${key.keyId}/revoke" aria-label="Revoke ${key.name ?? key.prefix}">Revoke</a>`
  }</td></tr>`)}</tbody></table>`);
}

/** "$5.00/day · $50.00/month · seo, serp", or "none". */
function describeLimits(limits: KeyLimits): string {
  const parts = [
    limits.dailyMicros === null ? undefined : `${money(limits.dailyMicros)}/day`,
    limits.monthlyMicros === null ? undefined : `${money(limits.monthlyMicros)}/month`,
    limits.areas === null ? undefined : limits.areas.join(', '),
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? 'none' : parts.join(' · ');
}

function capTable(caps: readonly SpendCapStatus[]): Html {
  if (caps.length === 0) return html`<p class="muted">No spending cap: the key spends as far as the balance goes.</p>`;
  return scrollingTable('Where the caps stand', html`<table><thead><tr><th>Cap</th><th class="number">Limit</th><th class="number">Spent</th><th class="number">Remaining</th><th>Resets at (UTC)</th></tr></thead>
<tbody>${caps.map((cap) => html`<tr><td>${cap.limit}</td><td class="number">${money(cap.capMicros)}</td><td class="number">${money(cap.spentMicros)}</td><td class="number">${money(cap.remainingMicros)}</td><td>${utcMinute(cap.resetsAt.toISOString())}</td></tr>`)}</tbody></table>`);
}

/** The caps and the areas, as fields of the create form and the limits form. */
function limitFields(fields: LimitFields, areas: readonly string[], problem: FormProblem | undefined): Html {
  return html`<label>Daily cap, USD <span class="muted">(empty: none; a day ends at 00:00 UTC)</span>
    <input type="text" inputmode="decimal" name="daily_usd" value="${fields.dailyUsd}" placeholder="e.g. 5.00" autocomplete="off"${fieldAttributes(problem, 'daily_usd')}></label>
  <label>Monthly cap, USD <span class="muted">(empty: none; a month ends on the 1st, 00:00 UTC)</span>
    <input type="text" inputmode="decimal" name="monthly_usd" value="${fields.monthlyUsd}" placeholder="e.g. 50.00" autocomplete="off"${fieldAttributes(problem, 'monthly_usd')}></label>
  <fieldset><legend>Areas <span class="muted">(none checked: every area; the account's own endpoints always answer)</span></legend>
  ${areas.map((area, index) => html`<label><span><input type="checkbox" name="${AREA_FIELD_PREFIX}${area}"${fields.areas.includes(area) ? html` checked` : ''}${index === 0 ? fieldAttributes(problem, 'areas') : html``}> ${area}</span></label>`)}
  </fieldset>`;
}

function limitFieldsOf(limits: KeyLimits): LimitFields {
  const usd = (micros: Micros | null) => (micros === null ? '' : formatUsd(micros));
  return { dailyUsd: usd(limits.dailyMicros), monthlyUsd: usd(limits.monthlyMicros), areas: limits.areas ?? [] };
}

/** The limits a form asks for, or the problem with them, with the fields as sent. */
function readLimits(request: FastifyRequest, areas: readonly string[]): { fields: LimitFields; limits: KeyLimits; problem?: undefined } | { fields: LimitFields; problem: FormProblem } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const fields: LimitFields = {
    dailyUsd: (formField(request, 'daily_usd') ?? '').trim(),
    monthlyUsd: (formField(request, 'monthly_usd') ?? '').trim(),
    areas: Object.keys(body).filter((name) => name.startsWith(AREA_FIELD_PREFIX)).map((name) => name.slice(AREA_FIELD_PREFIX.length)),
  };
  try {
    const unknown = fields.areas.filter((area) => !areas.includes(area));
    if (unknown.length > 0) throw new RefusedLimit(`Areas: this API has no area "${unknown.join('", "')}".`, 'areas');
    const limits: KeyLimits = {
      dailyMicros: capMicros(fields.dailyUsd, 'Daily cap', 'daily_usd'),
      monthlyMicros: capMicros(fields.monthlyUsd, 'Monthly cap', 'monthly_usd'),
      areas: fields.areas.length === 0 ? null : fields.areas,
    };
    return { fields, limits };
  } catch (error) {
    if (error instanceof RefusedLimit) return { fields, problem: { message: error.message, field: error.field } };
    throw error;
  }
}

function capMicros(text: string, label: string, field: string): Micros | null {
  if (text === '') return null;
  try {
    return parseSpendCap(text);
  } catch (error) {
    if (!(error instanceof InvalidKeyLimit)) throw error;
    throw new RefusedLimit(`${label}: ${error.message}, or leave it empty for no cap.`, field);
  }
}
