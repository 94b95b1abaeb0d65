import fs from 'node:fs';
import { z } from 'zod';
import shipped from './bootstrap-dns.json' with { type: 'json' };

/**
 * The IANA RDAP bootstrap registry for domain names (RFC 9224, https://data.iana.org/rdap/dns.json):
 * which RDAP service answers for which TLD. A copy ships with Tollgate (./bootstrap-dns.json, its
 * `publication` date inside); TOLLGATE_RDAP_BOOTSTRAP replaces it with the operator's file (a newer
 * copy, a private registry, or a fake server in tests). The file is read once, at start.
 */
const BootstrapFile = z.object({
  publication: z.string().optional(),
  services: z.array(z.tuple([z.array(z.string().min(1)).min(1), z.array(z.url()).min(1)])),
});

export interface RdapBootstrap {
  /** When IANA published this copy (ISO 8601), if the file says. */
  publication: string | undefined;
  /** The base URL (ending in `/`) of the RDAP service for `domain`, or undefined when none is known. */
  baseUrlFor(domain: string): string | undefined;
}

export function parseRdapBootstrap(contents: unknown, source: string): RdapBootstrap {
  const parsed = BootstrapFile.safeParse(contents);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid RDAP bootstrap ${source} at ${issue.path.join('.') || 'the top'}: ${issue.message}`);
  }
  const bySuffix = new Map<string, string>();
  for (const [entries, urls] of parsed.data.services) {
    // RFC 9224 §3: any of the URLs will do; HTTPS is preferred where both are listed.
    const url = urls.find((candidate) => candidate.startsWith('https:')) ?? urls[0]!;
    for (const entry of entries) bySuffix.set(entry.toLowerCase().replace(/^\.|\.$/g, ''), url.endsWith('/') ? url : `${url}/`);
  }
  return {
    publication: parsed.data.publication,
    baseUrlFor(domain) {
      // The longest matching label sequence wins (an entry may be a second-level zone).
      const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
      for (let start = 1; start < labels.length; start += 1) {
        const url = bySuffix.get(labels.slice(start).join('.'));
        if (url !== undefined) return url;
      }
      return undefined;
    },
  };
}

/** The operator's bootstrap file when one is configured, else the copy shipped with Tollgate. */
export function loadRdapBootstrap(file: string | undefined): RdapBootstrap {
  if (file === undefined) return parseRdapBootstrap(shipped, 'src/providers/rdap/bootstrap-dns.json');
  let contents: unknown;
  try {
    contents = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the RDAP bootstrap ${file} (TOLLGATE_RDAP_BOOTSTRAP): ${(error as Error).message}`);
  }
  return parseRdapBootstrap(contents, file);
}
