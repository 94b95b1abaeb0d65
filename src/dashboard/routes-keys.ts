import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyListing } from '../auth/api-keys';
import type { SessionView } from './accounts';
import { signedIn, type DashboardContext } from './context';
import { html, type Html } from './html';
import type { PageRender } from './routes-customer';
import { csrfAccepted, csrfField, csrfToken, formField, notice } from './web';

const MAX_KEY_NAME = 60;
const MAX_KEYS = 50;

/** API keys: list, create (shown once), revoke (after a confirmation page). */
export function registerKeyPages(scope: FastifyInstance, context: DashboardContext, render: PageRender): void {
  const keysPage = async (request: FastifyRequest, reply: FastifyReply, session: SessionView, top: Html, status = 200) => {
    const keys = await context.keys.list(session.accountId);
    const token = csrfToken(request, reply, context.cookies);
    reply.code(status);
    return render(request, reply, session, 'API keys', '/dashboard/keys', html`
${top}
<h2>Create a key</h2>
<form method="post" action="/dashboard/keys" class="inline">${csrfField(token)}
  <label>Name <input type="text" name="name" maxlength="${MAX_KEY_NAME}" required placeholder="e.g. production"></label>
  <button type="submit">Create key</button>
</form>
<h2>Your keys</h2>
${keys.length === 0 ? html`<p class="muted">No keys yet.</p>` : keyTable(keys)}`);
  };

  scope.get('/dashboard/keys', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    return keysPage(request, reply, session, html``);
  });

  scope.post('/dashboard/keys', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    if (!csrfAccepted(request)) return keysPage(request, reply, session, notice('The form expired; nothing was created. Try again.'), 403);
    const name = (formField(request, 'name') ?? '').trim();
    if (name === '' || name.length > MAX_KEY_NAME) return keysPage(request, reply, session, notice(`Give the key a name of 1 to ${MAX_KEY_NAME} characters.`), 400);
    const active = (await context.keys.list(session.accountId)).filter((key) => key.revokedAt === null);
    if (active.length >= MAX_KEYS) return keysPage(request, reply, session, notice(`An account can have ${MAX_KEYS} active keys; revoke one first.`), 400);
    const issued = await context.keys.issue(session.accountId, name);
    // Shown in this response only, never in a URL or a log; only its hash is stored.
    return keysPage(request, reply, session, html`
<div role="status">
<p><strong>Your new key "${name}".</strong> Copy it now: it is shown only this once.</p>
<div class="secret"><code id="new-key" data-testid="new-key">${issued.apiKey}</code><button type="button" class="plain" data-copy="new-key" hidden>Copy</button></div>
</div>`);
  });

  scope.get<{ Params: { keyId: string } }>('/dashboard/keys/:keyId/revoke', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    const key = (await context.keys.list(session.accountId)).find((candidate) => candidate.keyId === request.params.keyId && candidate.revokedAt === null);
    if (!key) return render(request, reply.code(404), session, 'Key not found', '/dashboard/keys', notice('No such active key on your account.'));
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
    if (!csrfAccepted(request)) return keysPage(request, reply, session, notice('The form expired; nothing was revoked. Try again.'), 403);
    // Only a key of this account: another account's key id is "not found", like one that never existed.
    if (!(await context.keys.revokeOwned(session.accountId, request.params.keyId))) {
      return keysPage(request, reply, session, notice('No such key on your account.'), 404);
    }
    await context.refuseKeys([request.params.keyId]);
    return keysPage(request, reply, session, notice('The key is revoked: calls with it are refused.', 'info'));
  });
}

function keyTable(keys: readonly KeyListing[]): Html {
  const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '—');
  return html`<table><thead><tr><th>Name</th><th>Key</th><th>Created (UTC)</th><th>Last used (UTC)</th><th>State</th></tr></thead>
<tbody>${keys.map((key) => html`<tr><td>${key.name ?? '(no name)'}</td><td><code>${key.prefix}…</code></td><td>${when(key.createdAt)}</td><td>${when(key.lastUsedAt)}</td><td>${
    key.revokedAt ? html`revoked ${when(key.revokedAt)}` : html`active · <a href="/dashboard/keys/${key.keyId}/revoke" aria-label="Revoke ${key.name ?? key.prefix}">Revoke</a>`
  }</td></tr>`)}</tbody></table>`;
}
