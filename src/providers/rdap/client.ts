import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { DestinationFailed, UpstreamError } from '../../core/errors';
import { DestinationRefused } from '../../net/errors';
import type { CallOptions } from '../providers';
import { withRetries } from '../http/retry';
import { readUpstream, upstreamRequest, type UpstreamAnswer } from '../http/upstream-request';
import { rdapFailure, REGISTRY, VENDOR } from './errors';

/** Registries send clients on to another server (RFC 7480 §5.2); more hops than this is a loop. */
const MOST_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * An RDAP path is the domain asked about (a host the caller chose, which can be a person's name)
 * and a failing server's body may echo it, or the registrant's contact data: a failure's log
 * detail names the server and the status, never either.
 */
const NOTHING_OF_THE_LOOKUP = { path: false, body: false } as const;

/**
 * The most of an RDAP answer read. A domain's record is a few kilobytes (tens with many notices);
 * the servers are whichever third parties name, so one answering megabytes is refused (502)
 * rather than buffered and parsed.
 */
export const RDAP_MAX_BODY_BYTES = 1_048_576;

export interface RdapAnswer extends UpstreamAnswer {
  /** Where the answer came from, after redirects. */
  url: string;
}

/**
 * GETs of RDAP URLs, through the shared upstream client; a lookup only reads, so transient
 * failures are tried again under the shared policy. The servers are the ones the bootstrap names
 * and those that third parties send the lookup on to (a registry's redirect, its link to the
 * registrar's record), for a domain the customer chose: so the connections are the fetch policy's
 * (`agent`: only to public addresses, or those TOLLGATE_FETCH_ALLOWED_NETWORKS allows, each
 * connected to the address it was checked at). A server sending the lookup elsewhere fails it, as
 * a 502. What a lookup costs the operator: ./costs.ts.
 */
export class RdapClient {
  constructor(
    private readonly timeoutMs: number,
    private readonly agent?: Dispatcher,
  ) {}

  async get(url: string, options: CallOptions): Promise<RdapAnswer> {
    const started = Date.now();
    let current = url;
    for (let hop = 0; ; hop += 1) {
      const answer = await withRetries({ signal: options.signal, budgetMs: Math.max(1, this.timeoutMs - (Date.now() - started)), idempotent: true }, (timeoutMs) =>
        upstreamRequest({
          vendor: VENDOR,
          method: 'GET',
          url: current,
          headers: { accept: 'application/rdap+json, application/json;q=0.9' },
          timeoutMs,
          signal: options.signal,
          ...(this.agent ? { dispatcher: this.agent } : {}),
          loggable: NOTHING_OF_THE_LOOKUP,
          maxBodyBytes: RDAP_MAX_BODY_BYTES,
        }).catch((error: unknown) => {
          throw refusedDestination(error, current) ?? unreachableServer(error, current) ?? error;
        }),
      );
      if (!REDIRECT_STATUSES.has(answer.status)) return { ...answer, url: current };
      const location = answer.headers.location;
      const next = typeof location === 'string' ? safeUrl(location, current) : undefined;
      if (next === undefined || hop >= MOST_REDIRECTS) throw rdapFailure(answer, hostOf(current));
      current = next;
    }
  }
}

/** A lookup sent to an address the fetch policy refuses, as the registry failing (never retried). */
function refusedDestination(error: unknown, url: string): UpstreamError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DestinationRefused) {
      return new UpstreamError(`${REGISTRY} sent the lookup to an address Tollgate does not connect to; try again later.`, {
        cause,
        detail: `${VENDOR} GET ${hostOf(url)}: destination refused (${cause.reason})`,
      });
    }
  }
  return undefined;
}

/**
 * A registry's server that could not be reached (its name does not resolve, it refuses the
 * connection, its certificate is refused) as the registry failing: the fetch policy's failure
 * would read as the customer's domain failing, and be logged at info naming no server. Said with
 * the server (a registry's, never the domain asked about), logged at warn with the server and why.
 */
function unreachableServer(error: unknown, url: string): UpstreamError | undefined {
  if (!(error instanceof DestinationFailed)) return undefined;
  const server = hostOf(url);
  return new UpstreamError(`The registry's RDAP server (${server}) could not be reached; try again later.`, {
    cause: error,
    detail: `${VENDOR} GET ${server}: could not be reached (${error.message}${error.detail !== undefined ? `: ${error.detail}` : ''})`,
  });
}

/** A 200 answer's body in the expected shape; any other status is the server failing (502). */
export function readRdap<Schema extends z.ZodType>(answer: RdapAnswer, schema: Schema): z.output<Schema> {
  if (answer.status !== 200) throw rdapFailure(answer, hostOf(answer.url));
  if (answer.body === undefined) throw new UpstreamError(`${REGISTRY} sent an empty answer; try again later.`, { detail: `${VENDOR} GET ${hostOf(answer.url)}: HTTP 200 without a body` });
  return readUpstream(VENDOR, schema, answer.body);
}

/** An http(s) URL, resolved against the one that pointed to it; undefined for anything else. */
function safeUrl(reference: string, base: string): string | undefined {
  try {
    const url = new URL(reference, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The server of an RDAP URL, for the log: never its path, which names the domain asked about. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(unparsable URL)';
  }
}
