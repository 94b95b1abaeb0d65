import type { DomainAvailability } from '../../schemas/domain-availability';
import type { CallOptions, ProviderFamily } from '../providers';

/** Domain registration: is a name free, and at what price. */
export interface RegistrarProvider extends ProviderFamily {
  /** One entry per domain, same order; a per-domain failure is that entry's `error`. */
  availability(domains: readonly string[], options: CallOptions): Promise<DomainAvailability[]>;
}
