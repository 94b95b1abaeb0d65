import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { domainStatus, DomainStatus, EmailVerification, verifyEmail } from '../../src/contacts/verification';
import { createAddressPolicy } from '../../src/net/address-policy';
import { FetchFailed } from '../../src/net/errors';
import { createResolver } from '../../src/net/resolver';
import { createSmtpProber, MailServerRefused } from '../../src/net/smtp-probe';
import type { ContactsProvider } from '../../src/providers/families/contacts';
import type { SmtpProbeProvider } from '../../src/providers/families/smtp';
import type { CallOptions, Providers } from '../../src/providers/providers';
import type { EmailSource } from '../../src/schemas/contact';
import type { Canary } from '../helpers/canary';
import { startTestDnsServer, type TestDnsServer } from '../helpers/test-dns-server';
import { startFakeMxWithCanary, type FakeMxServer } from '../fakes/mx-server';

const SOURCE: EmailSource = { domain: 'blog.acme.test', firstSeen: '2025-02-11T09:30:00+00:00', lastSeen: '2026-10-02T17:05:00+00:00' };

/** The contacts family's two mailbox questions, answered as a test sets them and recorded. */
class StubContacts {
  mailboxAnswer: { exists: boolean | null; acceptAll: boolean | null; sources: EmailSource[] } = { exists: null, acceptAll: null, sources: [] };
  acceptsAllAnswer: boolean | null = null;
  readonly asked: string[] = [];
  readonly family = {
    name: 'sandbox',
    mailbox: async (request: { email: string }) => {
      this.asked.push(`mailbox ${request.email}`);
      return this.mailboxAnswer;
    },
    acceptsAll: async (request: { domain: string }) => {
      this.asked.push(`acceptsAll ${request.domain}`);
      return this.acceptsAllAnswer;
    },
  } as unknown as ContactsProvider;
}

describe('verifyEmail and domainStatus', () => {
  let dns: TestDnsServer;
  let canary: Canary;
  let mx: FakeMxServer;
  let contacts: StubContacts;
  let probing: Providers;
  let notProbing: Providers;
  const call = (): CallOptions => ({ signal: AbortSignal.timeout(10_000) });

  before(async () => {
    ({ canary, mx } = await startFakeMxWithCanary());
    dns = await startTestDnsServer({
      'acme.test': { MX: [{ exchange: 'mx2.acme.test', priority: 20 }, { exchange: 'mx1.acme.test', priority: 10 }] },
      'mx1.acme.test': { A: ['127.0.0.2'] },
      'mx2.acme.test': { A: ['127.0.0.2'] },
      'gmail.com': { MX: [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }, { exchange: 'alt1.gmail-smtp-in.l.google.com', priority: 10 }] },
      'gmail-smtp-in.l.google.com': { A: ['127.0.0.2'] },
      'mailinator.com': { MX: [{ exchange: 'mx1.acme.test', priority: 10 }] },
      'a-only.test': { A: ['127.0.0.2'] },
      'nothing.test': { TXT: [['v=spf1 -all']] },
      'null-mx.test': { MX: [{ exchange: '.', priority: 0 }], A: ['127.0.0.2'] },
      'inward.test': { MX: [{ exchange: 'mx.inward.test', priority: 10 }] },
      'mx.inward.test': { A: ['127.0.0.1'] },
      'xkqzvbtw.com': { MX: [{ exchange: 'mx1.acme.test', priority: 10 }] },
      'silent.test': { silent: true },
      'failing.test': { rcode: 'SERVFAIL' },
      'refusing.test': { rcode: 'REFUSED' },
    });
    const resolver = createResolver({ servers: dns.servers, timeoutMs: 400 });
    const policy = createAddressPolicy({ allowedNetworks: ['127.0.0.2/32'] });
    const dnsFamily = { name: 'local', query: (name: string, type: Parameters<typeof resolver.query>[1]) => resolver.query(name, type) };
    const prober = createSmtpProber({ resolver, policy, settings: { enabled: true, port: mx.port, timeoutMs: 3_000, heloName: 'probe.tollgate.test', mailFrom: 'verify@tollgate.test' } });
    const smtp = (enabled: boolean): SmtpProbeProvider => ({ name: 'local', enabled, probe: (request, options) => prober.probe(request, options.signal) });
    contacts = new StubContacts();
    probing = { dns: dnsFamily, smtp: smtp(true), contacts: contacts.family } as unknown as Providers;
    notProbing = { dns: dnsFamily, smtp: smtp(false), contacts: contacts.family } as unknown as Providers;
  });
  after(async () => {
    await Promise.all([dns.close(), canary.close(), mx.close()]);
  });
  beforeEach(() => {
    contacts.asked.length = 0;
    contacts.mailboxAnswer = { exists: null, acceptAll: null, sources: [] };
    mx.commands.length = 0;
  });

  describe('verify, probing off: the mailbox evidence comes from the contacts family', () => {
    test('a mailbox the data knows: valid, deliverable, 100; MX records by priority; the data\'s sources', async () => {
      contacts.mailboxAnswer = { exists: true, acceptAll: false, sources: [SOURCE] };
      const result = await verifyEmail(' Jane.Doe@ACME.test ', notProbing, call());
      assert.deepEqual(result, {
        email: 'jane.doe@acme.test',
        status: 'valid',
        deliverability: 'deliverable',
        score: 100,
        checks: { validFormat: true, mx: true, smtpServer: true, smtp: true, acceptAll: false, greylisted: false, blocked: false, disposable: false, webmail: false, gibberish: false, role: false },
        mxRecords: ['mx1.acme.test', 'mx2.acme.test'],
        smtpProvider: null,
        sources: [SOURCE],
        reason: null,
      });
      assert.ok(EmailVerification.safeParse(result).success);
      assert.deepEqual(contacts.asked, ['mailbox jane.doe@acme.test']);
      assert.equal(mx.connections, 0, 'no SMTP connection when probing is off');
    });

    test('webmail with a well-known mail service, named as its users know it (Gmail); the data knows nothing: unknown, 40', async () => {
      const result = await verifyEmail('someone@gmail.com', notProbing, call());
      assert.deepEqual([result.status, result.deliverability, result.score], ['unknown', 'unknown', 40]);
      assert.deepEqual([result.checks.webmail, result.checks.smtpServer, result.smtpProvider], [true, false, 'Gmail']);
      assert.deepEqual(result.mxRecords, ['gmail-smtp-in.l.google.com', 'alt1.gmail-smtp-in.l.google.com']);
    });

    test('a disposable domain and a role address: flagged, risky, scored down', async () => {
      contacts.mailboxAnswer = { exists: true, acceptAll: false, sources: [] };
      const result = await verifyEmail('info@mailinator.com', notProbing, call());
      assert.deepEqual([result.status, result.deliverability, result.score], ['valid', 'risky', 50]);
      assert.deepEqual([result.checks.disposable, result.checks.role, result.checks.webmail], [true, true, false]);
    });

    test('a gibberish local part is flagged and scored down', async () => {
      contacts.mailboxAnswer = { exists: true, acceptAll: false, sources: [] };
      const result = await verifyEmail('xkqzvbtw@acme.test', notProbing, call());
      assert.deepEqual([result.checks.gibberish, result.score], [true, 80]);
    });

    test('no MX but an address: the domain itself is the mail server (A fallback)', async () => {
      const result = await verifyEmail('jane@a-only.test', notProbing, call());
      assert.deepEqual([result.checks.mx, result.mxRecords], [true, ['a-only.test']]);
    });

    test('no mail server (no MX and no address, a null MX, a domain that does not exist): invalid, no mailbox question asked', async () => {
      for (const domain of ['nothing.test', 'null-mx.test', 'does-not-exist.test']) {
        const result = await verifyEmail(`jane@${domain}`, notProbing, call());
        assert.deepEqual([result.status, result.deliverability, result.score, result.checks.mx, result.mxRecords], ['invalid', 'undeliverable', 0, false, []], domain);
      }
      assert.deepEqual(contacts.asked, []);
    });

    test('a malformed address is an answer: validFormat false, invalid, the reason saying what is wrong; nothing looked up', async () => {
      const queries = dns.queries.length;
      const result = await verifyEmail('jane..doe@acme.test', notProbing, call());
      assert.deepEqual([result.email, result.status, result.deliverability, result.score, result.checks.validFormat], ['jane..doe@acme.test', 'invalid', 'undeliverable', 0, false]);
      assert.equal(result.reason, 'The address is malformed: the part before the @ must not hold two dots in a row.');
      for (const hidden of ['\u200bjane.doe@acme.test', 'jane\u202e@acme.test', 'jane\u0085doe@acme.test', 'ja\u2066ne@acme.test', 'ja\ue000ne@acme.test', 'ja\ufdd0ne@acme.test']) {
        const answer = await verifyEmail(hidden, notProbing, call());
        assert.deepEqual([answer.status, answer.checks.validFormat, answer.score], ['invalid', false, 0], JSON.stringify(hidden));
        assert.match(answer.reason ?? '', /^The address is malformed: must not hold invisible, control or text-direction characters/, JSON.stringify(hidden));
      }
      assert.equal(dns.queries.length, queries);
      assert.deepEqual(contacts.asked, []);
    });

    test("a domain whose DNS servers fail (SERVFAIL): an answer, unknown, with the reason; no mailbox question asked", async () => {
      const cases: Array<[domain: string, failure: RegExp]> = [['failing.test', /SERVFAIL/]];
      for (const [domain, failure] of cases) {
        const result = await verifyEmail(`info@${domain}`, notProbing, call());
        assert.deepEqual([result.email, result.status, result.deliverability, result.score], [`info@${domain}`, 'unknown', 'unknown', 30], domain);
        assert.deepEqual([result.checks.validFormat, result.checks.mx, result.checks.smtpServer, result.checks.role, result.mxRecords], [true, false, false, true, []], domain);
        assert.match(result.reason ?? '', /^The domain's DNS could not be read \(.+\), so its mail servers are not known\.$/, domain);
        assert.match(result.reason ?? '', failure, domain);
        assert.ok(EmailVerification.safeParse(result).success);
      }
      assert.deepEqual(contacts.asked, []);
    });

    test("resolvers that refuse or stay silent are Tollgate's failure, not the domain's: the call fails (a 502, not charged)", async () => {
      await assert.rejects(verifyEmail('info@refusing.test', notProbing, call()), (error: unknown) => error instanceof FetchFailed && /REFUSED/.test(error.message));
      await assert.rejects(verifyEmail('info@silent.test', notProbing, call()), (error: unknown) => error instanceof FetchFailed && /did not answer/.test(error.message));
      assert.deepEqual(contacts.asked, []);
    });

    test('a call already aborted when the DNS fails stays a failure: no answer is made up for a client that left', async () => {
      const controller = new AbortController();
      controller.abort();
      await assert.rejects(verifyEmail('jane@failing.test', notProbing, { signal: controller.signal }), FetchFailed);
    });
  });

  describe('verify, probing on: the domain\'s mail server is asked', () => {
    test('an existing mailbox: valid; the data is not asked', async () => {
      mx.behave({ mailboxes: ['jane@acme.test'] });
      const result = await verifyEmail('jane@acme.test', probing, call());
      assert.deepEqual([result.status, result.deliverability, result.score, result.checks.smtpServer, result.checks.smtp, result.checks.acceptAll], ['valid', 'deliverable', 100, true, true, false]);
      assert.deepEqual(result.sources, []);
      assert.deepEqual(contacts.asked, []);
      assert.ok(mx.commands.includes('RCPT TO:<jane@acme.test>'));
    });

    test('a refused mailbox: invalid; a catch-all domain: accept_all; greylisting: unknown', async () => {
      mx.behave({ mailboxes: [] });
      assert.deepEqual(pick(await verifyEmail('ghost@acme.test', probing, call())), ['invalid', 'undeliverable', 0]);
      mx.behave({ catchAll: true });
      const catchAll = await verifyEmail('jane@acme.test', probing, call());
      assert.deepEqual(pick(catchAll), ['accept_all', 'risky', 60]);
      assert.equal(catchAll.checks.acceptAll, true);
      mx.behave({ greylist: true });
      const greylisted = await verifyEmail('jane@acme.test', probing, call());
      assert.deepEqual(pick(greylisted), ['unknown', 'unknown', 40]);
      assert.deepEqual([greylisted.checks.greylisted, greylisted.checks.smtpServer], [true, true]);
    });

    test('an MX on loopback: refused before any connection, 400 naming email', async () => {
      await assert.rejects(verifyEmail('jane@inward.test', probing, call()), (error) => error instanceof MailServerRefused && error.param === 'email');
      assert.equal(canary.hits, 0);
    });
  });

  describe('domain status', () => {
    test('probing off: catch-all from the contacts family; webmail, disposable, gibberish checked here', async () => {
      contacts.acceptsAllAnswer = true;
      const result = await domainStatus('acme.test', notProbing, call());
      assert.deepEqual(result, { domain: 'acme.test', webmail: false, disposable: false, acceptAll: true, gibberish: false });
      assert.ok(DomainStatus.safeParse(result).success);
      assert.deepEqual(contacts.asked, ['acceptsAll acme.test']);
      contacts.acceptsAllAnswer = null;
      assert.deepEqual(await domainStatus('gmail.com', notProbing, call()), { domain: 'gmail.com', webmail: true, disposable: false, acceptAll: null, gibberish: false });
      assert.equal((await domainStatus('mailinator.com', notProbing, call())).disposable, true);
      assert.equal((await domainStatus('xkqzvbtw.com', notProbing, call())).gibberish, true);
    });

    test('probing on: a random address is tried; catch-all true, false, or null when greylisted; no mail server: false', async () => {
      mx.behave({ catchAll: true });
      assert.equal((await domainStatus('acme.test', probing, call())).acceptAll, true);
      assert.match(mx.commands.find((command) => command.startsWith('RCPT'))!, /^RCPT TO:<[a-z0-9]{16}@acme\.test>$/);
      mx.behave({ mailboxes: ['jane@acme.test'] });
      assert.equal((await domainStatus('acme.test', probing, call())).acceptAll, false);
      mx.behave({ greylist: true });
      assert.equal((await domainStatus('acme.test', probing, call())).acceptAll, null);
      assert.equal((await domainStatus('nothing.test', probing, call())).acceptAll, false);
      assert.deepEqual(contacts.asked, []);
    });

    test('probing on, an MX on loopback: 400 naming domain, no connection', async () => {
      await assert.rejects(domainStatus('inward.test', probing, call()), (error) => error instanceof MailServerRefused && error.param === 'domain' && /^domain: /.test(error.message));
      assert.equal(canary.hits, 0);
    });
  });
});

function pick(result: EmailVerification): [string, string, number] {
  return [result.status, result.deliverability, result.score];
}
