import { lookupTable } from '../core/lookup-table';

/**
 * Countries the SEO endpoints accept as `location` (ISO 3166-1 alpha-2, lower-case), with their
 * ISO numeric code. The SEO data vendor's country location codes are 2000 + that number
 * (us → 2840, gb → 2826, de → 2276), so one table serves validation and the adapters.
 */
const ISO_NUMERIC = lookupTable<number>({
  ae: 784, ar: 32, at: 40, au: 36, bd: 50, be: 56, bg: 100, br: 76, ca: 124, ch: 756, cl: 152, cn: 156,
  co: 170, cz: 203, de: 276, dk: 208, dz: 12, ec: 218, eg: 818, es: 724, fi: 246, fr: 250, gb: 826,
  gr: 300, hk: 344, hr: 191, hu: 348, id: 360, ie: 372, il: 376, in: 356, it: 380, jp: 392, ke: 404,
  kr: 410, kz: 398, lt: 440, lv: 428, ma: 504, mx: 484, my: 458, ng: 566, nl: 528, no: 578, nz: 554,
  pe: 604, ph: 608, pk: 586, pl: 616, pt: 620, ro: 642, rs: 688, ru: 643, sa: 682, se: 752, sg: 702,
  si: 705, sk: 703, th: 764, tr: 792, tw: 158, ua: 804, us: 840, ve: 862, vn: 704, za: 710,
});

export const supportedCountries: readonly string[] = Object.keys(ISO_NUMERIC);

export function isSupportedCountry(country: string): boolean {
  return Object.hasOwn(ISO_NUMERIC, country);
}

/** The SEO data vendor's location code for a supported country (`us` → 2840). */
export function locationCodeOfCountry(country: string): number {
  const numeric = ISO_NUMERIC[country];
  if (numeric === undefined) throw new Error(`unsupported country: ${country}`);
  return 2000 + numeric;
}
