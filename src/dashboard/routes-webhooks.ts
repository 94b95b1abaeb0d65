import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionView } from './accounts';
import { signedIn, type DashboardContext } from './context';
import { html, type Html } from './html';
import type { PageRender } from './routes-customer';
import { csrfAccepted, csrfField, csrfToken, notice, problemNotice } from './web';

/** The account's webhook signing secret: shown (made on first view), and rotated. */
export function registerWebhookPages(scope: FastifyInstance, context: DashboardContext, render: PageRender): void {
  const webhooksPage = async (request: FastifyRequest, reply: FastifyReply, session: SessionView, top: Html, status = 200) => {
    const secret = await context.webhookSecrets.secretFor(session.accountId);
    const token = csrfToken(request, reply, context.cookies);
    reply.code(status);
    return render(request, reply, session, 'Webhooks', '/dashboard/webhooks', html`
${top}
<p>A media job queued with a <code>webhookUrl</code> POSTs its final state to that URL, signed the
<a href="https://www.standardwebhooks.com/">Standard Webhooks</a> way: the headers <code>webhook-id</code>,
<code>webhook-timestamp</code> and <code>webhook-signature</code>, which is <code>v1,</code> followed by the base64
HMAC-SHA256 of <code>id.timestamp.body</code>, keyed with the base64-decoded part of the secret after <code>whsec_</code>.
Any Standard Webhooks library verifies it with the secret below. A delivery that fails is retried with backoff for
more than a day; delivery never changes what a job is billed.</p>
<h2>Signing secret</h2>
<div class="secret"><code id="webhook-secret" data-testid="webhook-secret">${secret}</code><button type="button" class="plain" data-copy="webhook-secret" hidden>Copy</button></div>
<h2>Rotate the secret</h2>
<p>A new secret replaces this one at once: every webhook from then on, retries included, is signed with the new one.</p>
<form method="post" action="/dashboard/webhooks/rotate" class="inline">${csrfField(token)}
  <button type="submit" class="danger">Rotate secret</button>
</form>`);
  };

  scope.get('/dashboard/webhooks', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    return webhooksPage(request, reply, session, html``);
  });

  scope.post('/dashboard/webhooks/rotate', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    if (!csrfAccepted(request)) return webhooksPage(request, reply, session, problemNotice({ message: 'The form expired; the secret was not changed. Try again.' }), 403);
    await context.webhookSecrets.rotate(session.accountId);
    return webhooksPage(request, reply, session, notice('The webhook secret is rotated: verify webhooks with the new one below.', 'info'));
  });
}
