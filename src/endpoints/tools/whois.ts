import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { DomainName } from '../../schemas/domain-name';
import { DomainRegistration } from '../../schemas/domain-registration';

const WhoisRequest = z.strictObject({
  domain: DomainName.meta({ description: 'Domain, without protocol; internationalised names are accepted. A subdomain is looked up as the domain registered.', examples: ['example.com'] }),
});

export default defineEndpoint({
  id: 'tools.whois',
  method: 'POST',
  path: '/v1/tools/whois',
  summary: 'WHOIS over RDAP: the registration record of a domain',
  description:
    "The domain's registration record as its registry publishes it over RDAP (the server found through IANA's bootstrap registry): " +
    'statuses, registrar and its IANA ID, creation, update and expiry dates, name servers, DNSSEC, and the registrant\'s organisation ' +
    'and country when published (never a person\'s contact details). A domain the registry does not know is a success with ' +
    '`registered: false`. A subdomain is answered for the domain registered (www.example.co.uk: example.co.uk), which `domain` names. A TLD whose registry publishes no RDAP service (many country codes, e.g. .de or .io) is a 400 naming ' +
    '`domain`, not charged; an unreachable registry is a 502, not charged.',
  input: WhoisRequest,
  output: DomainRegistration,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { domain: 'example.com' },
    response: {
      domain: 'example.com',
      registered: true,
      ldhName: 'EXAMPLE.COM',
      handle: '2336799_DOMAIN_COM-VRSN',
      status: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
      registrar: { name: 'RESERVED-Internet Assigned Numbers Authority', ianaId: '376' },
      createdDate: '1995-08-14T04:00:00+00:00',
      updatedDate: '2026-08-14T07:01:39+00:00',
      expiryDate: '2027-08-13T04:00:00+00:00',
      nameServers: ['a.iana-servers.net', 'b.iana-servers.net'],
      dnssec: true,
      registrant: null,
      redacted: [],
    },
  },
  async handler({ input, providers, call }) {
    return providers.whois.lookup({ domain: input.domain }, call);
  },
});
