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
    const ascii = domainToASCII(value.toLowerCase());
    if (!HOSTNAME.test(ascii)) {
      context.addIssue({ code: 'custom', message: `'${value}' is not a valid domain name (expected something like example.com)` });
      return z.NEVER;
    }
    return ascii;
  })
  .meta({ description: 'A domain name without protocol, e.g. example.com.', examples: ['example.com'] });
