import { isIPv6 } from 'node:net';

/**
 * What a client address is counted under: an IPv4 address as it is (also when a dual-stack
 * socket reports it IPv4-mapped, `::ffff:192.0.2.7`), an IPv6 address by its /64 — the block one
 * subscriber is given, whose other 2^64 addresses would otherwise each start a fresh count.
 */
export function clientAddressKey(address: string): string {
  const withoutZone = address.split('%')[0]!;
  if (!isIPv6(withoutZone)) return withoutZone;
  const groups = ipv6Groups(withoutZone);
  const isIpv4Mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isIpv4Mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  // A dotted IPv4 tail (`::ffff:192.0.2.7`, `64:ff9b::192.0.2.7`) stands for the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
}
