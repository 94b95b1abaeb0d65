import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Html, html } from './html';
import { PAGE_HEADERS } from '../core/response-headers';

/**
 * What every dashboard and admin page shares: cookies, the CSRF check, security headers, the
 * form parser and the page layout.
 */

export const SESSION_COOKIE = 'tg_session';
export const CSRF_COOKIE = 'tg_csrf';
export const ADMIN_COOKIE = 'tg_admin';

/**
 * Scripts and styles only from this server (no inline script, no inline style), nothing from any
 * other host, never framed, forms posted only here (and, for checkout, to the payment page).
 */
function securityHeaders(formTargets: readonly string[]): Record<string, string> {
  return {
    'content-security-policy':
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action ${["'self'", ...formTargets].join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
    ...PAGE_HEADERS,
    'cache-control': 'no-store',
  };
}

export interface CookieOptions {
  secure: boolean;
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return undefined;
}

/** HttpOnly and SameSite=Lax always; Secure when the public URL is https. `maxAgeSeconds` 0 deletes it. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions & { maxAgeSeconds?: number; path?: string }): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  // Fastify appends to set-cookie: the list is rebuilt, so a cookie set twice in one reply is sent once.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...list.filter((cookie) => !cookie.startsWith(`${name}=`)), parts.join('; ')]);
}

/**
 * The visitor's CSRF token: double-submit — a random value in an HttpOnly cookie that every form
 * repeats in a hidden field. Another site can make a browser send the cookie but can neither read
 * it nor set the field; SameSite=Lax keeps the cookie off its POSTs anyway. Made on first visit,
 * renewed at log-in and log-out.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply, options: CookieOptions): string {
  const assigned = (reply as FastifyReply & { csrfAssigned?: string }).csrfAssigned;
  if (assigned) return assigned;
  const existing = readCookie(request, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  return renewCsrfToken(reply, options);
}

export function renewCsrfToken(reply: FastifyReply, options: CookieOptions): string {
  const token = randomBytes(32).toString('base64url');
  (reply as FastifyReply & { csrfAssigned?: string }).csrfAssigned = token;
  setCookie(reply, CSRF_COOKIE, token, options);
  return token;
}

/** Whether a state-changing request carries the visitor's token (and, when it says, comes from here). */
export function csrfAccepted(request: FastifyRequest): boolean {
  const cookie = readCookie(request, CSRF_COOKIE);
  const field = formField(request, 'csrf');
  if (!cookie || !field || cookie.length !== field.length) return false;
  if (!timingSafeEqual(Buffer.from(cookie), Buffer.from(field))) return false;
  // The token is the defence; an Origin naming another site is refused on top. "null" (sent by
  // privacy settings and after some redirects) says nothing either way.
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

export function formField(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Installs, in the dashboard's scope only, the form parser and the security headers.
 * `formTargets`: other origins a form may end up at (browsers hold a form's redirects to
 * `form-action` too: the checkout form's redirect to the payment page).
 */
export function installPageScope(scope: FastifyInstance, formTargets: readonly string[] = []): void {
  const headers = securityHeaders(formTargets);
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  scope.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

export interface Layout {
  title: string;
  /** The navigation: the customer's, the operator's, or none (log-in pages). */
  nav: 'customer' | 'admin' | 'none';
  /** The signed-in e-mail (customer) shown beside "Log out". */
  who?: string;
  csrf: string;
  active?: string;
}

const CUSTOMER_LINKS = [
  ['Overview', '/dashboard'],
  ['API keys', '/dashboard/keys'],
  ['Webhooks', '/dashboard/webhooks'],
  ['Usage', '/dashboard/usage'],
  ['Billing', '/dashboard/billing'],
  ['Prices', '/dashboard/prices'],
] as const;

const ADMIN_LINKS = [
  ['Activity', '/admin'],
  ['Accounts', '/admin/accounts'],
] as const;

/** `body` showing a refused form's problem (`problemNotice`) titles the page "Error: …", the first thing a screen reader reads of it. */
export function page(layout: Layout, body: Html): string {
  const links = layout.nav === 'customer' ? CUSTOMER_LINKS : layout.nav === 'admin' ? ADMIN_LINKS : [];
  const logout = layout.nav === 'none' ? '' : html`<form method="post" action="${layout.nav === 'admin' ? '/admin/logout' : '/dashboard/logout'}" class="logout">
      <input type="hidden" name="csrf" value="${layout.csrf}">${layout.who ? html`<span class="who">${layout.who}</span> ` : ''}<button type="submit">Log out</button></form>`;
  // A landmark without links would be announced, empty, on the log-in pages.
  const nav = links.length === 0 ? '' : html`<nav aria-label="Main">${links.map(([label, href]) => html`<a href="${href}"${layout.active === href ? html` aria-current="page"` : ''}>${label}</a>`)}</nav>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${body.reportsProblem ? 'Error: ' : ''}${layout.title} · Tollgate</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/app.css">
<script src="/dashboard/assets/app.js" defer></script>
</head>
<body>
<header>
  <span class="brand">Tollgate${layout.nav === 'admin' ? ' · operator' : ''}</span>
  ${nav}
  ${logout}
</header>
<main>
<h1>${layout.title}</h1>
${body}
</main>
</body>
</html>
`.text;
}

/** A form's CSRF field. */
export function csrfField(token: string): Html {
  return html`<input type="hidden" name="csrf" value="${token}">`;
}

/**
 * Server-side notices about a state: a problem (role=alert) or a plain message. A refused form's
 * problem is a `problemNotice`.
 */
export function notice(text: string | undefined, kind: 'error' | 'info' = 'error'): Html {
  if (!text) return html``;
  return kind === 'error' ? html`<p class="notice error" role="alert">${text}</p>` : html`<p class="notice info" role="status">${text}</p>`;
}

/**
 * Why a form was refused: `message` starts with the name of the field at fault (as its label
 * says it), `field` is that field's name; neither when no one field is at fault.
 */
export interface FormProblem {
  message: string;
  field?: string;
}

const PROBLEM_ID = 'form-problem';

/** A refused form's problem, which the field at fault points to (`fieldAttributes`); the page is titled "Error: …". */
export function problemNotice(problem: FormProblem | undefined): Html {
  if (!problem) return html``;
  return new Html(html`<p class="notice error" id="${PROBLEM_ID}" role="alert">${problem.message}</p>`.text, true);
}

/**
 * A form field's attributes after `problem`: the field at fault is focused, invalid and described by
 * the problem, so that a screen reader reads the problem with it. `first`: the field focused when
 * no field is at fault.
 */
export function fieldAttributes(problem: FormProblem | undefined, name: string, first = false): Html {
  if (problem?.field === name) return html` autofocus aria-invalid="true" aria-describedby="${PROBLEM_ID}"`;
  return first && problem?.field === undefined ? html` autofocus` : html``;
}

/**
 * A table in a region of its own that scrolls sideways on a narrow screen, so the page itself never
 * does; focusable, so that it scrolls with the keyboard too.
 */
export function scrollingTable(label: string, table: Html): Html {
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="${label}">${table}</div>`;
}
