import { randomBytes } from 'node:crypto';

export interface PageResponse {
  status: number;
  headers: Headers;
  text: string;
  /** `Set-Cookie` lines of this response, whole (flags included). */
  setCookies: string[];
}

/**
 * A browser as far as the dashboard can tell: a cookie jar, forms posted url-encoded with the CSRF
 * field the page carries (the `tg_csrf` cookie's value), redirects not followed, and a client
 * address of its own (X-Forwarded-For from a trusted proxy, so the per-address limits of one test
 * never meet another's — also across runs sharing a Redis).
 */
export class PageClient {
  readonly cookies = new Map<string, string>();
  readonly address = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

  constructor(private readonly baseUrl: string) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.send('GET', path, undefined, headers);
  }

  /** `csrf`: the field's value; by default the jar's token (as the page would carry it), `false` to leave it out. */
  async post(path: string, form: Record<string, string>, options: { csrf?: string | false; headers?: Record<string, string> } = {}): Promise<PageResponse> {
    const csrf = options.csrf === undefined ? this.cookies.get('tg_csrf') : options.csrf;
    const body = new URLSearchParams({ ...form, ...(csrf === false || csrf === undefined ? {} : { csrf }) });
    return this.send('POST', path, body.toString(), { 'content-type': 'application/x-www-form-urlencoded', ...options.headers });
  }

  private async send(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<PageResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
    const response = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: { 'x-forwarded-for': this.address, ...(cookie ? { cookie } : {}), ...headers },
      body,
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...flags] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = decodeURIComponent(pair!.slice(separator + 1).trim());
      if (flags.some((flag) => flag.trim() === 'Max-Age=0')) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, headers: response.headers, text: await response.text(), setCookies };
  }
}

/** The captured links a test mailer was asked to send. */
export interface SentLink {
  accountId: string;
  to: string;
  purpose: 'verify' | 'reset' | 'taken';
  link: string;
}

export function capturingMailer(delivers: boolean): { mailer: { delivers: boolean; send(message: SentLink): Promise<void> }; sent: SentLink[] } {
  const sent: SentLink[] = [];
  return { sent, mailer: { delivers, send: async (message) => void sent.push(message) } };
}

/** A fresh address no other test (or run) uses. */
export function uniqueEmail(domain = 'example.com'): string {
  return `user-${randomBytes(6).toString('hex')}@${domain}`;
}

export const GOOD_PASSWORD = 'plum tiger accordion 42';
