import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { Contact } from '../../schemas/contact';
import { EXAMPLE_CONTACT } from './examples';
import { CompanyName, DATA_SOURCE, EXAMPLE_DOMAIN, FAILURES, companyDomainField, nameField } from './fields';
import { checkNameFields, namesOf } from './finder-names';

const FinderRequest = z
  .strictObject({
    domain: companyDomainField("The company's domain. Required unless `company` is sent.").optional(),
    company: CompanyName.optional(),
    first_name: nameField('First name. Required with last_name, unless full_name is sent.', 'Greta').optional(),
    last_name: nameField('Last name. Required with first_name, unless full_name is sent.', 'Stubridge').optional(),
    full_name: nameField('The whole name, instead of first_name and last_name: its last word, with the particles before it (van, de, von…), is the last name, the words before it the first name (Mary Ann van der Berg: Mary Ann, van der Berg); initials are dropped.', 'Greta Stubridge').optional(),
  })
  .superRefine((body, context) => {
    if (body.domain === undefined && body.company === undefined) {
      context.addIssue({ code: 'custom', path: ['domain'], message: 'domain or company is required (one of them)' });
    }
    checkNameFields(body, context);
  });

export default defineEndpoint({
  id: 'email.finder',
  method: 'POST',
  path: '/v1/email/finder',
  summary: 'Email finder: a person\'s address from their name and company',
  description:
    "A person's email address from their name and their company's domain (or its name), with a confidence score: high when the data knows the person, " +
    `lower when the address is the company's usual pattern applied to the name. ${DATA_SOURCE} ` +
    'When no address can be found the call succeeds with `email: null` and `confidenceScore: 0`. ' +
    FAILURES,
  input: FinderRequest,
  output: z.object({ contact: Contact }),
  price: ({ perCall }) => perCall(0.04),
  examples: {
    request: { domain: EXAMPLE_DOMAIN, first_name: 'Greta', last_name: 'Stubridge' },
    response: { contact: EXAMPLE_CONTACT },
  },
  async handler({ input, providers, call }) {
    const { firstName, lastName } = namesOf(input);
    const contact = await providers.contacts.finder({ domain: input.domain ?? null, company: input.company ?? null, firstName, lastName }, call);
    return { contact };
  },
});
