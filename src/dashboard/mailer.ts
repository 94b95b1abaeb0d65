import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface LinkMessage {
  accountId: string;
  to: string;
  /** `taken`: someone signed up with the address of an existing account; the link is a reset link. */
  purpose: 'verify' | 'reset' | 'taken';
  link: string;
}

/** Sends the dashboard's links (verification, password reset). */
export interface Mailer {
  /** Whether messages really leave (SMTP): only then does a verified address mean anything. */
  readonly delivers: boolean;
  send(message: LinkMessage): Promise<void>;
}

const SUBJECTS = { verify: 'Confirm your e-mail address', reset: 'Reset your password', taken: 'Your Tollgate account: a sign-up with your address' } as const;
const BODIES = {
  verify: 'Confirm your address for your Tollgate account by opening this link (valid 48 hours):',
  reset: 'Someone asked to reset the password of your Tollgate account. If it was you, open this link (valid 1 hour, once):',
  taken:
    'Someone tried to sign up to Tollgate with this address, which already has an account; nothing was changed. If it was you, log in, or set a new password with this link (valid 1 hour, once):',
} as const;
const LOG_LABELS = { verify: 'e-mail verification', reset: 'password reset', taken: 'sign-up notice (password reset)' } as const;

/**
 * Without SMTP the operator is the post office: the link goes to the server log at info, with the
 * account id (never the address: logs hold no e-mail addresses in clear).
 */
export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    delivers: false,
    async send({ accountId, purpose, link }) {
      log.info({ accountId, purpose, link }, `dashboard: ${LOG_LABELS[purpose]} link (no TOLLGATE_SMTP_URL: pass it on to the account holder)`);
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send({ accountId, to, purpose, link }) {
      try {
        await transport.sendMail({ from, to, subject: SUBJECTS[purpose], text: `${BODIES[purpose]}\n\n${link}\n` });
      } catch (error) {
        log.error({ ...mailFailure(error), accountId, purpose }, 'dashboard: could not send mail');
        throw error;
      }
    },
  };
}

/** Anything shaped like an e-mail address (in an SMTP reply: `<jane@example.com>`). */
const ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g;

/**
 * What the log may say of a failed send. Not the error itself: nodemailer's names the recipient
 * (its `rejected` and `envelope`, and a refusing server's reply quoted in its message), and logs
 * hold no address in clear — the account id says whose it was. Addresses in the text are masked.
 */
export function mailFailure(error: unknown): { failure: string; code?: string; responseCode?: number; command?: string } {
  const { message, code, responseCode, command } = (error ?? {}) as { message?: unknown; code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    failure: String(message ?? error).replace(ADDRESS, '[address]'),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
    ...(typeof command === 'string' ? { command: command.replace(ADDRESS, '[address]') } : {}),
  };
}
