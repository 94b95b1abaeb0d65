import type { City } from '../places/cities';
import type { SeededRandom } from '../random';

/**
 * A landline in the city, E.164, that phone parsing finds valid. Where a country reserves numbers
 * for fiction they are used (North America's 555-01XX, London's 020 7946 0XXX, Sydney's 02 5550
 * XXXX), so no sandbox number rings anyone; elsewhere the digits are drawn.
 */
export function sandboxPhone(city: City, random: SeededRandom): string {
  const area = random.pick(city.areaCodes);
  const digits = (count: number) => Array.from({ length: count }, () => random.integer(0, 9)).join('');
  switch (city.country) {
    case 'US':
    case 'CA':
      return `+1${area}55501${digits(2)}`;
    case 'GB':
      return `+44${area}79460${digits(3)}`;
    case 'AU':
      return `+61${area}5550${digits(4)}`;
    default:
      return `+${city.callingCode}${area}${random.integer(2, 8)}${digits(LOCAL_DIGITS[city.country] ?? 7)}`;
  }
}

/** Digits after the area code and the first local digit, per country (national numbers of their usual length). */
const LOCAL_DIGITS: Readonly<Record<string, number>> = { MX: 7, FR: 7, DE: 7, ES: 6, NL: 6, PT: 6, JP: 7 };
