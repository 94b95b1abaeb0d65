import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from '../ratelimit/client-address';
import { SESSION_MS, sha256 } from './accounts';
import { mailFailure } from './mailer';
import { linkBase, signedIn, type DashboardContext } from './context';
import { html, type Html } from './html';
import { MIN_PASSWORD_LENGTH } from './passwords';
import { csrfAccepted, csrfField, csrfToken, fieldAttributes, formField, notice, page, problemNotice, readCookie, renewCsrfToken, SESSION_COOKIE, setCookie, type FormProblem } from './web';

/** Sign-up, log-in, log-out, e-mail verification and password reset. */
export function registerAuthPages(scope: FastifyInstance, context: DashboardContext): void {
  const csrf = (request: FastifyRequest, reply: FastifyReply) => csrfToken(request, reply, context.cookies);
  const show = (reply: FastifyReply, status: number, title: string, body: Html, token: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(page({ title, nav: 'none', csrf: token }, body));

  const signUpForm = (token: string, email = '', problem?: FormProblem) => html`
${problemNotice(problem)}
<form method="post" action="/dashboard/signup" class="stack">
  ${csrfField(token)}
  <label>E-mail <input type="email" name="email" autocomplete="email" required value="${email}"${fieldAttributes(problem, 'email', true)}></label>
  <label>Password <span class="muted">(at least ${MIN_PASSWORD_LENGTH} characters)</span>
    <input type="password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"${fieldAttributes(problem, 'password')}></label>
  <button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/dashboard/login">Log in</a>.</p>`;

  // A wrong e-mail or password is no one field's fault: which one it is would tell which addresses have accounts.
  const logInForm = (token: string, email = '', problem?: FormProblem, info?: string) => html`
${problemNotice(problem)}${notice(info, 'info')}
<form method="post" action="/dashboard/login" class="stack">
  ${csrfField(token)}
  <label>E-mail <input type="email" name="email" autocomplete="email" required value="${email}"${fieldAttributes(problem, 'email', true)}></label>
  <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
  <button type="submit">Log in</button>
</form>
<p>${context.signupsOpen ? html`<a href="/dashboard/signup">Create an account</a> · ` : ''}<a href="/dashboard/forgot">Forgot the password?</a></p>`;

  /** A form that failed its CSRF check: refused, nothing done. */
  const refused = (reply: FastifyReply) =>
    show(reply, 403, 'Form expired', problemNotice({ message: 'This form has expired or did not come from this site. Nothing was changed; reload the page and try again.' }), renewCsrfToken(reply, context.cookies));

  const logInAs = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
    // A new session id at every log-in (and the old one ended): a planted id never becomes a session.
    await context.accounts.endSession(readCookie(request, SESSION_COOKIE));
    const token = await context.accounts.startSession(accountId);
    setCookie(reply, SESSION_COOKIE, token, { ...context.cookies, maxAgeSeconds: SESSION_MS / 1000 });
    renewCsrfToken(reply, context.cookies);
  };

  /**
   * Issues a verification link and mails it (without SMTP: writes it to the log). False when the
   * mail could not be sent: the mailer logged why, and the link is withdrawn, so that the Overview
   * never says a link went out that did not.
   */
  const sendVerificationLink = async (accountId: string, email: string): Promise<boolean> => {
    const token = await context.accounts.issueToken(accountId, 'verify');
    try {
      await context.mailer.send({ accountId, to: email, purpose: 'verify', link: `${linkBase(context)}/dashboard/verify?token=${token}` });
      return true;
    } catch {
      await context.accounts.discardToken(token);
      return false;
    }
  };

  /** Sign-ups closed by the operator: the page says how to get an account instead, and nothing is created. */
  const signUpsClosed = (request: FastifyRequest, reply: FastifyReply) =>
    show(reply, 403, 'Create an account', html`${notice('Sign-ups are closed on this server: ask its operator for an account.')}<p>Already have an account? <a href="/dashboard/login">Log in</a>.</p>`, csrf(request, reply));

  scope.get('/dashboard/signup', async (request, reply) => {
    if (!context.signupsOpen) return signUpsClosed(request, reply);
    return show(reply, 200, 'Create an account', signUpForm(csrf(request, reply)), csrf(request, reply));
  });

  /** Mails a reset link (`taken`: inside the notice that someone tried to sign up with the address); a link whose mail failed is discarded. */
  const mailResetLink = async (accountId: string, email: string, purpose: 'reset' | 'taken'): Promise<void> => {
    const token = await context.accounts.issueToken(accountId, 'reset');
    await context.mailer.send({ accountId, to: email, purpose, link: `${linkBase(context)}/dashboard/reset?token=${token}` }).catch(() => context.accounts.discardToken(token));
  };
  /**
   * Mails the owner of an address someone tried to sign up with a notice and a reset link (with
   * SMTP only: without it nobody could get either). Failures are logged by the mailer, without the address.
   */
  const sendTakenNotice = async (accountId: string, email: string): Promise<void> => {
    if (context.mailer.delivers) await mailResetLink(accountId, email, 'taken');
  };

  scope.post('/dashboard/signup', async (request, reply) => {
    if (!csrfAccepted(request)) return refused(reply);
    if (!context.signupsOpen) return signUpsClosed(request, reply);
    const email = formField(request, 'email') ?? '';
    const token = csrf(request, reply);
    const allowed = await context.limits.signups.consume(clientAddressKey(request.ip));
    if (!allowed.allowed) return show(reply, 429, 'Create an account', signUpForm(token, email, { message: 'Too many sign-ups from your network; try again later.' }), token);
    const result = await context.accounts.signUp(email, formField(request, 'password') ?? '', !context.mailer.delivers);
    if (!result.ok) return show(reply, 400, 'Create an account', signUpForm(token, email, { message: result.problem, field: result.field }), token);
    // A new address and one that has an account get the same answer (no session: the new account
    // logs in), so that sign-up tells nobody which addresses have accounts; each sends one mail.
    if (result.taken) await sendTakenNotice(result.accountId, result.email);
    else await sendVerificationLink(result.accountId, result.email);
    return reply.redirect('/dashboard/login?done=signup', 303);
  });

  const logInNotices: Readonly<Record<string, string>> = {
    reset: 'Your password was changed; log in with the new one.',
    'reset-revoked':
      'Your password was changed; log in with the new one. The API keys made before your address was confirmed are revoked (whoever made them did so before the address was proven yours): make new ones under API keys.',
    signup: context.mailer.delivers
      ? 'Check your mail: we sent a message to the address you gave, to confirm it. Log in here with your password.'
      : 'Your account is ready: log in here with your password. This service sends no e-mail: its operator passes on the link that confirms your address.',
  };

  scope.get('/dashboard/login', async (request, reply) => {
    const token = csrf(request, reply);
    const info = logInNotices[String((request.query as { done?: string }).done ?? '')];
    return show(reply, 200, 'Log in', logInForm(token, '', undefined, info), token);
  });

  scope.post('/dashboard/login', async (request, reply) => {
    if (!csrfAccepted(request)) return refused(reply);
    const email = formField(request, 'email') ?? '';
    const token = csrf(request, reply);
    // Attempts per client address (successful or not); failed ones per account and client address
    // pair (the owner elsewhere is not locked out by a guesser), and per account with a much higher limit.
    const account = sha256(email.trim().toLowerCase());
    const address = clientAddressKey(request.ip);
    const byAddress = await context.limits.loginsPerAddress.consume(address);
    const failures = byAddress.allowed ? await context.limits.failedLogIns.attempt(account, address) : undefined;
    if (!byAddress.allowed || !failures?.allowed) {
      const wait = failures && !failures.allowed ? failures.retryAfterSeconds : byAddress.resetSeconds;
      reply.header('retry-after', String(wait));
      return show(reply, 429, 'Log in', logInForm(token, email, { message: `Too many log-in attempts; try again in ${Math.ceil(wait / 60)} minutes.` }), token);
    }
    const accountId = await context.accounts.logIn(email, formField(request, 'password') ?? '');
    if (!accountId) return show(reply, 401, 'Log in', logInForm(token, email, { message: 'The e-mail or the password is wrong.' }), token);
    await context.limits.failedLogIns.succeeded(account, address);
    await logInAs(request, reply, accountId);
    return reply.redirect('/dashboard', 303);
  });

  scope.post('/dashboard/logout', async (request, reply) => {
    if (!csrfAccepted(request)) return refused(reply);
    await context.accounts.endSession(readCookie(request, SESSION_COOKIE));
    setCookie(reply, SESSION_COOKIE, '', { ...context.cookies, maxAgeSeconds: 0 });
    renewCsrfToken(reply, context.cookies);
    return reply.redirect('/dashboard/login', 303);
  });

  // The link in the mail opens a page with a button: following a link alone changes nothing.
  scope.get('/dashboard/verify', async (request, reply) => {
    const token = csrf(request, reply);
    const link = String((request.query as { token?: string }).token ?? '');
    return show(reply, 200, 'Confirm your e-mail address', html`
<form method="post" action="/dashboard/verify" class="stack">${csrfField(token)}<input type="hidden" name="token" value="${link}">
  <button type="submit">Confirm my address</button></form>`, token);
  });

  scope.post('/dashboard/verify', async (request, reply) => {
    if (!csrfAccepted(request)) return refused(reply);
    const token = csrf(request, reply);
    const accountId = await context.accounts.verifyEmail(formField(request, 'token') ?? '', context.mailer.delivers);
    if (!accountId) return show(reply, 400, 'Confirm your e-mail address', problemNotice({ message: 'This link is not valid, has expired or was used already.' }), token);
    return show(reply, 200, 'Address confirmed', html`${notice('Your address is confirmed.', 'info')}<p><a href="/dashboard">Go to the dashboard</a></p>`, token);
  });

  // A new link for an unverified address (the first one lost, expired or never sent). Earlier links
  // stay valid until they expire: any of them verifies the same account, once. Limited per account
  // (with the reset requests' limiter: links that send mail, 5 an hour), so it cannot flood a mailbox.
  scope.post('/dashboard/verify/resend', async (request, reply) => {
    const session = await signedIn(context, request, reply);
    if (!session) return reply;
    if (!csrfAccepted(request)) return refused(reply);
    if (session.verified) return reply.redirect('/dashboard', 303);
    const allowed = await context.limits.resets.consume(`verify:${session.accountId}`);
    if (!allowed.allowed) return reply.redirect('/dashboard?verification=limited', 303);
    const sent = await sendVerificationLink(session.accountId, session.email);
    return reply.redirect(`/dashboard?verification=${sent ? 'sent' : 'failed'}`, 303);
  });

  const forgotForm = (token: string, info?: string, problem?: FormProblem, email = '') => html`
${problemNotice(problem)}${notice(info, 'info')}
<form method="post" action="/dashboard/forgot" class="stack">${csrfField(token)}
  <label>E-mail <input type="email" name="email" autocomplete="email" required value="${email}"${fieldAttributes(problem, 'email', true)}></label>
  <button type="submit">Send a reset link</button></form>`;

  scope.get('/dashboard/forgot', async (request, reply) => show(reply, 200, 'Reset your password', forgotForm(csrf(request, reply)), csrf(request, reply)));

  scope.post('/dashboard/forgot', async (request, reply) => {
    if (!csrfAccepted(request)) return refused(reply);
    const token = csrf(request, reply);
    const email = formField(request, 'email') ?? '';
    const allowed = await context.limits.resets.consume(clientAddressKey(request.ip));
    if (!allowed.allowed) return show(reply, 429, 'Reset your password', forgotForm(token, undefined, { message: 'Too many reset requests; try again later.' }, email), token);
    // Answered first, the link made and mailed after: the answer's timing tells nothing either.
    reply.raw.once('close', () => {
      void sendResetLink(email).catch((error: unknown) => request.log.error({ failure: mailFailure(error).failure }, 'dashboard: could not make or send a reset link'));
    });
    // The same answer whether the address has an account or not.
    return show(reply, 200, 'Reset your password', forgotForm(token, 'If an account has this address, a reset link is on its way.'), token);
  });

  /** Mails a reset link when the address has an account; a failed mail is logged by the mailer (by account id). */
  const sendResetLink = async (email: string): Promise<void> => {
    const account = await context.accounts.findByEmail(email);
    if (account) await mailResetLink(account.accountId, account.email, 'reset');
  };

  const resetForm = (token: string, link: string, problem?: FormProblem) => html`
${problemNotice(problem)}
<form method="post" action="/dashboard/reset" class="stack">${csrfField(token)}<input type="hidden" name="token" value="${link}">
  <label>New password <span class="muted">(at least ${MIN_PASSWORD_LENGTH} characters)</span>
    <input type="password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"${fieldAttributes(problem, 'password', true)}></label>
  <button type="submit">Set the new password</button></form>`;

  /** A reset link that cannot set a password: said before one is chosen, with the way to a new link. */
  const resetLinkRefused = (reply: FastifyReply, token: string, problem: string) =>
    show(reply, 400, 'Choose a new password', html`${problemNotice({ message: problem })}
<p><a href="/dashboard/forgot">Forgot the password?</a> Ask for a new link there.</p>`, token);

  // The link is checked, not used, when the page opens: only the form's password uses it.
  scope.get('/dashboard/reset', async (request, reply) => {
    const token = csrf(request, reply);
    const link = String((request.query as { token?: string }).token ?? '');
    const problem = await context.accounts.resetLinkProblem(link);
    if (problem !== undefined) return resetLinkRefused(reply, token, problem);
    return show(reply, 200, 'Choose a new password', resetForm(token, link), token);
  });

  scope.post('/dashboard/reset', async (request, reply) => {
    if (!csrfAccepted(request)) return refused(reply);
    const token = csrf(request, reply);
    const link = formField(request, 'token') ?? '';
    const result = await context.accounts.resetPassword(link, formField(request, 'password') ?? '', context.mailer.delivers);
    if (!result.ok && result.field === 'token') return resetLinkRefused(reply, token, result.problem);
    if (!result.ok) return show(reply, 400, 'Choose a new password', resetForm(token, link, { message: result.problem, field: result.field }), token);
    if (result.revokedKeyIds.length === 0) return reply.redirect('/dashboard/login?done=reset', 303);
    await context.forgetKeys(result.revokedKeyIds);
    request.log.info({ accountId: result.accountId, keys: result.revokedKeyIds.length }, 'dashboard: a reset revoked the keys made before the address was verified');
    return reply.redirect('/dashboard/login?done=reset-revoked', 303);
  });
}
