import type { RegistrarProvider } from '../families/registrar';
import type { DomainAvailability } from '../../schemas/domain-availability';
import { SeededRandom, roundTo } from './random';
import { isRegistered } from './domain-profile';
import { lookupTable } from '../../core/lookup-table';

/** TLDs the sandbox registrar sells, with its standard yearly price (used to size premium prices). */
const SUPPORTED_TLDS = lookupTable<number>({
  com: 10.28, net: 12.98, org: 10.98, io: 39.98, co: 11.98, ai: 79.98, dev: 12.98, app: 14.98, xyz: 2.98,
  info: 4.98, biz: 6.98, me: 8.98, tech: 6.98, store: 2.98, online: 1.98, site: 1.98, shop: 1.98, us: 6.98,
  uk: 7.98, de: 7.48, eu: 6.98, fr: 9.98, nl: 8.48, ca: 12.98, au: 14.98, in: 7.98,
});

/**
 * ICANN's yearly fee per registration, which registrars pass on: gTLDs only. Country-code TLDs
 * (two letters: .de, .io, .uk) are run by their countries' registries, outside ICANN's contracts.
 */
const ICANN_FEE = 0.2;

function icannFeeOf(tld: string): number {
  return tld.length === 2 ? 0 : ICANN_FEE;
}

function check(domain: string): DomainAvailability {
  const name = domain.toLowerCase();
  const labels = name.split('.');
  const tld = labels[labels.length - 1]!;
  const basePrice = SUPPORTED_TLDS[tld];
  const notSold = { domain, available: false, isPremium: false, premiumRegistrationPrice: 0, premiumRenewalPrice: 0, icannFee: 0, eapFee: 0 };
  if (basePrice === undefined) return { ...notSold, error: `unsupported TLD: .${tld}` };
  // Taken exactly when the sandbox gives the name a web presence: one fact for every endpoint.
  if (isRegistered(name)) return { ...notSold, icannFee: icannFeeOf(tld) };
  const label = labels[labels.length - 2] ?? '';
  const random = new SeededRandom(`registrar:${name}`);
  const isPremium = label.length <= 6 && random.chance(0.5);
  const premiumRegistrationPrice = isPremium ? roundTo(basePrice * random.between(20, 400), 2) : 0;
  return {
    domain,
    available: true,
    isPremium,
    premiumRegistrationPrice,
    premiumRenewalPrice: isPremium ? roundTo(basePrice * random.between(1, 3), 2) : 0,
    icannFee: icannFeeOf(tld),
    eapFee: 0,
  };
}

export const sandboxRegistrar: RegistrarProvider = {
  name: 'sandbox',
  async availability(domains) {
    return domains.map(check);
  },
};
