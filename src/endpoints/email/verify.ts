import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { EmailVerification, verifyEmail } from '../../contacts/verification';
import { EXAMPLE_EMAIL, EXAMPLE_SOURCES } from './examples';

const VerifyRequest = z.strictObject({
  // Checked by verify itself: a malformed address is an answer (`validFormat: false`), not an error, so a list can be cleaned in one pass.
  email: z.string().trim().min(1).max(512).meta({ description: 'The address to check. Anything may be sent: a malformed address is answered `validFormat: false`, status invalid.', examples: [EXAMPLE_EMAIL] }),
});

export default defineEndpoint({
  id: 'email.verify',
  method: 'POST',
  path: '/v1/email/verify',
  summary: 'Email verifier: syntax, mail servers, mailbox, deliverability and a 0–100 score',
  description:
    'Checks one address. Done by Tollgate itself: the syntax (internationalised domains included), the domain\'s mail servers (MX records, else its ' +
    'address) through Tollgate\'s resolvers, disposable and webmail domains from maintained lists, role addresses (info@, sales@) and a gibberish ' +
    'heuristic. Whether the mailbox exists: asked of the mail server over SMTP (EHLO, MAIL, RCPT; never DATA) only when the operator turned probing on ' +
    '(TOLLGATE_SMTP_PROBE=true, off by default: outbound port 25 is blocked on most clouds and probing can get an address block-listed), catch-all ' +
    `detected with a random address; otherwise from the contact-data provider (the configured vendor, or the sandbox's synthetic world). ` +
    '`status`, `deliverability` and `score` follow the rules in the README. A malformed address (its `reason` saying what is wrong: invisible, control ' +
    'and text-direction characters are refused too) or a domain without mail servers is a successful ' +
    "answer (invalid); so is a domain whose DNS cannot be read (SERVFAIL, REFUSED or no answer: status unknown, `reason` saying so), charged as any " +
    'answer. An empty `email` is a 400; mail servers that are not on the public internet are a 400 naming `email`; a provider that fails is a 502; ' +
    'none of these is charged.',
  input: VerifyRequest,
  output: EmailVerification,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { email: EXAMPLE_EMAIL },
    response: {
      email: EXAMPLE_EMAIL,
      status: 'valid',
      deliverability: 'deliverable',
      score: 100,
      checks: {
        validFormat: true, mx: true, smtpServer: true, smtp: true, acceptAll: false, greylisted: false, blocked: false,
        disposable: false, webmail: false, gibberish: false, role: false,
      },
      mxRecords: ['aspmx.l.google.com', 'alt1.aspmx.l.google.com'],
      smtpProvider: 'Google Workspace',
      sources: EXAMPLE_SOURCES,
      reason: null,
    },
  },
  async handler({ input, providers, call }) {
    return verifyEmail(input.email, providers, call);
  },
});
