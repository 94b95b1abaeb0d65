import type { Dispatcher } from 'undici';
import { noRegistrationService, type WhoisProvider } from '../families/whois';
import type { CallOptions } from '../providers';
import { unregisteredDomain } from '../../schemas/domain-registration';
import { UpstreamError } from '../../core/errors';
import { registrableDomain } from '../../contacts/domain-lists';
import type { RdapBootstrap } from './bootstrap';
import { RdapClient, readRdap, type RdapAnswer } from './client';
import { registrationOf } from './registration';
import { RdapDomain } from './wire';

export { loadRdapBootstrap } from './bootstrap';

export interface RdapSettings {
  bootstrap: RdapBootstrap;
  /** The most one lookup may spend, redirects and retries included. */
  timeoutMs: number;
  /** Connections only to addresses the fetch policy allows (Net's `agent`). */
  agent: Dispatcher;
}

/**
 * Registration data from the registries' RDAP servers: the bootstrap names the server for the
 * TLD, `GET {base}domain/{name}` asks it about the registered name (a registry knows acme.com, not
 * www.acme.com), 404 means the registry does not know the name. Thin
 * registries (.com, .net) publish no registrant: their answer links (`rel: related`) to the
 * registrar's RDAP record, which is read too when it answers; when it does not, the registry's
 * record stands on its own.
 */
export function rdapWhois(settings: RdapSettings): WhoisProvider {
  return rdapWhoisOn(new RdapClient(settings.timeoutMs, settings.agent), settings.bootstrap);
}

/** The family on a given client (a recording one prices what each endpoint asks for: ./costs.ts). */
export function rdapWhoisOn(client: RdapClient, bootstrap: RdapBootstrap): WhoisProvider {
  return {
    name: 'rdap',
    async lookup(request, options) {
      const domain = registrableDomain(request.domain);
      const base = bootstrap.baseUrlFor(domain);
      if (base === undefined) throw noRegistrationService(domain);
      const answer = await client.get(`${base}domain/${domain}`, options);
      if (answer.status === 404) return unregisteredDomain(domain);
      const registry = readRdap(answer, RdapDomain);
      return registrationOf(domain, registry, await registrarRecord(client, answer, registry, options));
    },
  };
}

/** The registrar's record the registry links to, or undefined when there is none or it cannot be read. */
async function registrarRecord(client: RdapClient, answer: RdapAnswer, registry: RdapDomain, options: CallOptions): Promise<RdapDomain | undefined> {
  const link = registry.links?.find((candidate) =>
    candidate.rel === 'related' && (candidate.type === undefined || candidate.type.includes('rdap+json')) && /\/domain\/[^/]+$/i.test(candidate.href));
  if (!link) return undefined;
  let url: string;
  try {
    url = new URL(link.href, answer.url).href;
  } catch {
    return undefined;
  }
  if (url === answer.url || !/^https?:$/.test(new URL(url).protocol)) return undefined;
  try {
    const related = await client.get(url, options);
    const parsed = related.status === 200 ? RdapDomain.safeParse(related.body) : undefined;
    return parsed?.success ? parsed.data : undefined;
  } catch (error) {
    // The registry's record is the answer; the registrar's only adds to it.
    if (error instanceof UpstreamError) return undefined;
    throw error;
  }
}
