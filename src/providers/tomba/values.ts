import { DEPARTMENTS, type Department, type EmailSource } from '../../schemas/contact';
import type { VendorSource } from './wire';

/**
 * Small readings of Tomba's values into ours, shared by the mappings: each answers null when the
 * vendor's value is missing or not one we can state.
 */

export function oneOf<Value extends string>(value: string | null, allowed: readonly Value[]): Value | null {
  const lower = value?.toLowerCase() ?? null;
  return allowed.find((candidate) => candidate === lower) ?? null;
}

export const department = (value: string | null): Department | null => oneOf(value, DEPARTMENTS);
export const seniority = (value: string | null) => oneOf(value, ['junior', 'senior', 'executive'] as const);
export const gender = (value: string | null) => oneOf(value, ['female', 'male'] as const);

/** ISO 3166-1 alpha-2, upper case; null for anything else (a country name, say). */
export function countryCode(value: string | null): string | null {
  return value !== null && /^[a-z]{2}$/i.test(value) ? value.toUpperCase() : null;
}

/** `https://www.Acme.example/about` or `acme.example` → `acme.example`. */
export function domainOf(value: string | null): string | null {
  if (value === null) return null;
  const host = value.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').split(/[/?#]/)[0]!.replace(/:\d+$/, '').replace(/^www\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** A 4-digit year (`"2010"`, `2010`); null otherwise. */
export function year(value: string | null): number | null {
  return value !== null && /^\d{4}$/.test(value) ? Number(value) : null;
}

/** A date as ISO 8601 in UTC with an explicit offset (`2021-02-08T19:09:54+00:00`); null when unreadable. */
export function isoWithOffset(value: string | null): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * Our records name the networks by neutral words, in field names and in the profile URLs alike
 * (`https://www.prof.com/in/<user>`, `https://micro.com/<handle>`, as every email endpoint takes and
 * answers them): the vendor's real hosts become these, and back when we send one (./index.ts).
 */
const NETWORKS = {
  prof: { ours: 'https://www.prof.com/', theirs: /^(?:[a-z]{2,3}\.)?linkedin\.com$/, person: 'in/', company: 'company/' },
  micro: { ours: 'https://micro.com/', theirs: /^(?:twitter|x)\.com$/, person: '', company: '' },
  network: { ours: 'https://network.com/', theirs: /^(?:facebook|fb)\.com$/, person: '', company: '' },
  code: { ours: 'https://code.com/', theirs: /^github\.com$/, person: '', company: '' },
  photos: { ours: 'https://photos.com/', theirs: /^instagram\.com$/, person: '', company: '' },
  video: { ours: 'https://video.com/', theirs: /^youtube\.com$/, person: '', company: '' },
} as const;
export type Network = keyof typeof NETWORKS;

/**
 * A profile URL in our form, from what the vendor sent: a URL on the network's own host moved to
 * the neutral one (path kept, query dropped), any other URL as it is (https), a bare handle
 * (`acme-widgets`, `@acme`, `in/jane-doe`) on the neutral address; null for nothing usable.
 */
export function profileUrl(kind: Network, value: string | null, owner: 'person' | 'company'): string | null {
  if (value === null) return null;
  const network = NETWORKS[kind];
  const url = /^https?:\/\//i.test(value) ? safeUrl(value) : /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+\/[^/\s]/i.test(value) ? safeUrl(`https://${value}`) : undefined;
  if (url !== undefined) {
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const path = url.pathname.replace(/^\/+|\/+$/g, '');
    if (!network.theirs.test(host)) return url.href.replace(/^http:/i, 'https:');
    return path === '' ? null : `${network.ours}${path}`;
  }
  if (/^https?:/i.test(value)) return null;
  const handle = value.replace(/^@/, '').replace(/^\/+|\/+$/g, '');
  if (handle === '' || /[\s?#]/.test(handle)) return null;
  if (kind === 'prof' && /^(in|company|pub|school)\//.test(handle)) return `${network.ours}${handle}`;
  return `${network.ours}${network[owner]}${handle}`;
}

/** Our professional-network URL (`https://www.prof.com/in/<user>`) on the network's own host, as the vendor takes it. */
export function vendorProfileUrl(ours: string): string {
  return ours.replace(/^https:\/\/www\.prof\.com\//, 'https://www.linkedin.com/');
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * The vendor's sources as ours: the site the page is on, first and last seen. A source without a
 * site or without either date is left out (the record requires them); a missing one of the two
 * dates is the other.
 */
export function sourcesOf(sources: readonly VendorSource[] | null | undefined): EmailSource[] {
  const mapped: EmailSource[] = [];
  for (const source of sources ?? []) {
    const domain = domainOf(source.website_url) ?? domainOf(source.uri);
    const firstSeen = isoWithOffset(source.extracted_on) ?? isoWithOffset(source.last_seen_on);
    const lastSeen = isoWithOffset(source.last_seen_on) ?? firstSeen;
    if (domain !== null && firstSeen !== null && lastSeen !== null) mapped.push({ domain, firstSeen, lastSeen });
  }
  return mapped;
}

/** 0–100, whole. */
export function score(value: number | null | undefined): number {
  return Math.min(100, Math.max(0, Math.round(value ?? 0)));
}
