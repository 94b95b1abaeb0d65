import { z } from 'zod';
import { registrableDomain } from '../../contacts/domain-lists';
import { EmailAddress } from '../../contacts/email-address';
import { DomainName } from '../../schemas/domain-name';
import { EXAMPLE_EMAIL, EXAMPLE_PROFILE } from './examples';

/** Request fields several email endpoints share, with the 400s they answer. */

export const EXAMPLE_DOMAIN = 'northwind.example';

export function emailField(description = 'The email address.') {
  return EmailAddress.meta({ description: `${description} Trimmed and lower-cased; internationalised domains are accepted and converted to ASCII.`, examples: [EXAMPLE_EMAIL] });
}

/** A domain taken as it is sent: a mail domain, a web site. */
export function domainField(description: string) {
  return DomainName.meta({ description: `${description} Internationalised names are accepted.`, examples: [EXAMPLE_DOMAIN] });
}

/**
 * A company's domain: a subdomain stands for the domain registered (`blog.acme.co.uk` →
 * `acme.co.uk`), as a company's data is kept under the name it registered, and the answers that
 * state the domain state that one.
 */
export function companyDomainField(description = 'The company\'s domain, without protocol or path.') {
  return DomainName.transform(registrableDomain).meta({
    description: `${description} Internationalised names are accepted; a subdomain is looked up as the domain registered (blog.acme.co.uk: acme.co.uk).`,
    examples: [EXAMPLE_DOMAIN],
  });
}

/** A person's first, last or full name as a finder takes it. */
export function nameField(description: string, example: string) {
  return z.string().trim().min(1).max(100).meta({ description, examples: [example] });
}

/** Where the data comes from, as every description of a data lookup says it. */
export const DATA_SOURCE =
  "From the contact-data provider: the configured vendor, or without one the sandbox's synthetic world of companies " +
  '(deterministic, coherent across the email endpoints, labelled `x-tollgate-provider: sandbox`).';

/** What a failure costs, as the descriptions say it. */
export const FAILURES = 'A request that breaks a rule is a 400 naming the field; a provider that fails is a 502; neither is charged.';

/** A company's name, where its domain is not known. */
export const CompanyName = z.string().trim().min(1).max(200).meta({ description: "The company's name, when its domain is not known (the domain is looked up from it).", examples: ['Northwind'] });

/**
 * A profile URL as people copy it: the scheme, `www.`, a country's (`uk.`) or the mobile (`m.`)
 * subdomain, a language suffix (`/en`, `/pt-br`), a trailing slash, a query and a fragment.
 */
const PROFILE_URL = /^(?:https?:\/\/)?(?:(?:www|m|[a-z]{2})\.)?prof\.com\/in\/([A-Za-z0-9_%-]{1,200})(?:\/[a-z]{2}(?:[-_][a-z]{2,4})?)?\/?(?:[?#].*)?$/i;

/**
 * A professional-network profile URL, `https://www.prof.com/in/<user>`, in any of its common forms
 * (`PROFILE_URL`); answered in the canonical form, which is the one the data keys people by.
 */
export function profileUrlField(description: string) {
  return z
    .string()
    .trim()
    .max(2048)
    .transform((value, context) => {
      const user = PROFILE_URL.exec(value)?.[1];
      if (user === undefined) {
        context.addIssue({ code: 'custom', message: 'must be a professional-network profile URL, https://www.prof.com/in/<user>' });
        return z.NEVER;
      }
      return `https://www.prof.com/in/${user.toLowerCase()}`;
    })
    .meta({ description, examples: [EXAMPLE_PROFILE] });
}
