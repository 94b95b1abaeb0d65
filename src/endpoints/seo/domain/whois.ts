import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { WhoisRecord } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';
import { whoisRecordOf } from '../../../providers/families/whois';

const DomainWhoisRequest = z.strictObject({
  domain: DomainName.meta({ description: 'Domain, without protocol.', examples: ['example.com'] }),
});

export default defineEndpoint({
  id: 'seo.domain_whois',
  method: 'POST',
  path: '/v1/seo/domain/whois',
  summary: 'WHOIS lookup: registrar, dates, name servers',
  description:
    "Registration data of a domain from its registry's RDAP service: registrar, creation, update and expiry dates, name servers. " +
    'A domain that is not registered is a success with null fields and no name servers; a domain under a TLD whose registry ' +
    'publishes no RDAP service is a 400 naming `domain`, not charged. POST /v1/tools/whois gives the full record.',
  input: DomainWhoisRequest,
  output: WhoisRecord,
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { domain: 'example.com' },
    response: {
      domain: 'example.com',
      registrar: 'RESERVED-Internet Assigned Numbers Authority',
      createdDate: '1995-08-14T04:00:00+00:00',
      updatedDate: '2026-08-14T07:01:39+00:00',
      expiryDate: '2027-08-13T04:00:00+00:00',
      nameServers: ['a.iana-servers.net', 'b.iana-servers.net'],
    },
  },
  async handler({ input, providers, call }) {
    return whoisRecordOf(await providers.whois.lookup({ domain: input.domain }, call));
  },
});
