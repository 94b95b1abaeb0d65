import ipaddr from 'ipaddr.js';
import { wholeNetworkRefusal } from './address-policy';

/**
 * Zones no public DNS delegates, which only a local network's resolver answers: special-use names
 * (RFC 6761: localhost, test, invalid; RFC 6762: local; RFC 7686: onion; RFC 8375: home.arpa;
 * RFC 9476: alt), ICANN's private-use TLD (internal: `ec2.internal`, `metadata.google.internal`),
 * and the TLDs ICANN will never delegate because private networks use them (corp, home, mail) or
 * that routers and service meshes use (lan, intranet, private, localdomain, consul). Asked of the
 * operator's resolvers, they would map the operator's network (`kubernetes.default.svc.cluster.local`).
 * `example` stays allowed: it is not a zone any private network holds.
 */
const INTERNAL_SUFFIXES = new Map<string, string>([
  ['localhost', 'the loopback name (RFC 6761)'],
  ['local', 'a multicast DNS name, answered on the local network only (RFC 6762)'],
  ['home.arpa', 'a home network name (RFC 8375)'],
  ['internal', 'a private-use name, answered inside private networks only'],
  ['test', 'a name reserved for testing (RFC 6761), answered inside private networks only'],
  ['invalid', 'a name reserved as invalid (RFC 6761)'],
  ['onion', 'a Tor onion name, not in DNS (RFC 7686)'],
  ['alt', 'a name outside DNS (RFC 9476)'],
  ...['corp', 'home', 'mail', 'lan', 'intranet', 'private', 'localdomain', 'consul'].map((suffix) => [suffix, 'a private network name, answered inside private networks only'] as [string, string]),
]);

/**
 * Why `name` is not looked up for a customer, or undefined: a name under a zone only private
 * networks answer, or the reverse-lookup name of a network that is not public (`1.0.0.127.in-addr.arpa`,
 * `10.in-addr.arpa`, `d.f.ip6.arpa`). `name` is lower-case ASCII without a trailing dot.
 */
export function internalNameRefusal(name: string): string | undefined {
  const labels = name.split('.');
  for (let start = 0; start < labels.length; start += 1) {
    const reason = INTERNAL_SUFFIXES.get(labels.slice(start).join('.'));
    if (reason !== undefined) return reason;
  }
  const network = reverseLookupNetwork(labels);
  const reason = network && wholeNetworkRefusal(network.base, network.prefixLength);
  return reason === undefined ? undefined : `the reverse-lookup name of addresses that are not public (${reason})`;
}

/**
 * The network a name under in-addr.arpa or ip6.arpa stands for: as many octets (or nibbles) as it
 * spells from the zone leftwards; labels further left (a 5th octet, RFC 2317's `0-25`) are within it.
 */
function reverseLookupNetwork(labels: string[]): { base: ipaddr.IPv4 | ipaddr.IPv6; prefixLength: number } | undefined {
  const zone = labels.slice(-2).join('.');
  if (zone !== 'in-addr.arpa' && zone !== 'ip6.arpa') return undefined;
  const ipv4 = zone === 'in-addr.arpa';
  const [pattern, bits, count] = ipv4 ? [/^(?:0|[1-9]\d{0,2})$/, 8, 4] : [/^[0-9a-f]$/, 4, 32];
  const parts: number[] = [];
  for (const label of labels.slice(0, -2).reverse()) {
    if (parts.length === count || !pattern.test(label) || (ipv4 && Number(label) > 255)) break;
    parts.push(ipv4 ? Number(label) : parseInt(label, 16));
  }
  const prefixLength = parts.length * bits;
  if (ipv4) return { base: new ipaddr.IPv4([...parts, 0, 0, 0, 0].slice(0, 4)), prefixLength };
  const nibbles = [...parts, ...new Array<number>(32).fill(0)].slice(0, 32);
  const bytes = Array.from({ length: 16 }, (_, index) => nibbles[2 * index]! * 16 + nibbles[2 * index + 1]!);
  return { base: new ipaddr.IPv6(bytes), prefixLength };
}
