import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { internalNameRefusal } from '../../net/dns-names';
import { DNS_RECORD_TYPES, type DnsRecord } from '../../net/resolver';

/** Labels of letters, digits, hyphens and underscores (`_dmarc`, `_sip._tcp`: service names need them). */
const DNS_NAME = /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const DnsName = z
  .string()
  .trim()
  .min(1)
  .transform((value, context) => {
    const bare = value.toLowerCase().replace(/\.$/, '');
    if (isIP(bare) !== 0) {
      // DNS would look it up as a name under a TLD of digits, which no root zone holds: a charged NXDOMAIN that says nothing.
      context.addIssue({ code: 'custom', message: `'${value}' is an IP address, not a domain name; this endpoint looks up names (reverse lookups, PTR, are not offered)` });
      return z.NEVER;
    }
    // Non-ASCII names go through IDNA; underscores are kept out of it (IDNA refuses them).
    const ascii = /^[\x00-\x7f]*$/.test(bare) ? bare : domainToASCII(bare);
    if (!DNS_NAME.test(ascii) || !ascii.includes('.')) {
      context.addIssue({ code: 'custom', message: `'${value}' is not a domain name (expected something like example.com or _dmarc.example.com)` });
      return z.NEVER;
    }
    const internal = internalNameRefusal(ascii);
    if (internal !== undefined) {
      context.addIssue({ code: 'custom', message: `'${value}' is ${internal}: Tollgate looks up public names only` });
      return z.NEVER;
    }
    return ascii;
  });

const DnsRequest = z.strictObject({
  name: DnsName.meta({ description: 'The name to look up (internationalised names are converted to ASCII; labels such as _dmarc are allowed).', examples: ['example.com', '_dmarc.example.com'] }),
  type: z.enum(DNS_RECORD_TYPES).default('A').meta({ description: 'Record type.', examples: ['MX'] }),
});

const Ttl = z.number().int().min(0).meta({ description: 'Seconds the answer may be cached, as the resolver reported it.' });

const DnsRecordSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['A', 'AAAA']), address: z.string(), ttl: Ttl }),
  z.object({ type: z.literal('CNAME'), target: z.string() }),
  z.object({ type: z.literal('MX'), exchange: z.string(), priority: z.number().int() }),
  z.object({ type: z.literal('TXT'), text: z.string().meta({ description: "The record's character strings joined." }) }),
  z.object({ type: z.literal('NS'), host: z.string() }),
  z.object({
    type: z.literal('SOA'),
    primaryNameServer: z.string(),
    hostmaster: z.string(),
    serial: z.number().int(),
    refresh: z.number().int(),
    retry: z.number().int(),
    expire: z.number().int(),
    minimumTtl: z.number().int(),
  }),
  z.object({
    type: z.literal('CAA'),
    critical: z.boolean().meta({ description: 'The issuer-critical flag: a CA that does not understand the tag must not issue.' }),
    tag: z.string(),
    value: z.string(),
  }),
  z.object({ type: z.literal('SRV'), priority: z.number().int(), weight: z.number().int(), port: z.number().int(), target: z.string() }),
]);

const DnsResponse = z.object({
  name: z.string(),
  type: z.enum(DNS_RECORD_TYPES),
  status: z.enum(['NOERROR', 'NXDOMAIN']).meta({ description: 'NXDOMAIN: the name does not exist. NOERROR with no records: it exists, without records of this type.' }),
  records: z.array(DnsRecordSchema),
});

/** CAA's flags byte holds one defined flag, issuer critical, in its high bit (RFC 8659 §4.1). */
const ISSUER_CRITICAL = 0x80;

/** A record as this endpoint answers it: the resolver gives CAA's flags as the byte itself. */
function answeredRecord(record: DnsRecord) {
  return record.type === 'CAA' ? { ...record, critical: (record.critical & ISSUER_CRITICAL) !== 0 } : record;
}

export default defineEndpoint({
  id: 'tools.dns',
  method: 'POST',
  path: '/v1/tools/dns',
  summary: 'DNS lookup: A, AAAA, CNAME, MX, TXT, NS, SOA, CAA, SRV',
  description:
    "The records of one type for a name, asked of Tollgate's resolvers. A name that does not exist is a success with " +
    "`status: 'NXDOMAIN'` and no records; resolvers that fail (SERVFAIL), refuse (REFUSED) or do not answer are a 502, not charged. " +
    'An IP address is not a name: a 400 naming `name`, as is a name only private networks answer (single-label names; `.local`, `.internal`, ' +
    '`.home.arpa`, `.test` and other special-use or private zones; reverse-lookup names of private, loopback and link-local networks), not charged. ' +
    'Answers are returned as the resolvers gave them, private addresses included.',
  input: DnsRequest,
  output: DnsResponse,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { name: 'example.com', type: 'MX' },
    response: { name: 'example.com', type: 'MX', status: 'NOERROR', records: [{ type: 'MX', exchange: 'mail.example.com', priority: 10 }] },
  },
  async handler({ input, providers, call }) {
    const answer = await providers.dns.query(input.name, input.type, call);
    return { name: input.name, type: input.type, status: answer.status, records: answer.records.map(answeredRecord) };
  },
});
