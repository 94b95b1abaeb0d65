import type { RegistrarProvider } from '../families/registrar';
import type { DomainAvailability } from '../../schemas/domain-availability';
import { NamecheapClient, type NamecheapSettings } from './client';
import { domainCheckError } from './errors';
import type { DomainCheckResult } from './wire';

export type { NamecheapSettings } from './client';

/** Domains per `namecheap.domains.check`: the vendor's limit, and our endpoint's. */
export const MOST_DOMAINS_PER_CHECK = 50;

/** One check result as our availability entry. */
function availabilityOf(domain: string, result: DomainCheckResult | undefined): DomainAvailability {
  const nothing = { domain, available: false, isPremium: false, premiumRegistrationPrice: 0, premiumRenewalPrice: 0, icannFee: 0, eapFee: 0 };
  if (result === undefined) return { ...nothing, error: 'could not be checked (the registrar did not answer for it)' };
  if (result.ErrorNo !== undefined && result.ErrorNo !== '' && result.ErrorNo !== '0') return { ...nothing, error: domainCheckError(result.ErrorNo) };
  const isPremium = result.IsPremiumName ?? false;
  return {
    domain,
    available: result.Available,
    isPremium,
    premiumRegistrationPrice: isPremium ? result.PremiumRegistrationPrice : 0,
    premiumRenewalPrice: isPremium ? result.PremiumRenewalPrice : 0,
    icannFee: result.IcannFee,
    eapFee: result.EapFee,
  };
}

/**
 * Namecheap's `namecheap.domains.check`: every domain of the call in one request (DomainList,
 * comma-separated), results matched back by name, in the caller's order.
 */
export function namecheapRegistrar(settings: NamecheapSettings): RegistrarProvider {
  return namecheapRegistrarOn(new NamecheapClient(settings));
}

/** The family on a given client (a recording one prices what each endpoint asks for: ./costs.ts). */
export function namecheapRegistrarOn(client: NamecheapClient): RegistrarProvider {
  return {
    name: 'namecheap',
    async availability(domains, options) {
      const results = new Map<string, DomainCheckResult>();
      for (let start = 0; start < domains.length; start += MOST_DOMAINS_PER_CHECK) {
        const batch = domains.slice(start, start + MOST_DOMAINS_PER_CHECK);
        const response = await client.call({ command: 'namecheap.domains.check', parameters: { DomainList: batch.join(',') } }, options);
        const command = response.ApiResponse.CommandResponse;
        for (const result of command === undefined || command === '' ? [] : (command.DomainCheckResult ?? [])) results.set(result.Domain.toLowerCase(), result);
      }
      return domains.map((domain) => availabilityOf(domain, results.get(domain.toLowerCase())));
    },
  };
}
