import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { DomainAvailability } from '../../../schemas/domain-availability';
import { DomainName } from '../../../schemas/domain-name';

const DomainAvailableRequest = z
  .strictObject({
    domain: DomainName.optional().meta({ description: 'One domain, without protocol; an internationalised name (пример.рф) is checked, and answered, in its ASCII form (xn--e1afmkfd.xn--p1ai).', examples: ['tollgate-example.com'] }),
    domains: z.array(DomainName).min(1).max(50).optional().meta({ description: 'Up to 50 domains, checked in one call; internationalised names in their ASCII form, as for domain.', examples: [['tollgate-example.com', 'tollgate-example.io']] }),
  })
  .superRefine((body, context) => {
    if (body.domain === undefined && body.domains === undefined) {
      context.addIssue({ code: 'custom', path: ['domain'], message: 'either domain or domains is required' });
    } else if (body.domain !== undefined && body.domains !== undefined) {
      context.addIssue({ code: 'custom', path: ['domains'], message: 'send either domain or domains, not both' });
    }
  });

export default defineEndpoint({
  id: 'seo.domain_available',
  method: 'POST',
  path: '/v1/seo/domain/available',
  summary: 'Domain availability, with premium detection',
  description:
    'Checks whether domains can be registered, with premium pricing and fees. Up to 50 per call; a domain whose check fails (e.g. an unsupported TLD) carries an `error` while the call succeeds. ' +
    'Each `domain` is answered lower-cased and, for an internationalised name, in the ASCII (punycode) form registrars check and register it under: `пример.рф` comes back as `xn--e1afmkfd.xn--p1ai`.',
  input: DomainAvailableRequest,
  output: z.object({ domains: z.array(DomainAvailability).meta({ description: 'One entry per domain sent, same order; each domain lower-cased, an internationalised one in its ASCII (punycode) form.' }) }),
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { domains: ['tollgate-example.com', 'tollgate-example.zz'] },
    response: {
      domains: [
        { domain: 'tollgate-example.com', available: true, isPremium: false, premiumRegistrationPrice: 0, premiumRenewalPrice: 0, icannFee: 0.2, eapFee: 0 },
        { domain: 'tollgate-example.zz', available: false, isPremium: false, premiumRegistrationPrice: 0, premiumRenewalPrice: 0, icannFee: 0, eapFee: 0, error: 'unsupported TLD: .zz' },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const domains = input.domains ?? [input.domain!];
    return { domains: await providers.registrar.availability(domains, call) };
  },
});
