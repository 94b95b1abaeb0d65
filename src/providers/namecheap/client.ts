import type { CallOptions } from '../providers';
import { withRetries } from '../http/retry';
import { readUpstream, upstreamRequest } from '../http/upstream-request';
import { UpstreamError } from '../../core/errors';
import { apiFailure, httpFailure, VENDOR } from './errors';
import { ApiResponse, parseXml, vendorErrors } from './wire';

export interface NamecheapSettings {
  apiUser: string;
  apiKey: string;
  /** The account the call acts for (usually the API user). */
  username: string;
  /** The IPv4 address the vendor has whitelisted for this key: it must be sent with every call. */
  clientIp: string;
  /** `https://api.namecheap.com/xml.response` in production (its sandbox, or a fake in tests). */
  baseUrl: string;
  /** The most one of our calls may spend on the vendor, retries included. */
  timeoutMs: number;
}

/** `Command` → its own parameters. */
export interface NamecheapCall {
  command: 'namecheap.domains.check';
  parameters: Record<string, string>;
}

/**
 * The XML API: one GET with the global parameters (user, key, user name, client address) and the
 * command's own, answered in XML with HTTP 200 whether or not the command succeeded. The key
 * travels in the query string, as the vendor requires; the shared client logs paths only.
 */
export class NamecheapClient {
  constructor(private readonly settings: NamecheapSettings) {}

  /** The command's `<ApiResponse>`, parsed; an API-level error is a 502 (./errors.ts). */
  async call(call: NamecheapCall, options: CallOptions): Promise<ApiResponse> {
    const query = new URLSearchParams({
      ApiUser: this.settings.apiUser,
      ApiKey: this.settings.apiKey,
      UserName: this.settings.username,
      ClientIp: this.settings.clientIp,
      Command: call.command,
      ...call.parameters,
    });
    // A check only reads, so transient failures are tried again under the shared policy.
    const answer = await withRetries({ signal: options.signal, budgetMs: this.settings.timeoutMs, idempotent: true }, (timeoutMs) =>
      upstreamRequest({
        vendor: VENDOR,
        method: 'GET',
        url: `${this.settings.baseUrl}?${query}`,
        headers: { accept: 'application/xml, text/xml' },
        responseType: 'text',
        timeoutMs,
        signal: options.signal,
      }),
    );
    if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer.status);
    let document: unknown;
    try {
      document = parseXml(typeof answer.body === 'string' ? answer.body : '');
    } catch {
      // Without the parser's error as cause: its message can quote the text it stopped at.
      throw new UpstreamError('The upstream data provider sent a malformed answer; try again shortly.', { detail: `${VENDOR}: the answer is not XML` });
    }
    const response = readUpstream(VENDOR, ApiResponse, document);
    if (response.ApiResponse.Status === 'ERROR') throw apiFailure(vendorErrors(response), answer.quote);
    return response;
  }
}
