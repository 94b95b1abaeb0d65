import { z } from 'zod';

const timestamp = (description: string) =>
  z.string().nullable().meta({ description: `${description}, ISO 8601; null when unknown.`, examples: ['1995-08-14T04:00:00+00:00'] });

/**
 * A domain's registration record as its registry publishes it over RDAP (RFC 9083), in our words.
 * Contact data is limited to what describes an organisation (its name and country), and only as
 * published: no person's name, e-mail address or telephone number is ever carried.
 */
export const DomainRegistration = z
  .object({
    domain: z.string().meta({ description: 'The registered domain the record is about (lower case, ASCII form): for a subdomain asked about, the domain it is under (www.example.com: example.com).', examples: ['example.com'] }),
    registered: z.boolean().meta({ description: 'Whether the registry knows the domain; false: every other field is null or empty.' }),
    ldhName: z.string().nullable().meta({ description: 'The name as the registry spells it (letters, digits, hyphens).', examples: ['EXAMPLE.COM'] }),
    handle: z.string().nullable().meta({ description: "The registry's identifier of the registration.", examples: ['2336799_DOMAIN_COM-VRSN'] }),
    status: z.array(z.string()).meta({ description: 'EPP statuses, as RDAP words them.', examples: [['client delete prohibited', 'client transfer prohibited']] }),
    registrar: z
      .object({
        name: z.string().nullable().meta({ examples: ['RESERVED-Internet Assigned Numbers Authority'] }),
        ianaId: z.string().nullable().meta({ description: "The registrar's IANA ID.", examples: ['376'] }),
      })
      .nullable()
      .meta({ description: 'The sponsoring registrar; null when not published.' }),
    createdDate: timestamp('Registration date'),
    updatedDate: timestamp('Last change of the registration'),
    expiryDate: timestamp('Expiry date'),
    nameServers: z.array(z.string()).meta({ description: 'Delegated name servers, lower case.', examples: [['a.iana-servers.net', 'b.iana-servers.net']] }),
    dnssec: z.boolean().nullable().meta({ description: 'Whether the delegation is signed (DNSSEC); null when not published.' }),
    registrant: z
      .object({
        organization: z.string().nullable().meta({ description: 'As published, which may be a redaction notice.' }),
        country: z.string().nullable().meta({ description: 'Country code or name, as published.' }),
      })
      .nullable()
      .meta({ description: "The registrant's organisation and country when the registry or registrar publishes them; null otherwise." }),
    redacted: z.array(z.string()).meta({ description: 'Fields the server says it redacted (RFC 9537), e.g. "Registrant Email".' }),
  })
  .meta({ id: 'DomainRegistration' });

export type DomainRegistration = z.infer<typeof DomainRegistration>;

/** The record of a domain the registry does not know. */
export function unregisteredDomain(domain: string): DomainRegistration {
  return {
    domain, registered: false, ldhName: null, handle: null, status: [], registrar: null,
    createdDate: null, updatedDate: null, expiryDate: null, nameServers: [], dnssec: null, registrant: null, redacted: [],
  };
}
