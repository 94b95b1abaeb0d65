import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { Influencer, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, countryField, retailAnswer } from './fields';

const InfluencerRequest = z.strictObject({
  influencer_name: z
    .string()
    .trim()
    .toLowerCase()
    // Either case, as the OpenAPI document publishes it (see ./fields.ts).
    .regex(/^[A-Za-z0-9._-]{1,80}$/, "must be a storefront name: the part of its URL after /shop/, e.g. homewithmaya")
    .meta({ description: 'The storefront, by the part of its URL after /shop/.', examples: ['homewithmaya'] }),
  country: countryField(),
});

export default defineEndpoint({
  id: 'retail.influencer',
  method: 'POST',
  path: '/v1/retail/influencer',
  summary: "An influencer storefront's profile",
  description: `An influencer's storefront on the marketplace: name, profile link, programme status and whether it has idea lists. ${DATA_SOURCE} A storefront the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: InfluencerRequest,
  output: retailWrapper(Influencer, 'RetailInfluencerAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { influencer_name: 'homewithmaya', country: 'US' }, response: exampleResponse('retail.influencer') },
  async handler({ input, providers, call, ctx }) {
    const profile = found(await providers.retail.influencer(input, call), 'influencer_name', `no storefront '${input.influencer_name}' in the ${input.country} marketplace.`);
    return retailAnswer(input, ctx, profile);
  },
});
