import { z } from 'zod';

export const DomainAvailability = z
  .object({
    domain: z.string().meta({ examples: ['tollgate-example.com'] }),
    available: z.boolean().meta({ description: 'Whether the domain can be registered now.' }),
    isPremium: z.boolean().meta({ description: 'Registry premium name.' }),
    premiumRegistrationPrice: z.number().nonnegative().meta({ description: 'USD; 0 when not premium.' }),
    premiumRenewalPrice: z.number().nonnegative().meta({ description: 'USD; 0 when not premium.' }),
    icannFee: z.number().nonnegative().meta({ description: 'USD.' }),
    eapFee: z.number().nonnegative().meta({ description: 'Early-access fee, USD.' }),
    error: z.string().optional().meta({ description: "Present only when this domain's check failed, e.g. an unsupported TLD." }),
  })
  .meta({ id: 'DomainAvailability' });

export type DomainAvailability = z.infer<typeof DomainAvailability>;
