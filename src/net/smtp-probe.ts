import { randomBytes } from 'node:crypto';
import net, { type Socket } from 'node:net';
import type { SmtpProbeSettings } from '../config';
import type { MailboxProbe } from '../providers/families/smtp';
import type { AddressPolicy } from './address-policy';
import { DestinationRefused } from './errors';
import { checkConnectedSocket, checkedAddresses } from './pinned-connector';
import type { Resolver } from './resolver';

/** MX hosts tried, best priority first, while the ones before could not be reached. */
export const MAX_MX_HOSTS = 3;
/** A reply line longer than this, or a reply of more lines, is not a mail server's. */
const MAX_LINE_BYTES = 4_096;
const MAX_REPLY_LINES = 100;
const QUIT_GRACE_MS = 1_000;

export interface SmtpProber {
  readonly enabled: boolean;
  /**
   * What the domain's mail servers say about `email` (see MailboxProbe). Each MX host is resolved
   * and checked against the address policy; one that points inward is skipped, and when all do,
   * DestinationRefused is thrown before any connection. An abort of `signal` rejects with its reason.
   */
  probe(request: { email: string; mxHosts: string[] }, signal: AbortSignal): Promise<MailboxProbe>;
}

/** A mail server whose addresses Tollgate will not connect to: 400 naming the address's field. */
export class MailServerRefused extends DestinationRefused {
  constructor(
    readonly host: string,
    reason: string,
    field = 'email',
  ) {
    super(reason, { field });
    this.name = 'MailServerRefused';
    // The policy's reason names the host when it was a name ("mx.example resolves to a loopback address").
    const what = reason.startsWith(host) ? reason : `${host} is a ${reason} address`;
    this.message = `${field}: the domain's mail server ${what}; Tollgate connects only to public addresses`;
  }
}

const NO_SERVER: MailboxProbe = { smtpServer: false, exists: null, acceptAll: null, greylisted: false, blocked: false };

export function createSmtpProber(options: { resolver: Resolver; policy: AddressPolicy; settings: SmtpProbeSettings }): SmtpProber {
  const { resolver, policy, settings } = options;
  return {
    enabled: settings.enabled,
    async probe(request, signal) {
      // The address goes into a command line: a CR, LF or bracket would end or split it.
      if (/[\r\n<>\s]/.test(request.email) || !request.email.includes('@')) throw new Error('smtp probe: not a normalised address');
      const domain = request.email.slice(request.email.lastIndexOf('@') + 1);
      const hosts = request.mxHosts.slice(0, MAX_MX_HOSTS);
      let refused: MailServerRefused | undefined;
      let notRefused = 0;
      for (const host of hosts.map((name) => name.replace(/\.$/, ''))) {
        signal.throwIfAborted();
        let address: string;
        try {
          address = (await checkedAddresses(host, resolver, policy))[0]!.address;
        } catch (error) {
          if (error instanceof DestinationRefused) refused ??= new MailServerRefused(host, error.reason);
          else notRefused += 1; // A name that does not resolve is a server that cannot be reached.
          continue;
        }
        notRefused += 1;
        const answer = await converse({ address, policy, settings, email: request.email, domain, signal });
        if (answer !== undefined) return answer;
      }
      signal.throwIfAborted();
      if (refused !== undefined && notRefused === 0) throw refused;
      return NO_SERVER;
    },
  };
}

interface Reply {
  code: number;
  /** The lines' texts joined with a space. */
  text: string;
}

/** RFC 3463's class.subject from an enhanced status code at the start of the reply text (`5.1.1`). */
function enhancedSubject(reply: Reply): string | undefined {
  return /^([245])\.(\d{1,3})\.\d{1,3}\b/.exec(reply.text)?.slice(1, 3).join('.');
}

/** Wording that servers use when they refuse the sender or its address, not the mailbox. */
const BLOCK_WORDING = /block|black ?list|deny ?list|spamhaus|spamcop|reputation|banned|\bpolicy\b|\brbl\b|dnsbl|client host|your ip|ip address|not allowed to send/i;

/**
 * A permanent refusal of the address (5xx) tells the mailbox does not exist, unless it was the
 * server refusing us: an enhanced code of class 5.7 (security or policy), or block-list wording,
 * and never for class 5.1 (addressing: the mailbox's own status).
 */
function isBlock(reply: Reply): boolean {
  const subject = enhancedSubject(reply);
  if (subject === '5.1') return false;
  return subject === '5.7' || BLOCK_WORDING.test(reply.text);
}

const isPositive = (reply: Reply) => reply.code >= 200 && reply.code < 300;
const isTemporary = (reply: Reply) => reply.code >= 400 && reply.code < 500;

/**
 * One conversation with one mail server: greeting, EHLO (HELO if refused), MAIL FROM, RCPT TO the
 * address, RCPT TO a random address at the same domain when the first was accepted, QUIT. Never
 * DATA. undefined: no mail server answered there (refused, reset, silent until the time limit),
 * so the next MX host may be tried.
 */
async function converse(options: { address: string; policy: AddressPolicy; settings: SmtpProbeSettings; email: string; domain: string; signal: AbortSignal }): Promise<MailboxProbe | undefined> {
  const { settings, signal } = options;
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const session = new SmtpSession(AbortSignal.any([signal, timeout]));
  let greeted = false;
  try {
    await session.connect(options.address, settings.port, options.policy);
    const greeting = await session.reply();
    greeted = true;
    if (!isPositive(greeting)) return refusedConversation(greeting);
    let hello = await session.command(`EHLO ${settings.heloName}`);
    if (!isPositive(hello) && !isTemporary(hello)) hello = await session.command(`HELO ${settings.heloName}`);
    if (!isPositive(hello)) return refusedConversation(hello);
    const international = /[^\x00-\x7f]/.test(options.email);
    // An address with a non-ASCII local part can only be named to a server that says SMTPUTF8.
    if (international && !/\bSMTPUTF8\b/i.test(hello.text)) return { ...NO_SERVER, smtpServer: true };
    const mail = await session.command(`MAIL FROM:<${settings.mailFrom}>${international ? ' SMTPUTF8' : ''}`);
    if (!isPositive(mail)) return refusedConversation(mail);

    const recipient = await session.command(`RCPT TO:<${options.email}>`);
    if (isTemporary(recipient)) return { ...NO_SERVER, smtpServer: true, greylisted: true };
    if (!isPositive(recipient)) return isBlock(recipient) ? { ...NO_SERVER, smtpServer: true, blocked: true } : { ...NO_SERVER, smtpServer: true, exists: false, acceptAll: false };

    const random = await session.command(`RCPT TO:<${randomMailboxName()}@${options.domain}>`);
    const acceptAll = isPositive(random) ? true : isTemporary(random) || isBlock(random) ? null : false;
    return { smtpServer: true, exists: true, acceptAll, greylisted: false, blocked: false };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof DestinationRefused) throw error;
    // Cut off or silent: before the greeting no mail server answered; after it, the server
    // answered but its word on the address was never had.
    return greeted ? { ...NO_SERVER, smtpServer: true } : undefined;
  } finally {
    session.quit();
  }
}

/** The server refused the conversation itself (greeting, EHLO or MAIL): blocked, or busy for now. */
function refusedConversation(reply: Reply): MailboxProbe {
  return isTemporary(reply) ? { ...NO_SERVER, smtpServer: true, greylisted: true } : { ...NO_SERVER, smtpServer: true, blocked: true };
}

/** Sixteen random characters: a mailbox name no person has (the catch-all test's address). */
export function randomMailboxName(): string {
  return `x${randomBytes(8).toString('hex').slice(0, 15)}`;
}

/** An SMTP client connection read reply by reply (RFC 5321 §4.2: `250-…` lines continue, `250 …` ends). */
class SmtpSession {
  private socket: Socket | undefined;
  private buffer = '';
  private lines: string[] = [];
  private readonly replies: Reply[] = [];
  private waiting: { resolve(reply: Reply): void; reject(error: Error): void } | undefined;
  private failure: Error | undefined;

  constructor(private readonly signal: AbortSignal) {}

  async connect(address: string, port: number, policy: AddressPolicy): Promise<void> {
    this.signal.throwIfAborted();
    const socket = net.connect({ host: address, port });
    this.socket = socket;
    const onAbort = () => this.fail(new Error('aborted'));
    this.signal.addEventListener('abort', onAbort, { once: true });
    socket.once('close', () => {
      this.signal.removeEventListener('abort', onAbort);
      this.fail(new Error('the mail server closed the connection'));
    });
    socket.on('error', (error) => this.fail(error));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.receive(chunk));
    await new Promise<void>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      const onConnect = () => {
        socket.off('close', onClose);
        resolve();
      };
      const onClose = () => reject(this.failure ?? new Error('closed'));
      socket.once('connect', onConnect);
      socket.once('close', onClose);
    });
    checkConnectedSocket(socket, policy);
  }

  command(line: string): Promise<Reply> {
    this.socket?.write(`${line}\r\n`);
    return this.reply();
  }

  reply(): Promise<Reply> {
    const ready = this.replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /**
   * Says goodbye without waiting for the answer (nothing is left to learn): the server closes on
   * its 221, or the socket is let go a second later; it never holds the process open.
   */
  quit(): void {
    const socket = this.socket;
    if (socket === undefined || socket.destroyed) return;
    if (this.failure !== undefined) return void socket.destroy();
    socket.end('QUIT\r\n');
    socket.setTimeout(QUIT_GRACE_MS, () => socket.destroy());
    socket.unref();
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      const match = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (match === null) return this.fail(new Error('not an SMTP reply'));
      this.lines.push(match[3]!);
      if (this.lines.length > MAX_REPLY_LINES) return this.fail(new Error('an endless SMTP reply'));
      if (match[2] !== '-') {
        this.deliver({ code: Number(match[1]), text: this.lines.join(' ').trim() });
        this.lines = [];
      }
    }
    if (this.buffer.length > MAX_LINE_BYTES) this.fail(new Error('an endless SMTP line'));
  }

  private deliver(reply: Reply): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting.resolve(reply);
    else this.replies.push(reply);
  }

  private fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.socket?.destroy();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
