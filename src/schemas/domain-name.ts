import { domainToASCII } from 'node:url';
import { z } from 'zod';

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * A bare domain name (no protocol, path or port), lower-cased; internationalised names are
 * accepted and converted to their ASCII (punycode) form.
 */
export const DomainName = z
  .string()
  .trim()
  .min(1)
  .transform((value, context) => {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
      context.addIssue({ code: 'custom', message: `must be a bare domain without protocol, e.g. ${value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split('/')[0]}` });
      return z.NEVER;
    }
    if (/[/?#:@\\]/.test(value)) {
      // URL parsing would quietly drop what follows; a caller sending it meant something else.
      const host = value.split(/[/?#:@\\]/)[0]!;
      context.addIssue({ code: 'custom', message: `must be a bare domain without path, port or query, e.g. ${host.includes('.') ? host : 'example.com'}` });
      return z.NEVER;
    }
    const lower = value.toLowerCase();
    // A plain letters-digits-hyphens name is its own ASCII form; anything else goes through IDNA.
    const ascii = HOSTNAME.test(lower) && !lower.includes('xn--') ? lower : domainToASCII(lower);
    if (!HOSTNAME.test(ascii)) {
      context.addIssue({ code: 'custom', message: `'${value}' is not a valid domain name (expected something like example.com)` });
      return z.NEVER;
    }
    return ascii;
  })
  .meta({ description: 'A bare domain name (no protocol, path or port), e.g. example.com.', examples: ['example.com'] });
