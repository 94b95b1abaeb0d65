import { defineEndpoint } from '../../core/define-endpoint';
import { z } from 'zod';
import { EmployeeLocations } from '../../schemas/contact';
import { DATA_SOURCE, EXAMPLE_DOMAIN, FAILURES, companyDomainField } from './fields';

const LocationsRequest = z.strictObject({ domain: companyDomainField() });

export default defineEndpoint({
  id: 'email.locations',
  method: 'POST',
  path: '/v1/email/locations',
  summary: "Employee locations: where a domain's people are, by country",
  description:
    `How many of the people known on a domain are in each country (ISO 3166-1 alpha-2, upper case), most first. ${DATA_SOURCE} ` +
    'A domain with no known people is a success with no locations. ' +
    FAILURES,
  input: LocationsRequest,
  output: EmployeeLocations,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { domain: EXAMPLE_DOMAIN },
    response: { locations: [{ country: 'US', count: 147 }, { country: 'AU', count: 2 }, { country: 'CA', count: 1 }, { country: 'ES', count: 1 }, { country: 'GB', count: 1 }] },
  },
  async handler({ input, providers, call }) {
    return providers.contacts.locations({ domain: input.domain }, call);
  },
});
