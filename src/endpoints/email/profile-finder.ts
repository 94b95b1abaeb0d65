import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { Contact } from '../../schemas/contact';
import { EXAMPLE_CONTACT, EXAMPLE_PROFILE } from './examples';
import { DATA_SOURCE, FAILURES, profileUrlField } from './fields';

const ProfileFinderRequest = z.strictObject({
  url: profileUrlField('The professional-network profile URL, https://www.prof.com/in/<user>.'),
  full: z.boolean().default(false).meta({ description: 'Return the full contact, with the sources where the address was seen (otherwise `sources` is empty).' }),
});

export default defineEndpoint({
  id: 'email.profile_finder',
  method: 'POST',
  path: '/v1/email/profile-finder',
  summary: 'Profile finder: the email address behind a professional-network profile',
  description:
    `The contact (address, names, company, position, confidence) behind a professional-network profile URL. ${DATA_SOURCE} ` +
    'The URL is not fetched. A profile the data does not know is a success with null fields and `confidenceScore: 0`. ' +
    'A URL that is not a profile URL (https://www.prof.com/in/<user>) is a 400 naming `url`. ' +
    FAILURES,
  input: ProfileFinderRequest,
  output: z.object({ contact: Contact }),
  price: ({ perCall }) => perCall(0.04),
  examples: { request: { url: EXAMPLE_PROFILE, full: true }, response: { contact: EXAMPLE_CONTACT } },
  async handler({ input, providers, call }) {
    return { contact: await providers.contacts.profileFinder({ url: input.url, full: input.full }, call) };
  },
});
