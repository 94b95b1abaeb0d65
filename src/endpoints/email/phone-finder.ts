import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { readPhoneNumber } from '../../contacts/phone';
import { PhoneResult } from '../../schemas/contact';
import { EXAMPLE_EMAIL } from './examples';
import { DATA_SOURCE, companyDomainField, emailField, profileUrlField } from './fields';

const LOOKUPS = ['email', 'domain', 'prof'] as const;

const PhoneFinderRequest = z
  .strictObject({
    email: emailField("A person's address: their phone.").optional(),
    domain: companyDomainField("A company's domain: its phone.").optional(),
    prof: profileUrlField("A person's professional-network profile URL (https://www.prof.com/in/<user>): their phone.").optional(),
  })
  .superRefine((body, context) => {
    const sent = LOOKUPS.filter((field) => body[field] !== undefined);
    if (sent.length === 0) {
      context.addIssue({ code: 'custom', path: ['email'], message: 'send exactly one of email, domain or prof; none was sent' });
    } else if (sent.length > 1) {
      context.addIssue({ code: 'custom', path: [sent[1]!], message: `send exactly one of email, domain or prof, not ${sent.join(' and ')}` });
    }
  });

const PhoneFinderResponse = PhoneResult.extend({
  email: z.string().nullable().meta({ description: 'The address the number belongs to; null for a company\'s number asked by domain.' }),
  domain: z.string().nullable().meta({ description: 'The company domain the number belongs to; null when not known.' }),
});

/** The Phone result of no number: not valid, nothing to format. */
const NO_NUMBER = { valid: false, e164Format: null, intlFormat: null, localFormat: null, countryCode: null, lineType: null, carrier: null, timezones: [] };

export default defineEndpoint({
  id: 'email.phone_finder',
  method: 'POST',
  path: '/v1/email/phone-finder',
  summary: "Phone finder: a person's or a company's phone number",
  description:
    `A phone number from exactly one of a person's email address, a company's domain or a person's profile URL. The number comes from data (${DATA_SOURCE}) ` +
    "and is then read by Tollgate itself with libphonenumber's full metadata (validity, formats, country, line type, time zones, carrier where public " +
    'data names one). No known number is a success with `valid: false` and null formats. None or more than one of email, domain and prof is a 400 ' +
    'naming them; a provider that fails is a 502; neither is charged.',
  input: PhoneFinderRequest,
  output: PhoneFinderResponse,
  price: ({ perCall }) => perCall(0.1),
  examples: {
    request: { email: EXAMPLE_EMAIL },
    response: {
      valid: true,
      e164Format: '+17375550103',
      intlFormat: '+1 737 555 0103',
      localFormat: '(737) 555-0103',
      countryCode: 'US',
      lineType: 'FIXED_LINE_OR_MOBILE',
      carrier: null,
      timezones: ['America/Chicago'],
      email: EXAMPLE_EMAIL,
      domain: 'northwind.example',
    },
  },
  async handler({ input, providers, call }) {
    const request = input.email !== undefined ? { email: input.email } : input.domain !== undefined ? { domain: input.domain } : { prof: input.prof! };
    const found = await providers.contacts.phone(request, call);
    const owner = { email: found.email, domain: found.domain };
    // A number the data holds but no one can read (garbled upstream) is as good as none.
    const phone = found.number === null ? undefined : readPhoneNumber(found.number, found.countryCode);
    if (phone === undefined) return { ...NO_NUMBER, ...owner };
    return { ...phone, carrier: phone.carrier ?? found.carrier, ...owner };
  },
});
