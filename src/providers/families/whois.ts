import { ApiError } from '../../core/errors';
import type { WhoisRecord } from '../../schemas/domain-analytics';
import type { DomainRegistration } from '../../schemas/domain-registration';
import type { CallOptions, ProviderFamily } from '../providers';

/** Registration data (WHOIS), from the registries' RDAP servers or the sandbox. */
export interface WhoisProvider extends ProviderFamily {
  /**
   * The registration record of the name registered that `domain` is or is under (www.acme.co.uk:
   * acme.co.uk, the record's `domain`); `registered: false` when its registry does not know it.
   * A domain under a TLD with no registration data service to ask is refused (`noRegistrationService`).
   */
  lookup(request: { domain: string }, options: CallOptions): Promise<DomainRegistration>;
}

/**
 * A 400 naming `domain`, before anything is asked: nobody publishes registration data for its TLD
 * (an unknown TLD, or a country-code registry without RDAP). Answering "not registered" instead
 * would be a guess presented as a fact.
 */
export function noRegistrationService(domain: string): ApiError {
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  return new ApiError('VALIDATION_ERROR', `domain: no registration data service is known for .${tld} (its registry publishes no RDAP service), so ${domain} cannot be looked up.`, { param: 'domain' });
}

/** The SEO endpoint's shorter record of the same registration. */
export function whoisRecordOf(registration: DomainRegistration): WhoisRecord {
  return {
    domain: registration.domain,
    registrar: registration.registrar?.name ?? null,
    createdDate: registration.createdDate,
    updatedDate: registration.updatedDate,
    expiryDate: registration.expiryDate,
    nameServers: registration.nameServers,
  };
}
