import { z } from 'zod';
import { ApiError } from '../../core/errors';
import { defineEndpoint } from '../../core/define-endpoint';
import { readPhoneNumber } from '../../contacts/phone';
import { PhoneResult } from '../../schemas/contact';
import { isoCountryField } from '../../schemas/iso-country';

const PhoneValidatorRequest = z.strictObject({
  phone: z.string().trim().min(1).max(250).meta({
    description: 'The number as written: E.164, international (+ or 00) or national format, with or without spaces and punctuation; a national number needs country_code.',
    examples: ['+1 512 555 0125'],
  }),
  country_code: isoCountryField('How to read a number written without its country code (ISO 3166-1 alpha-2); not needed for numbers starting with + or 00.').optional(),
});

export default defineEndpoint({
  id: 'email.phone_validator',
  method: 'POST',
  path: '/v1/email/phone-validator',
  summary: 'Phone validator: validity, formats, country, line type and time zones of a number',
  description:
    "Reads and checks a phone number with libphonenumber's full metadata, in Tollgate itself (no vendor): whether it is valid, its E.164, international and " +
    'national formats, country, line type (MOBILE, FIXED_LINE, FIXED_LINE_OR_MOBILE, TOLL_FREE, VOIP, …) and time zones; the carrier where public data ' +
    'names one for mobile ranges, else null. A number that can be read but is not valid answers `valid: false`. Text that cannot be read as a phone ' +
    'number at all is a 400 naming `phone`; an unknown country code is a 400 naming `country_code`; neither is charged.',
  input: PhoneValidatorRequest,
  output: PhoneResult,
  // Read before anything is held: text that is no phone number is the caller's mistake, not charged.
  prepare: ({ input }) => {
    const result = readPhoneNumber(input.phone, input.country_code ?? null);
    if (result === undefined) {
      throw new ApiError('VALIDATION_ERROR', 'phone: cannot be read as a phone number (expected digits, e.g. +1 512 555 0125 or a national number with country_code)', { param: 'phone' });
    }
    return result;
  },
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { phone: '(512) 555-0125', country_code: 'US' },
    response: {
      valid: true,
      e164Format: '+15125550125',
      intlFormat: '+1 512 555 0125',
      localFormat: '(512) 555-0125',
      countryCode: 'US',
      lineType: 'FIXED_LINE_OR_MOBILE',
      carrier: null,
      timezones: ['America/Chicago'],
    },
  },
  async handler({ plan }) {
    return plan;
  },
});
