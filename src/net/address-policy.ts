import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

export type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/**
 * Which IP addresses Tollgate may connect to on a customer's behalf. Everything that is not on the
 * public internet is refused, whatever form the address takes, unless the operator opened its
 * network (`TOLLGATE_FETCH_ALLOWED_NETWORKS`).
 */
export interface AddressPolicy {
  /** undefined when the address may be connected to; else a short reason ('loopback', 'private network', …). */
  refusal(address: string): string | undefined;
}

export interface AddressPolicyOptions {
  /** CIDR ranges (or single addresses) opened despite the rules below: intranets, tests. */
  allowedNetworks: readonly string[];
}

function ranges(reason: string, cidrs: string[]): Array<{ range: Range; reason: string }> {
  return cidrs.map((cidr) => ({ range: ipaddr.parseCIDR(cidr) as Range, reason }));
}

// Order matters: the first match gives the reason, so the narrow entries (metadata) come first.
const REFUSED_IPV4 = [
  ...ranges('cloud metadata', ['169.254.169.254/32', '100.100.100.200/32', '192.0.0.192/32']),
  ...ranges('this network', ['0.0.0.0/8']),
  ...ranges('loopback', ['127.0.0.0/8']),
  ...ranges('private network', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']),
  ...ranges('carrier-grade NAT', ['100.64.0.0/10']),
  ...ranges('link-local', ['169.254.0.0/16']),
  ...ranges('documentation range', ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24']),
  ...ranges('broadcast', ['255.255.255.255/32']),
  ...ranges('reserved', ['192.0.0.0/24', '192.88.99.0/24', '198.18.0.0/15', '240.0.0.0/4']),
  ...ranges('multicast', ['224.0.0.0/4']),
];

const REFUSED_IPV6 = [
  ...ranges('cloud metadata', ['fd00:ec2::254/128']),
  ...ranges('unspecified address', ['::/128']),
  ...ranges('loopback', ['::1/128']),
  ...ranges('private network', ['fc00::/7', 'fec0::/10', '64:ff9b:1::/48']),
  ...ranges('link-local', ['fe80::/10']),
  ...ranges('multicast', ['ff00::/8']),
  ...ranges('documentation range', ['2001:db8::/32', '3fff::/20']),
  ...ranges('reserved', ['2001:2::/48', '2001:10::/28', '2001:20::/28', '100::/64']),
];

/** IPv6 addresses outside global unicast (2000::/3) that still reach the public internet: NAT64. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96') as Range;
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as Range;
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as Range;
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16') as Range;
const TEREDO = ipaddr.parseCIDR('2001::/32') as Range;

function inRange(address: Address, range: Range): boolean {
  return address.kind() === range[0].kind() && address.match(range);
}

function ipv4From(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes.slice(0, 4));
}

/**
 * The IPv4 addresses an IPv6 address carries and that traffic to it ends up at: IPv4-mapped,
 * IPv4-compatible, NAT64 (RFC 6052 well-known prefix), 6to4 (bits 16–48) and Teredo (server in
 * bits 32–64, client in the last 32 bits, inverted).
 */
function embeddedIpv4(address: ipaddr.IPv6): Array<{ address: ipaddr.IPv4; form: string }> {
  const bytes = address.toByteArray();
  if (address.isIPv4MappedAddress()) return [{ address: address.toIPv4Address(), form: 'IPv4-mapped' }];
  if (inRange(address, NAT64_WELL_KNOWN)) return [{ address: ipv4From(bytes.slice(12)), form: 'NAT64' }];
  if (inRange(address, SIX_TO_FOUR)) return [{ address: ipv4From(bytes.slice(2)), form: '6to4' }];
  if (inRange(address, TEREDO)) {
    return [
      { address: ipv4From(bytes.slice(4)), form: 'Teredo' },
      { address: ipv4From(bytes.slice(12).map((byte) => byte ^ 0xff)), form: 'Teredo' },
    ];
  }
  // :: and ::1 are themselves, not IPv4-compatible forms of 0.0.0.0 and 0.0.0.1.
  if (inRange(address, IPV4_COMPATIBLE) && bytes.slice(12).some((byte, index) => index < 3 ? byte !== 0 : byte > 1)) {
    return [{ address: ipv4From(bytes.slice(12)), form: 'IPv4-compatible' }];
  }
  return [];
}

export function createAddressPolicy(options: AddressPolicyOptions): AddressPolicy {
  const allowed = options.allowedNetworks.map((network) => parseNetwork(network));
  const isAllowed = (address: Address) => allowed.some((range) => inRange(address, range));

  const refusalOf = (address: Address): string | undefined => {
    if (isAllowed(address)) return undefined;
    if (address.kind() === 'ipv4') return REFUSED_IPV4.find((entry) => inRange(address, entry.range))?.reason;
    const ipv6 = address as ipaddr.IPv6;
    const embedded = embeddedIpv4(ipv6);
    for (const inner of embedded) {
      const reason = refusalOf(inner.address);
      if (reason !== undefined) return `${reason} (${inner.form})`;
    }
    if (embedded.length > 0) {
      // IPv4-compatible addresses are deprecated (RFC 4291): no public host is reached through one.
      return inRange(ipv6, IPV4_COMPATIBLE) ? 'reserved (IPv4-compatible)' : undefined;
    }
    const refused = REFUSED_IPV6.find((entry) => inRange(ipv6, entry.range))?.reason;
    if (refused !== undefined) return refused;
    return inRange(ipv6, GLOBAL_UNICAST) ? undefined : 'reserved';
  };

  return {
    refusal(text) {
      const address = parseAddress(text);
      return address === undefined ? 'not an IP address' : refusalOf(address);
    },
  };
}

/**
 * A textual address as DNS answers and `URL.hostname` give it (dotted quad, or IPv6 with or
 * without brackets). The zone of a scoped IPv6 address is dropped: the range decides alone.
 */
export function parseAddress(text: string): Address | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!isIPv6(bare)) return undefined;
  // ipaddr.js reads `::127.0.0.1` as `::ffff:127.0.0.1`; the WHATWG serialisation (`::7f00:1`) is exact.
  return ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
}

/** Whether a string is an IP address literal (so no name needs resolving). */
export function isIpAddress(text: string): boolean {
  return parseAddress(text) !== undefined;
}

/** `10.0.0.0/8`, `fd00::/8`, or a single address (a /32 or /128). */
export function parseNetwork(network: string): Range {
  const trimmed = network.trim();
  if (trimmed.includes('/')) return ipaddr.parseCIDR(trimmed) as Range;
  const address = parseAddress(trimmed);
  if (address === undefined) throw new Error(`'${network}' is not an IP address or CIDR range`);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** The canonical text of an address (what gets connected to, once checked). */
export function canonicalAddress(text: string): string | undefined {
  return parseAddress(text)?.toString();
}

/** Where IPv6 forms carry an IPv4 address: the range, and the bit its IPv4 address starts at. */
const IPV4_CARRIERS: Array<{ range: Range; offset: number; form: string }> = [
  { range: ipaddr.parseCIDR('::ffff:0:0/96') as Range, offset: 96, form: 'IPv4-mapped' },
  { range: NAT64_WELL_KNOWN, offset: 96, form: 'NAT64' },
  { range: SIX_TO_FOUR, offset: 16, form: '6to4' },
  { range: TEREDO, offset: 32, form: 'Teredo' },
];

/**
 * Why every address of a network is refused (the reverse-lookup zone `10.in-addr.arpa` is
 * 10.0.0.0/8: private), by the fixed rules alone; undefined when any of it may be public
 * (`192.in-addr.arpa` holds 192.168/16 but is mostly public). Networks are aligned blocks, so one
 * lies wholly in a refused range or reaches past it.
 */
export function wholeNetworkRefusal(base: Address, prefixLength: number): string | undefined {
  const within = (range: Range) => inRange(base, range) && prefixLength >= range[1];
  if (base.kind() === 'ipv4') return REFUSED_IPV4.find((entry) => within(entry.range))?.reason;
  const bytes = base.toByteArray();
  for (const carrier of IPV4_CARRIERS) {
    if (!within(carrier.range)) continue;
    const inner = ipv4From(bytes.slice(carrier.offset / 8));
    const reason = wholeNetworkRefusal(inner, Math.min(32, Math.max(0, prefixLength - carrier.offset)));
    return reason === undefined ? undefined : `${reason} (${carrier.form})`;
  }
  const refused = REFUSED_IPV6.find((entry) => within(entry.range))?.reason;
  if (refused !== undefined) return refused;
  if (within(IPV4_COMPATIBLE)) return 'reserved (IPv4-compatible)';
  if (within(GLOBAL_UNICAST)) return undefined;
  // Outside global unicast, only the IPv4 carriers reach the internet: a network holding one is partly public.
  const holdsCarrier = IPV4_CARRIERS.some((carrier) => prefixLength <= carrier.range[1] && inRange(carrier.range[0], [base, prefixLength]));
  return holdsCarrier ? undefined : 'reserved';
}
