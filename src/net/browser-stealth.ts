import type { BrowserContextOptions, Page } from 'playwright-core';

/**
 * What a visitor from each country looks like to a site: language preferences and a timezone of
 * the country's largest population centre. Stealth scrapes accept these countries only.
 */
const COUNTRY_PROFILES = {
  us: { locale: 'en-US', languages: ['en-US', 'en'], timezoneId: 'America/New_York' },
  ca: { locale: 'en-CA', languages: ['en-CA', 'en', 'fr-CA'], timezoneId: 'America/Toronto' },
  mx: { locale: 'es-MX', languages: ['es-MX', 'es', 'en'], timezoneId: 'America/Mexico_City' },
  br: { locale: 'pt-BR', languages: ['pt-BR', 'pt', 'en'], timezoneId: 'America/Sao_Paulo' },
  ar: { locale: 'es-AR', languages: ['es-AR', 'es', 'en'], timezoneId: 'America/Argentina/Buenos_Aires' },
  gb: { locale: 'en-GB', languages: ['en-GB', 'en'], timezoneId: 'Europe/London' },
  ie: { locale: 'en-IE', languages: ['en-IE', 'en'], timezoneId: 'Europe/Dublin' },
  de: { locale: 'de-DE', languages: ['de-DE', 'de', 'en'], timezoneId: 'Europe/Berlin' },
  at: { locale: 'de-AT', languages: ['de-AT', 'de', 'en'], timezoneId: 'Europe/Vienna' },
  ch: { locale: 'de-CH', languages: ['de-CH', 'de', 'fr', 'en'], timezoneId: 'Europe/Zurich' },
  fr: { locale: 'fr-FR', languages: ['fr-FR', 'fr', 'en'], timezoneId: 'Europe/Paris' },
  be: { locale: 'nl-BE', languages: ['nl-BE', 'nl', 'fr', 'en'], timezoneId: 'Europe/Brussels' },
  nl: { locale: 'nl-NL', languages: ['nl-NL', 'nl', 'en'], timezoneId: 'Europe/Amsterdam' },
  es: { locale: 'es-ES', languages: ['es-ES', 'es', 'en'], timezoneId: 'Europe/Madrid' },
  pt: { locale: 'pt-PT', languages: ['pt-PT', 'pt', 'en'], timezoneId: 'Europe/Lisbon' },
  it: { locale: 'it-IT', languages: ['it-IT', 'it', 'en'], timezoneId: 'Europe/Rome' },
  se: { locale: 'sv-SE', languages: ['sv-SE', 'sv', 'en'], timezoneId: 'Europe/Stockholm' },
  no: { locale: 'nb-NO', languages: ['nb-NO', 'nb', 'no', 'en'], timezoneId: 'Europe/Oslo' },
  dk: { locale: 'da-DK', languages: ['da-DK', 'da', 'en'], timezoneId: 'Europe/Copenhagen' },
  fi: { locale: 'fi-FI', languages: ['fi-FI', 'fi', 'en'], timezoneId: 'Europe/Helsinki' },
  pl: { locale: 'pl-PL', languages: ['pl-PL', 'pl', 'en'], timezoneId: 'Europe/Warsaw' },
  cz: { locale: 'cs-CZ', languages: ['cs-CZ', 'cs', 'en'], timezoneId: 'Europe/Prague' },
  ro: { locale: 'ro-RO', languages: ['ro-RO', 'ro', 'en'], timezoneId: 'Europe/Bucharest' },
  gr: { locale: 'el-GR', languages: ['el-GR', 'el', 'en'], timezoneId: 'Europe/Athens' },
  tr: { locale: 'tr-TR', languages: ['tr-TR', 'tr', 'en'], timezoneId: 'Europe/Istanbul' },
  ua: { locale: 'uk-UA', languages: ['uk-UA', 'uk', 'en'], timezoneId: 'Europe/Kyiv' },
  il: { locale: 'he-IL', languages: ['he-IL', 'he', 'en'], timezoneId: 'Asia/Jerusalem' },
  ae: { locale: 'ar-AE', languages: ['ar-AE', 'ar', 'en'], timezoneId: 'Asia/Dubai' },
  sa: { locale: 'ar-SA', languages: ['ar-SA', 'ar', 'en'], timezoneId: 'Asia/Riyadh' },
  eg: { locale: 'ar-EG', languages: ['ar-EG', 'ar', 'en'], timezoneId: 'Africa/Cairo' },
  za: { locale: 'en-ZA', languages: ['en-ZA', 'en'], timezoneId: 'Africa/Johannesburg' },
  ng: { locale: 'en-NG', languages: ['en-NG', 'en'], timezoneId: 'Africa/Lagos' },
  in: { locale: 'en-IN', languages: ['en-IN', 'en', 'hi'], timezoneId: 'Asia/Kolkata' },
  sg: { locale: 'en-SG', languages: ['en-SG', 'en', 'zh-SG'], timezoneId: 'Asia/Singapore' },
  id: { locale: 'id-ID', languages: ['id-ID', 'id', 'en'], timezoneId: 'Asia/Jakarta' },
  th: { locale: 'th-TH', languages: ['th-TH', 'th', 'en'], timezoneId: 'Asia/Bangkok' },
  vn: { locale: 'vi-VN', languages: ['vi-VN', 'vi', 'en'], timezoneId: 'Asia/Ho_Chi_Minh' },
  ph: { locale: 'en-PH', languages: ['en-PH', 'en', 'fil'], timezoneId: 'Asia/Manila' },
  jp: { locale: 'ja-JP', languages: ['ja-JP', 'ja', 'en'], timezoneId: 'Asia/Tokyo' },
  kr: { locale: 'ko-KR', languages: ['ko-KR', 'ko', 'en'], timezoneId: 'Asia/Seoul' },
  tw: { locale: 'zh-TW', languages: ['zh-TW', 'zh', 'en'], timezoneId: 'Asia/Taipei' },
  hk: { locale: 'zh-HK', languages: ['zh-HK', 'zh', 'en'], timezoneId: 'Asia/Hong_Kong' },
  au: { locale: 'en-AU', languages: ['en-AU', 'en'], timezoneId: 'Australia/Sydney' },
  nz: { locale: 'en-NZ', languages: ['en-NZ', 'en'], timezoneId: 'Pacific/Auckland' },
} as const;

export type StealthCountry = keyof typeof COUNTRY_PROFILES;
export const stealthCountries = Object.keys(COUNTRY_PROFILES) as StealthCountry[];

/** Context settings of a stealth visit from `country`: locale, timezone, a common desktop screen. */
export function stealthContextOptions(country: StealthCountry): BrowserContextOptions {
  const profile = COUNTRY_PROFILES[country];
  return { locale: profile.locale, timezoneId: profile.timezoneId, viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };
}

/**
 * `de-DE,de,en`: the preference list, as Chromium takes it; Chromium itself weights it in the
 * header it sends (`de-DE,de;q=0.9,en;q=0.8`) and exposes it as `navigator.languages`.
 */
export function acceptLanguageOf(country: StealthCountry): string {
  return COUNTRY_PROFILES[country].languages.join(',');
}

/**
 * Replaces headless Chromium's tell-tales on `page` with what the same Chromium shows when it is
 * not headless: a user agent without "HeadlessChrome" in Chrome's reduced form
 * (`Chrome/156.0.0.0`), the matching client hints (brands without HeadlessChrome, the full
 * version list, platform) both in `Sec-CH-UA*` headers and `navigator.userAgentData`, and the
 * country's Accept-Language (which `navigator.languages` follows). `navigator.webdriver` is false
 * through the pool's launch flags.
 */
export async function disguisePage(page: Page, country: StealthCountry, chromiumVersion: string): Promise<void> {
  const major = chromiumVersion.split('.')[0] ?? chromiumVersion;
  const grease = greasedBrand(Number(major));
  // Chromium places the greased brand by the same seed; with two brands, first on even versions.
  const brands = Number(major) % 2 === 0 ? [grease, { brand: 'Chromium', version: major }] : [{ brand: 'Chromium', version: major }, grease];
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setUserAgentOverride', {
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    acceptLanguage: acceptLanguageOf(country),
    platform: 'Linux x86_64',
    userAgentMetadata: {
      brands,
      fullVersionList: brands.map((entry) => (entry === grease ? { brand: grease.brand, version: `${grease.version}.0.0.0` } : { brand: 'Chromium', version: chromiumVersion })),
      fullVersion: chromiumVersion,
      platform: 'Linux',
      platformVersion: '',
      architecture: 'x86',
      model: '',
      mobile: false,
      bitness: '64',
      wow64: false,
    },
  });
  // Overrides last as long as the session that set them: it stays attached until the context closes.
}

const GREASE_CHARACTERS = [' ', '(', ':', '-', '.', '/', ')', ';', '=', '?', '_'];
const GREASE_VERSIONS = ['8', '99', '24'];

/**
 * The "GREASE" brand Chromium adds to its client hints so that sites do not parse them naively,
 * derived from the major version as Chromium derives it (120 → `Not_A Brand` v8, 124 →
 * `Not-A.Brand` v99): a brand list without it, or with another, would not be this version's.
 */
export function greasedBrand(major: number): { brand: string; version: string } {
  const at = (index: number) => GREASE_CHARACTERS[index % GREASE_CHARACTERS.length];
  return { brand: `Not${at(major)}A${at(major + 1)}Brand`, version: GREASE_VERSIONS[major % GREASE_VERSIONS.length] ?? '99' };
}
