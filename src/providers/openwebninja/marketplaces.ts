import type { RetailCountry } from '../families/retail';

/**
 * Each marketplace the vendor serves, by our country code: its domain (what an answer's `domain`
 * is when the vendor leaves it out), its currency and the locale its prices are written in. The
 * vendor's `country` values are ours (its list is a superset: US … IE).
 */
interface Marketplace {
  domain: string;
  currency: string;
  locale: string;
}

export const MARKETPLACES: Record<RetailCountry, Marketplace> = {
  US: { domain: 'www.amazon.com', currency: 'USD', locale: 'en-US' },
  GB: { domain: 'www.amazon.co.uk', currency: 'GBP', locale: 'en-GB' },
  DE: { domain: 'www.amazon.de', currency: 'EUR', locale: 'de-DE' },
  FR: { domain: 'www.amazon.fr', currency: 'EUR', locale: 'fr-FR' },
  IT: { domain: 'www.amazon.it', currency: 'EUR', locale: 'it-IT' },
  ES: { domain: 'www.amazon.es', currency: 'EUR', locale: 'es-ES' },
  CA: { domain: 'www.amazon.ca', currency: 'CAD', locale: 'en-CA' },
  AU: { domain: 'www.amazon.com.au', currency: 'AUD', locale: 'en-AU' },
  IN: { domain: 'www.amazon.in', currency: 'INR', locale: 'en-IN' },
  JP: { domain: 'www.amazon.co.jp', currency: 'JPY', locale: 'ja-JP' },
  MX: { domain: 'www.amazon.com.mx', currency: 'MXN', locale: 'es-MX' },
  BR: { domain: 'www.amazon.com.br', currency: 'BRL', locale: 'pt-BR' },
  NL: { domain: 'www.amazon.nl', currency: 'EUR', locale: 'nl-NL' },
  SE: { domain: 'www.amazon.se', currency: 'SEK', locale: 'sv-SE' },
  PL: { domain: 'www.amazon.pl', currency: 'PLN', locale: 'pl-PL' },
  BE: { domain: 'www.amazon.com.be', currency: 'EUR', locale: 'fr-BE' },
  SG: { domain: 'www.amazon.sg', currency: 'SGD', locale: 'en-SG' },
  AE: { domain: 'www.amazon.ae', currency: 'AED', locale: 'en-AE' },
  SA: { domain: 'www.amazon.sa', currency: 'SAR', locale: 'en-SA' },
  TR: { domain: 'www.amazon.com.tr', currency: 'TRY', locale: 'tr-TR' },
  EG: { domain: 'www.amazon.eg', currency: 'EGP', locale: 'en-EG' },
  IE: { domain: 'www.amazon.ie', currency: 'EUR', locale: 'en-IE' },
};

const formats = new Map<string, Intl.NumberFormat>();

/** An amount as the marketplace displays prices ("$24.99", "24,99 €"), in `currency` or the marketplace's own. */
export function displayPrice(amount: number, country: RetailCountry, currency?: string | null): string {
  const marketplace = MARKETPLACES[country];
  const code = currency && /^[A-Z]{3}$/.test(currency) ? currency : marketplace.currency;
  const key = `${marketplace.locale}/${code}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(marketplace.locale, { style: 'currency', currency: code });
    formats.set(key, format);
  }
  return format.format(amount);
}

/**
 * The amount in a displayed price ("$1,234.56", "1.234,56 €", "¥1,980", "FREE" → 0), to order
 * offers by; undefined when the text holds no number. The decimal separator is the last `.` or
 * `,` followed by one or two digits and nothing more.
 */
export function amountOf(display: string | null): number | undefined {
  if (display === null) return undefined;
  if (/^\s*(free|gratis|gratuit|kostenlos)\b/i.test(display)) return 0;
  const digits = display.replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return undefined;
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/[.,]/g, '');
  return Number(`${whole || '0'}.${decimal?.[1] ?? '0'}`);
}
