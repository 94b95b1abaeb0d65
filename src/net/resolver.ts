import { Resolver as DnsResolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { canonicalAddress } from './address-policy';
import { FetchFailed, HostUnresolvable } from './errors';

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SOA', 'CAA', 'SRV'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** One record, in our shape (camelCase, one field set per type). */
export type DnsRecord =
  | { type: 'A' | 'AAAA'; address: string; ttl: number }
  | { type: 'CNAME'; target: string }
  | { type: 'MX'; exchange: string; priority: number }
  | { type: 'TXT'; text: string }
  | { type: 'NS'; host: string }
  | { type: 'SOA'; primaryNameServer: string; hostmaster: string; serial: number; refresh: number; retry: number; expire: number; minimumTtl: number }
  | { type: 'CAA'; critical: number; tag: string; value: string }
  | { type: 'SRV'; priority: number; weight: number; port: number; target: string };

/** NXDOMAIN: the name does not exist. NOERROR with no records: it exists, without records of that type. */
export interface DnsAnswer {
  status: 'NOERROR' | 'NXDOMAIN';
  records: DnsRecord[];
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface Resolver {
  /** Every address of `host` (IPv4 first), or the address itself when `host` is one. */
  lookup(host: string): Promise<ResolvedAddress[]>;
  /** The records of one type; a resolver that fails or does not answer is a FetchFailed (502). */
  query(name: string, type: DnsRecordType): Promise<DnsAnswer>;
}

export interface ResolverOptions {
  /** `host:port` (or `[v6]:port`, or a bare host for port 53); undefined: the system's resolvers. */
  servers: readonly string[] | undefined;
  /** How long a query may take, retries included. */
  timeoutMs: number;
}

/** The errors c-ares reports when the name exists but has no records of the type asked. */
const NO_DATA = new Set(['ENODATA']);
const NO_NAME = new Set(['ENOTFOUND']);

/**
 * `localhost` and every name under it are the loopback addresses, answered without asking DNS
 * (RFC 6761, section 6.3): what a public resolver says of them is irrelevant, and the servers
 * configured may not answer for them at all — the address policy then refuses them as loopback,
 * as it refuses 127.0.0.1, instead of the fetch failing as a name that does not resolve.
 */
const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The addresses `host` has without asking DNS: its own if it is an address, the loopback ones for a localhost name; undefined for any other name. */
export function addressesWithoutDns(host: string): ResolvedAddress[] | undefined {
  const literal = canonicalAddress(host);
  if (literal !== undefined) return [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }];
  if (isLocalhostName(host)) return LOOPBACK.map((address) => ({ ...address }));
  return undefined;
}

/**
 * Names resolved by Tollgate itself (never by the HTTP client), through the configured servers,
 * so that what gets checked is what gets connected to.
 */
export function createResolver(options: ResolverOptions): Resolver {
  const tries = 2;
  const resolver = new DnsResolver({ timeout: Math.max(1, Math.floor(options.timeoutMs / tries)), tries });
  if (options.servers !== undefined && options.servers.length > 0) resolver.setServers([...options.servers]);

  const records = async (name: string, type: DnsRecordType): Promise<DnsRecord[]> => {
    switch (type) {
      case 'A':
        return (await resolver.resolve4(name, { ttl: true })).map((record) => ({ type, address: record.address, ttl: record.ttl }));
      case 'AAAA':
        return (await resolver.resolve6(name, { ttl: true })).map((record) => ({ type, address: record.address, ttl: record.ttl }));
      case 'CNAME':
        return (await resolver.resolveCname(name)).map((target) => ({ type, target }));
      case 'MX':
        return (await resolver.resolveMx(name)).map((record) => ({ type, exchange: record.exchange, priority: record.priority }));
      case 'TXT':
        // A TXT record is a list of character strings; together they are one text.
        return (await resolver.resolveTxt(name)).map((chunks) => ({ type, text: chunks.join('') }));
      case 'NS':
        return (await resolver.resolveNs(name)).map((host) => ({ type, host }));
      case 'SOA': {
        const soa = await resolver.resolveSoa(name);
        return [{ type, primaryNameServer: soa.nsname, hostmaster: soa.hostmaster, serial: soa.serial, refresh: soa.refresh, retry: soa.retry, expire: soa.expire, minimumTtl: soa.minttl }];
      }
      case 'CAA':
        return (await resolver.resolveCaa(name)).map((record) => {
          const { critical, ...rest } = record as unknown as Record<string, unknown>;
          const [tag, value] = Object.entries(rest)[0] ?? ['', ''];
          return { type, critical: Number(critical ?? 0), tag, value: String(value) };
        });
      case 'SRV':
        return (await resolver.resolveSrv(name)).map((record) => ({ type, priority: record.priority, weight: record.weight, port: record.port, target: record.name }));
    }
  };

  return {
    async lookup(host) {
      const known = addressesWithoutDns(host);
      if (known) return known;
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
      const addresses: ResolvedAddress[] = [
        ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address: canonicalAddress(address) ?? address, family: 6 as const })) : []),
      ];
      if (addresses.length > 0) return addresses;
      const codes = [v4, v6].map((result) => (result.status === 'rejected' ? errorCode(result.reason) : 'ENODATA'));
      if (codes.every((code) => NO_DATA.has(code) || NO_NAME.has(code))) throw new HostUnresolvable();
      const failure = codes.find((code) => !NO_DATA.has(code) && !NO_NAME.has(code))!;
      throw new FetchFailed(`the host could not be resolved (${serverFailure(failure)})`, { detail: `DNS: ${codes.join(', ')}` });
    },

    async query(name, type) {
      try {
        return { status: 'NOERROR', records: await records(name, type) };
      } catch (error) {
        const code = errorCode(error);
        if (NO_NAME.has(code)) return { status: 'NXDOMAIN', records: [] };
        if (NO_DATA.has(code)) return { status: 'NOERROR', records: [] };
        throw new FetchFailed(serverFailure(code), { cause: error, detail: `DNS ${type}: ${code}` });
      }
    },
  };
}

/** c-ares's codes for servers that never answered: nothing came back in time, or nothing was listening. */
const SILENT = new Set(['ETIMEOUT', 'ECONNREFUSED']);

/**
 * What the DNS servers did, for a failure that is theirs (a 502): said they could not resolve
 * the name (SERVFAIL: its own name servers failing, or its DNSSEC broken), refused to (REFUSED:
 * a server that does not resolve for Tollgate), sent what cannot be read, or did not answer.
 */
function serverFailure(code: string): string {
  if (code === 'ESERVFAIL') return 'the DNS servers answered SERVFAIL: they could not resolve the name (its name servers may be failing, or its DNSSEC broken)';
  if (code === 'EREFUSED') return 'the DNS servers refused the query (REFUSED)';
  if (code === 'ENOTIMP') return 'the DNS servers do not support this query (NOTIMP)';
  if (code === 'EBADRESP' || code === 'EFORMERR') return 'the DNS servers sent an answer that could not be read';
  if (SILENT.has(code)) return 'the DNS servers did not answer';
  return 'the DNS lookup failed';
}

/**
 * Whether a lookup failed because the DNS servers answered SERVFAIL: the name's own servers
 * failing, or its DNSSEC broken — the state of that domain. Silence or REFUSED is more likely the
 * resolvers Tollgate asks (down, or not resolving for it), which is no answer about the domain.
 */
export function isServerFailure(error: unknown): boolean {
  return error instanceof FetchFailed && errorCode(error.cause) === 'ESERVFAIL';
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'UNKNOWN';
}
