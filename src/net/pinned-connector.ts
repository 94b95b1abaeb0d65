import { isIP, type Socket } from 'node:net';
import { buildConnector } from 'undici';
import type { AddressPolicy } from './address-policy';
import { connectionFailure, DestinationRefused } from './errors';
import { addressesWithoutDns, type ResolvedAddress, type Resolver } from './resolver';
import { parseFetchTarget, portRefusal } from './target-url';

/**
 * Every address of `host`, each checked; refused as a whole when any one is not public (a name
 * that also points inward is not trusted with the outward address either).
 */
export async function checkedAddresses(host: string, resolver: Resolver, policy: AddressPolicy): Promise<ResolvedAddress[]> {
  const addresses = await resolver.lookup(host);
  const reason = refusalOf(host, addresses, policy);
  if (reason !== undefined) throw new DestinationRefused(reason);
  return addresses;
}

/**
 * Why a URL is refused as a destination, as far as can be told without DNS (its scheme, an address
 * in it, a localhost name): for a check made before any work, such as a URL a job will call later.
 * Undefined when nothing refuses it yet: a name's addresses are still checked when it is connected to.
 */
export function refusalWithoutDns(url: string, policy: AddressPolicy): string | undefined {
  let host: string;
  try {
    host = parseFetchTarget(url).host;
  } catch (error) {
    if (error instanceof DestinationRefused) return error.reason;
    throw error;
  }
  const addresses = addressesWithoutDns(host);
  return addresses && refusalOf(host, addresses, policy);
}

/**
 * Refuses, with a 400 naming `field`, a URL that Tollgate or a vendor will fetch later and the
 * fetcher never would (a non-public address, a localhost name): a media job's webhook and
 * references, a chat message's image. A name is not resolved now (its addresses may change): it is
 * checked, address by address, when it is fetched.
 */
export function refuseDestinationWithoutDns(url: string, policy: AddressPolicy, field: string): void {
  const reason = refusalWithoutDns(url, policy);
  if (reason !== undefined) throw new DestinationRefused(reason, { field });
}

function refusalOf(host: string, addresses: readonly ResolvedAddress[], policy: AddressPolicy): string | undefined {
  for (const { address } of addresses) {
    const reason = policy.refusal(address);
    if (reason !== undefined) return isIP(host) ? reason : `${host} resolves to a ${reason} address`;
  }
  return undefined;
}

/** Throws when the socket ended up somewhere the policy refuses (whatever the resolution said). */
export function checkConnectedSocket(socket: Socket, policy: AddressPolicy): void {
  const remote = socket.remoteAddress;
  const reason = remote === undefined ? 'no remote address' : policy.refusal(remote);
  if (reason !== undefined) {
    socket.destroy();
    throw new DestinationRefused(`connected to a ${reason} address`);
  }
}

/**
 * An undici connector that resolves the host itself, checks every address, connects to the first
 * one (pinned: the HTTP client never resolves the name again, so DNS rebinding has nothing to
 * rebind), keeps the name for TLS (SNI, certificate check), and checks the connected socket's
 * address once more before any byte of the request is sent.
 */
export function pinnedConnector(options: { resolver: Resolver; policy: AddressPolicy; connectTimeoutMs: number; ca?: string | Buffer }): buildConnector.connector {
  const connect = buildConnector({ timeout: options.connectTimeoutMs, autoSelectFamily: false, ...(options.ca !== undefined ? { ca: options.ca } : {}) });
  return (target, callback) => {
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    // Clients other than the fetcher (RDAP's) connect where third parties send them: the port is checked here too.
    const refusedPort = portRefusal(Number(target.port || (target.protocol === 'https:' ? 443 : 80)));
    if (refusedPort !== undefined) return callback(new DestinationRefused(refusedPort), null);
    checkedAddresses(host, options.resolver, options.policy).then(
      (addresses) => {
        const pinned = addresses[0]!.address;
        const servername = target.servername ?? (isIP(host) ? undefined : host);
        connect({ ...target, hostname: pinned, servername }, (error, socket) => {
          if (error) return callback(connectionFailure(error, `${error.message} (${pinned})`), null);
          try {
            checkConnectedSocket(socket!, options.policy);
          } catch (refused) {
            return callback(refused as Error, null);
          }
          callback(null, socket!);
        });
      },
      (error: Error) => callback(error, null),
    );
  };
}
