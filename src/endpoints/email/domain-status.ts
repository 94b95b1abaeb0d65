import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { DomainStatus, domainStatus } from '../../contacts/verification';
import { domainField } from './fields';

const DomainStatusRequest = z.strictObject({ domain: domainField('The mail domain to check.') });

export default defineEndpoint({
  id: 'email.domain_status',
  method: 'POST',
  path: '/v1/email/domain-status',
  summary: 'Domain status: webmail, disposable, catch-all and gibberish checks of a mail domain',
  description:
    'Checks done by Tollgate itself: whether the domain is a free webmail provider or a disposable-mail domain (maintained lists) and whether its name ' +
    'looks machine-made (a gibberish heuristic). Whether it accepts mail for any address (catch-all): asked of its mail servers with a random address ' +
    'when the operator turned SMTP probing on (TOLLGATE_SMTP_PROBE=true), otherwise from the contact-data provider (the configured vendor, or the ' +
    "sandbox's synthetic world); null when not known. A bad domain is a 400 naming `domain`; mail servers that are not on the public internet are a 400 " +
    'naming `domain`; resolvers or a provider that fail are a 502; none of these is charged.',
  input: DomainStatusRequest,
  output: DomainStatus,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { domain: 'mailinator.com' },
    response: { domain: 'mailinator.com', webmail: false, disposable: true, acceptAll: null, gibberish: false },
  },
  async handler({ input, providers, call }) {
    return domainStatus(input.domain, providers, call);
  },
});
