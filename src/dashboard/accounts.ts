import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { DuplicateEmailError, type AccountOpening, type Ledger } from '../ledger/ledger';
import type { Micros } from '../core/money';
import { canonicalEmail, isDisposable, normalisedMailbox } from './mailbox';
import { DECOY_HASH, hashPassword, passwordProblem, verifyPassword } from './passwords';

/** A dashboard session lasts this long after log-in (it is not extended: log in again). */
export const SESSION_MS = 7 * 24 * 3_600_000;
/** Verification and reset links stay valid this long, and work once. */
const TOKEN_MS = { verify: 48 * 3_600_000, reset: 3_600_000 } as const;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionView {
  accountId: string;
  email: string;
  verified: boolean;
  /** The operator has suspended the account: its keys are refused (403 ACCOUNT_SUSPENDED). */
  suspended: boolean;
}

/** Where an unverified address stands. */
export interface VerificationState {
  /** When the newest link that went out and is still usable expires (ms); undefined when none is. */
  linkExpiresAt: number | undefined;
  /** Whether the sign-up credit would come with the verification: its mailbox was never credited. */
  creditAwaits: boolean;
}

/**
 * `taken`: the address already had an account (`accountId` is that one, `email` its address);
 * nothing was made. The sign-up page answers it as a new sign-up, so that it tells nobody which
 * addresses have accounts, and mails the owner a notice instead.
 */
export type SignUpResult =
  | { ok: true; taken: false; accountId: string; email: string; credited: boolean }
  | { ok: true; taken: true; accountId: string; email: string }
  | { ok: false; field: 'email' | 'password'; problem: string };

/** A completed reset: the keys it revoked (made before the address was verified); or what is wrong, with the link (`token`) or the new password. */
export type ResetResult = { ok: true; accountId: string; revokedKeyIds: string[] } | { ok: false; field: 'token' | 'password'; problem: string };

const RESET_LINK_INVALID = 'This reset link is not valid; ask for a new one.';
const RESET_LINK_SPENT = 'This reset link has expired or was used already; ask for a new one.';

/**
 * The dashboard's accounts: sign-up with the one-per-mailbox credit, log-in, sessions, and the
 * single-use tokens of e-mail verification and password reset. Tokens and session ids are random
 * 256-bit values of which only the SHA-256 is stored.
 */
export class DashboardAccounts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly options: { signupCreditMicros: Micros; clock: () => number },
  ) {}

  private now(): number {
    return this.options.clock();
  }

  /** `creditNow`: grant the sign-up credit at once (no SMTP: nobody can verify the address). */
  async signUp(rawEmail: string, password: string, creditNow: boolean): Promise<SignUpResult> {
    const email = canonicalEmail(rawEmail);
    if (!email) return { ok: false, field: 'email', problem: 'E-mail: enter a valid address, such as name@example.com.' };
    if (isDisposable(email)) return { ok: false, field: 'email', problem: 'E-mail: addresses of throw-away mail services cannot sign up; use a lasting address.' };
    const weak = passwordProblem(password, email);
    if (weak) return { ok: false, field: 'password', problem: weak };
    const passwordHash = await hashPassword(password);
    const mailbox = normalisedMailbox(email);
    const creditMicros = creditNow ? this.options.signupCreditMicros : 0;
    let credited = false;
    // The account, its password, the mailbox's claim and the credit are one transaction: a credit
    // refused leaves no account behind whose address a retry would find taken.
    const opening: AccountOpening = async (trx, accountId) => {
      await trx.insertInto('credentials').values({ account_id: accountId, email, mailbox, password_hash: passwordHash, verified_at: null, created_at: new Date(this.now()).toISOString() }).execute();
      credited = creditMicros > 0 && (await this.claimMailbox(trx, mailbox, accountId));
      return credited ? creditMicros : 0;
    };
    try {
      const account = await this.ledger.createAccount(email, opening, `signup_credit_${randomBytes(9).toString('base64url')}`);
      return { ok: true, taken: false, accountId: account.id, email, credited };
    } catch (error) {
      if (!(error instanceof DuplicateEmailError)) throw error;
      const owner = await this.findByEmail(email);
      if (!owner) throw error;
      return { ok: true, taken: true, ...owner };
    }
  }

  /** Claims the mailbox's one sign-up credit for the account; false when it was claimed before. */
  private async claimMailbox(db: Kysely<Database>, mailbox: string, accountId: string): Promise<boolean> {
    const claimed = await db
      .insertInto('signup_credits')
      .values({ mailbox, account_id: accountId, granted_at: new Date(this.now()).toISOString() })
      .onConflict((conflict) => conflict.column('mailbox').doNothing())
      .executeTakeFirst();
    return Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** The account whose e-mail and password these are; always costs one scrypt, known e-mail or not. */
  async logIn(rawEmail: string, password: string): Promise<string | undefined> {
    const email = canonicalEmail(rawEmail) ?? '';
    const credential = await this.db.selectFrom('credentials').select(['account_id', 'password_hash']).where('email', '=', email).executeTakeFirst();
    const matches = await verifyPassword(password, credential?.password_hash ?? DECOY_HASH);
    return matches && credential ? credential.account_id : undefined;
  }

  /** A new session (log-in rotates: the caller ends the one the visitor had). The account's expired ones go. */
  async startSession(accountId: string): Promise<string> {
    const token = newToken();
    await this.ledger.exclusive(async () => {
      await this.db.deleteFrom('dashboard_sessions').where('account_id', '=', accountId).where('expires_at', '<=', this.now()).execute();
      await this.db.insertInto('dashboard_sessions').values({ token_hash: sha256(token), account_id: accountId, created_at: new Date(this.now()).toISOString(), expires_at: this.now() + SESSION_MS }).execute();
    });
    return token;
  }

  async session(token: string | undefined): Promise<SessionView | undefined> {
    if (!token || token.length > 100) return undefined;
    const row = await this.db
      .selectFrom('dashboard_sessions as session')
      .innerJoin('credentials', 'credentials.account_id', 'session.account_id')
      .innerJoin('accounts', 'accounts.id', 'session.account_id')
      .select(['session.account_id', 'session.expires_at', 'credentials.email', 'credentials.verified_at', 'accounts.suspended_at'])
      .where('session.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= this.now()) return undefined;
    return { accountId: row.account_id, email: row.email, verified: row.verified_at !== null, suspended: row.suspended_at !== null };
  }

  async endSession(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.ledger.exclusive(() => this.db.deleteFrom('dashboard_sessions').where('token_hash', '=', sha256(token)).execute());
  }

  /** A single-use link token for the account (`verify` or `reset`). The account's expired ones go. */
  async issueToken(accountId: string, purpose: 'verify' | 'reset'): Promise<string> {
    const token = newToken();
    await this.ledger.exclusive(async () => {
      await this.db.deleteFrom('dashboard_tokens').where('account_id', '=', accountId).where('expires_at', '<=', this.now()).execute();
      await this.db.insertInto('dashboard_tokens').values({ token_hash: sha256(token), account_id: accountId, purpose, expires_at: this.now() + TOKEN_MS[purpose], used_at: null }).execute();
    });
    return token;
  }

  /** Withdraws a link that never went out (its mail failed): nobody holds it, and it should not count as sent. */
  async discardToken(token: string): Promise<void> {
    await this.ledger.exclusive(() => this.db.deleteFrom('dashboard_tokens').where('token_hash', '=', sha256(token)).execute());
  }

  /**
   * The account's verification links and credit. A link whose mail failed is discarded
   * (`discardToken`), so an unused, unexpired one is a link that went out.
   */
  async verificationState(accountId: string): Promise<VerificationState> {
    const [link, claim] = await Promise.all([
      this.db
        .selectFrom('dashboard_tokens')
        .select((eb) => eb.fn.max('expires_at').as('expires_at'))
        .where('account_id', '=', accountId)
        .where('purpose', '=', 'verify')
        .where('used_at', 'is', null)
        .where('expires_at', '>', this.now())
        .executeTakeFirst(),
      this.db
        .selectFrom('credentials')
        .leftJoin('signup_credits', 'signup_credits.mailbox', 'credentials.mailbox')
        .select('signup_credits.account_id as claimed_by')
        .where('credentials.account_id', '=', accountId)
        .executeTakeFirst(),
    ]);
    const expiresAt = link?.expires_at === null || link?.expires_at === undefined ? undefined : Number(link.expires_at);
    return { linkExpiresAt: expiresAt, creditAwaits: this.options.signupCreditMicros > 0 && claim !== undefined && claim.claimed_by === null };
  }

  /**
   * The account a reset should go to: its id and e-mail, when the address has an account — also
   * one the operator created with the CLI, which has no password yet: the reset link gives it one.
   */
  async findByEmail(rawEmail: string): Promise<{ accountId: string; email: string } | undefined> {
    const email = canonicalEmail(rawEmail);
    if (!email) return undefined;
    const row = await this.db.selectFrom('accounts').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
    return row && { accountId: row.id, email: row.email };
  }

  /**
   * Spends a token on `db` (a transaction's, or the store's under the ledger's `exclusive`): its
   * account, once, while it has not expired.
   */
  private async useToken(db: Kysely<Database>, token: string, purpose: 'verify' | 'reset'): Promise<string | undefined> {
    if (token.length > 100) return undefined;
    const hash = sha256(token);
    const used = await db
      .updateTable('dashboard_tokens')
      .set({ used_at: new Date(this.now()).toISOString() })
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return undefined;
    const row = await db.selectFrom('dashboard_tokens').select('account_id').where('token_hash', '=', hash).executeTakeFirst();
    return row?.account_id;
  }

  /**
   * Marks the address verified; `credit`: the sign-up credit comes with it (SMTP mode), once per
   * normalised mailbox. The link's use, the address's verification and the mailbox's claim and
   * credit are one transaction: two accounts of one mailbox racing each other cannot both be
   * credited, and a failure leaves the link unused (followed again, it does it all), never a
   * mailbox claimed without its credit or a used link without its verification.
   */
  async verifyEmail(token: string, credit: boolean): Promise<string | undefined> {
    if (token.length > 100) return undefined;
    const link = await this.db.selectFrom('dashboard_tokens').select('account_id').where('token_hash', '=', sha256(token)).where('purpose', '=', 'verify').executeTakeFirst();
    if (!link) return undefined;
    const accountId = link.account_id;
    const creditMicros = credit ? this.options.signupCreditMicros : 0;
    let verified = false;
    await this.ledger.credit(
      accountId,
      async (trx) => {
        verified = (await this.useToken(trx, token, 'verify')) === accountId;
        return verified ? this.confirmAddress(trx, accountId, creditMicros) : 0;
      },
      `signup_credit_${accountId}`,
    );
    return verified ? accountId : undefined;
  }

  /**
   * Marks the account's address verified, in the caller's transaction, and claims its mailbox's
   * sign-up credit when `creditMicros` is given (SMTP mode) and this verified it: the amount to
   * credit, or 0.
   */
  private async confirmAddress(trx: Kysely<Database>, accountId: string, creditMicros: Micros): Promise<Micros> {
    const confirmed = await trx.updateTable('credentials').set({ verified_at: new Date(this.now()).toISOString() }).where('account_id', '=', accountId).where('verified_at', 'is', null).executeTakeFirst();
    if (Number(confirmed.numUpdatedRows) === 0 || creditMicros <= 0) return 0;
    const credential = await trx.selectFrom('credentials').select('mailbox').where('account_id', '=', accountId).executeTakeFirst();
    return credential && (await this.claimMailbox(trx, credential.mailbox, accountId)) ? creditMicros : 0;
  }

  /**
   * Sets a new password from a reset link; every session of the account ends. The link was mailed
   * to the address (or, without SMTP, passed on by the operator, like a verification link): using
   * it proves the address, so it verifies it too. A self-signed-up account's sign-up credit comes
   * with that as with the verification link (`credit`: SMTP mode); an account the operator created
   * gets its first password here, verified, and no credit (its credit came with the CLI). One
   * transaction, like `verifyEmail`.
   */
  async resetPassword(token: string, password: string, credit: boolean): Promise<ResetResult> {
    if (token.length > 100) return { ok: false, field: 'token', problem: RESET_LINK_INVALID };
    const pending = await this.db
      .selectFrom('dashboard_tokens')
      .innerJoin('accounts', 'accounts.id', 'dashboard_tokens.account_id')
      .select(['accounts.id', 'accounts.email'])
      .where('dashboard_tokens.token_hash', '=', sha256(token))
      .where('dashboard_tokens.purpose', '=', 'reset')
      .executeTakeFirst();
    if (!pending) return { ok: false, field: 'token', problem: RESET_LINK_INVALID };
    const weak = passwordProblem(password, pending.email);
    if (weak) return { ok: false, field: 'password', problem: weak };
    const passwordHash = await hashPassword(password);
    const accountId = pending.id;
    const creditMicros = credit ? this.options.signupCreditMicros : 0;
    let reset = false;
    let revokedKeyIds: string[] = [];
    await this.ledger.credit(
      accountId,
      async (trx) => {
        reset = (await this.useToken(trx, token, 'reset')) === accountId;
        if (!reset) return 0;
        await trx.deleteFrom('dashboard_sessions').where('account_id', '=', accountId).execute();
        await this.voidResetLinks(trx, accountId);
        revokedKeyIds = await this.revokeKeysMadeUnverified(trx, accountId);
        const updated = await trx.updateTable('credentials').set({ password_hash: passwordHash }).where('account_id', '=', accountId).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 1) return this.confirmAddress(trx, accountId, creditMicros);
        // An account the operator created: its first password, its address proven by this link.
        const now = new Date(this.now()).toISOString();
        await trx.insertInto('credentials').values({ account_id: accountId, email: pending.email, mailbox: normalisedMailbox(pending.email), password_hash: passwordHash, verified_at: now, created_at: now }).execute();
        return 0;
      },
      `signup_credit_${accountId}`,
    );
    return reset ? { ok: true, accountId, revokedKeyIds } : { ok: false, field: 'token', problem: RESET_LINK_SPENT };
  }

  /**
   * What is wrong with a reset link, checked without using it (when the page that asks for the new
   * password opens); undefined when it can set one.
   */
  async resetLinkProblem(token: string): Promise<string | undefined> {
    if (token.length > 100) return RESET_LINK_INVALID;
    const link = await this.db
      .selectFrom('dashboard_tokens')
      .select(['used_at', 'expires_at'])
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', 'reset')
      .executeTakeFirst();
    if (!link) return RESET_LINK_INVALID;
    return link.used_at !== null || Number(link.expires_at) <= this.now() ? RESET_LINK_SPENT : undefined;
  }

  /**
   * Voids every reset link of the account still out, in the caller's transaction: once the
   * password is set anew, an older link (in a mailbox someone else reads, say) must not set it again.
   */
  private async voidResetLinks(trx: Kysely<Database>, accountId: string): Promise<void> {
    await trx
      .updateTable('dashboard_tokens')
      .set({ used_at: new Date(this.now()).toISOString() })
      .where('account_id', '=', accountId)
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .execute();
  }

  /**
   * Revokes, in the caller's transaction, the active keys the customer made on the dashboard before
   * the address was verified (all of them while it is not): whoever signed up with an address they
   * do not read could have made them, and the reset proves who does. Only a self-signed-up account
   * has such keys; keys the operator issued with the CLI (no name) are trusted and stay. The ids
   * revoked, for the caller to announce once committed.
   */
  private async revokeKeysMadeUnverified(trx: Kysely<Database>, accountId: string): Promise<string[]> {
    const credential = await trx.selectFrom('credentials').select('verified_at').where('account_id', '=', accountId).executeTakeFirst();
    if (!credential) return [];
    let keys = trx.selectFrom('api_keys').select('id').where('account_id', '=', accountId).where('revoked_at', 'is', null).where('name', 'is not', null);
    if (credential.verified_at !== null) keys = keys.where('created_at', '<', credential.verified_at);
    const keyIds = (await keys.execute()).map((key) => key.id);
    if (keyIds.length === 0) return [];
    await trx.updateTable('api_keys').set({ revoked_at: new Date(this.now()).toISOString() }).where('id', 'in', keyIds).where('revoked_at', 'is', null).execute();
    return keyIds;
  }
}
