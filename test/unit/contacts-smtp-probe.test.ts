import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, type SmtpProbeSettings } from '../../src/config';
import { createNet } from '../../src/net';
import { reportingProviders } from '../../src/providers';
import { localProviders } from '../../src/providers/local';
import type { PagesProvider } from '../../src/providers/families/pages';
import type { BrowserProvider } from '../../src/providers/families/browser';
import type { Providers } from '../../src/providers/providers';
import { createAddressPolicy } from '../../src/net/address-policy';
import { DestinationRefused } from '../../src/net/errors';
import { createResolver } from '../../src/net/resolver';
import { createSmtpProber, MailServerRefused, type SmtpProber } from '../../src/net/smtp-probe';
import type { Canary } from '../helpers/canary';
import { startTestDnsServer, type TestDnsServer } from '../helpers/test-dns-server';
import { startFakeMxWithCanary, type FakeMxServer } from '../fakes/mx-server';

/**
 * The prober against a loopback mail server on 127.0.0.2 (the one network opened, standing for the
 * public internet), with the canary on 127.0.0.1 at the same port: an MX that points at loopback
 * must be refused before any connection, so the canary must never count one.
 */
describe('SMTP prober', () => {
  let dns: TestDnsServer;
  let canary: Canary;
  let mx: FakeMxServer;
  let prober: SmtpProber;
  let quickProber: SmtpProber;

  const settings = (port: number, timeoutMs: number): SmtpProbeSettings => ({ enabled: true, port, timeoutMs, heloName: 'probe.tollgate.test', mailFrom: 'verify@tollgate.test' });
  const probe = (email: string, mxHosts: string[], using = prober, signal = AbortSignal.timeout(10_000)) => using.probe({ email, mxHosts }, signal);

  before(async () => {
    ({ canary, mx } = await startFakeMxWithCanary());
    dns = await startTestDnsServer({
      'mx.good.test': { A: ['127.0.0.2'] },
      'mx.inward.test': { A: ['127.0.0.1'] },
      'mx.closed.test': { A: ['127.0.0.3'] },
    });
    const resolver = createResolver({ servers: dns.servers, timeoutMs: 2_000 });
    const policy = createAddressPolicy({ allowedNetworks: ['127.0.0.2/32', '127.0.0.3/32'] });
    prober = createSmtpProber({ resolver, policy, settings: settings(mx.port, 5_000) });
    quickProber = createSmtpProber({ resolver, policy, settings: settings(mx.port, 300) });
  });
  after(async () => {
    await Promise.all([dns.close(), canary.close(), mx.close()]);
  });
  beforeEach(() => {
    mx.commands.length = 0;
  });

  test('an existing mailbox: accepted, and a random address at the domain refused (not catch-all); no DATA', async () => {
    mx.behave({ mailboxes: ['jane@acme.test'] });
    const result = await probe('jane@acme.test', ['mx.good.test']);
    assert.deepEqual(result, { smtpServer: true, exists: true, acceptAll: false, greylisted: false, blocked: false });
    assert.equal(mx.commands[0], 'EHLO probe.tollgate.test');
    assert.equal(mx.commands[1], 'MAIL FROM:<verify@tollgate.test>');
    assert.equal(mx.commands[2], 'RCPT TO:<jane@acme.test>');
    assert.match(mx.commands[3]!, /^RCPT TO:<[a-z0-9]{16}@acme\.test>$/, 'catch-all checked with a random address at the same domain');
    assert.ok(!mx.commands.some((command) => /^DATA/i.test(command)));
    assert.equal(canary.hits, 0);
  });

  test('an unknown mailbox (550 5.1.1): does not exist, and the domain is not catch-all', async () => {
    mx.behave({ mailboxes: ['jane@acme.test'] });
    assert.deepEqual(await probe('nobody@acme.test', ['mx.good.test']), { smtpServer: true, exists: false, acceptAll: false, greylisted: false, blocked: false });
    assert.equal(mx.commands.filter((command) => command.startsWith('RCPT')).length, 1);
  });

  test('a catch-all server: the address and the random one are both accepted', async () => {
    mx.behave({ catchAll: true });
    assert.deepEqual(await probe('anyone@acme.test', ['mx.good.test']), { smtpServer: true, exists: true, acceptAll: true, greylisted: false, blocked: false });
  });

  test('greylisting (450 at RCPT): greylisted, the mailbox unknown', async () => {
    mx.behave({ greylist: true });
    assert.deepEqual(await probe('jane@acme.test', ['mx.good.test']), { smtpServer: true, exists: null, acceptAll: null, greylisted: true, blocked: false });
  });

  test('a block-list refusal at RCPT, or a 554 greeting: blocked, the mailbox unknown (not "does not exist")', async () => {
    mx.behave({ rcptReply: '550 5.7.1 Service unavailable; client host [127.0.0.9] blocked using a block list' });
    assert.deepEqual(await probe('jane@acme.test', ['mx.good.test']), { smtpServer: true, exists: null, acceptAll: null, greylisted: false, blocked: true });
    mx.behave({ greeting: '554 5.7.1 No SMTP service here for you' });
    mx.commands.length = 0;
    assert.deepEqual(await probe('jane@acme.test', ['mx.good.test']), { smtpServer: true, exists: null, acceptAll: null, greylisted: false, blocked: true });
    assert.deepEqual(mx.commands.filter((command) => command !== 'QUIT'), [], 'nothing said after a refused greeting but QUIT');
  });

  test('a server refusing our sender (MAIL 5xx) is a block; a busy one (MAIL 4xx) a temporary failure', async () => {
    mx.behave({ mailReply: '553 5.7.1 Sender address rejected: not allowed to send' });
    assert.equal((await probe('jane@acme.test', ['mx.good.test'])).blocked, true);
    mx.behave({ mailReply: '421 4.7.0 Try again later' });
    assert.deepEqual(await probe('jane@acme.test', ['mx.good.test']), { smtpServer: true, exists: null, acceptAll: null, greylisted: true, blocked: false });
  });

  test('connection refused: no SMTP server; the next MX host is tried', async () => {
    assert.deepEqual(await probe('jane@acme.test', ['mx.closed.test']), { smtpServer: false, exists: null, acceptAll: null, greylisted: false, blocked: false });
    mx.behave({ mailboxes: ['jane@acme.test'] });
    assert.equal((await probe('jane@acme.test', ['mx.closed.test', 'mx.good.test'])).exists, true);
    assert.deepEqual(await probe('jane@acme.test', ['mx.does-not-resolve.test']), { smtpServer: false, exists: null, acceptAll: null, greylisted: false, blocked: false });
    assert.deepEqual(await probe('jane@acme.test', []), { smtpServer: false, exists: null, acceptAll: null, greylisted: false, blocked: false });
  });

  test('a server that never greets (hangs): no SMTP server, within the time limit', async () => {
    mx.behave({ hangAt: 'greeting' });
    assert.deepEqual(await probe('jane@acme.test', ['mx.good.test'], quickProber), { smtpServer: false, exists: null, acceptAll: null, greylisted: false, blocked: false });
  });

  test('a server that goes silent at RCPT: a server, the mailbox unknown', async () => {
    mx.behave({ hangAt: 'rcpt' });
    assert.deepEqual(await probe('jane@acme.test', ['mx.good.test'], quickProber), { smtpServer: true, exists: null, acceptAll: null, greylisted: false, blocked: false });
  });

  test("the call's abort stops the probe and rejects with the call's reason", async () => {
    mx.behave({ hangAt: 'greeting' });
    const controller = new AbortController();
    const before = mx.connections;
    const probing = probe('jane@acme.test', ['mx.good.test'], prober, controller.signal);
    while (mx.connections === before) await new Promise((resolve) => setTimeout(resolve, 5));
    const reason = new Error('client went away');
    controller.abort(reason);
    await assert.rejects(probing, (error) => error === reason);
  });

  test('an MX on a loopback address is refused before any connection (400 naming email)', async () => {
    const connectionsBefore = mx.connections;
    await assert.rejects(probe('jane@acme.test', ['mx.inward.test']), (error) => {
      assert.ok(error instanceof MailServerRefused && error instanceof DestinationRefused);
      assert.equal(error.status, 400);
      assert.equal(error.param, 'email');
      assert.match(error.message, /^email: the domain's mail server mx\.inward\.test resolves to a loopback address; Tollgate connects only to public addresses$/);
      return true;
    });
    assert.equal(canary.hits, 0);
    assert.equal(mx.connections, connectionsBefore);
  });

  test('an inward MX among public ones is skipped; the public one answers', async () => {
    mx.behave({ mailboxes: ['jane@acme.test'] });
    assert.equal((await probe('jane@acme.test', ['mx.inward.test', 'mx.good.test'])).exists, true);
    assert.equal(canary.hits, 0);
  });

  test('an internationalised local part is named only to a server that says SMTPUTF8', async () => {
    mx.behave({ catchAll: true });
    assert.equal((await probe('jürgen@acme.test', ['mx.good.test'])).exists, true);
    assert.match(mx.commands.find((command) => command.startsWith('MAIL'))!, / SMTPUTF8$/);
    mx.commands.length = 0;
    mx.behave({ catchAll: true, ehloReply: '250 mx.fake.test' });
    assert.deepEqual(await probe('jürgen@acme.test', ['mx.good.test']), { smtpServer: true, exists: null, acceptAll: null, greylisted: false, blocked: false });
    assert.ok(!mx.commands.some((command) => command.startsWith('RCPT')));
  });
});

describe('SMTP probe settings and wiring', () => {
  test('off by default, port 25, a 10 s limit per mail server', () => {
    const settings = loadConfig({}).net.smtpProbe;
    assert.deepEqual([settings.enabled, settings.port, settings.timeoutMs], [false, 25, 10_000]);
  });

  test('turned on, the EHLO name is required; MAIL FROM defaults to postmaster@ it', () => {
    assert.throws(() => loadConfig({ TOLLGATE_SMTP_PROBE: 'true' }), /TOLLGATE_SMTP_PROBE_HELO: required when TOLLGATE_SMTP_PROBE=true/);
    const settings = loadConfig({ TOLLGATE_SMTP_PROBE: 'true', TOLLGATE_SMTP_PROBE_HELO: 'check.example.com', TOLLGATE_SMTP_PROBE_PORT: '2525', TOLLGATE_SMTP_PROBE_TIMEOUT_MS: '4000' }).net.smtpProbe;
    assert.deepEqual(settings, { enabled: true, port: 2525, timeoutMs: 4_000, heloName: 'check.example.com', mailFrom: 'postmaster@check.example.com' });
    assert.equal(loadConfig({ TOLLGATE_SMTP_PROBE_FROM: 'verify@example.com' }).net.smtpProbe.mailFrom, 'verify@example.com');
  });

  test('bad values stop start-up naming the variable', () => {
    assert.throws(() => loadConfig({ TOLLGATE_SMTP_PROBE: 'yes' }), /TOLLGATE_SMTP_PROBE/);
    assert.throws(() => loadConfig({ TOLLGATE_SMTP_PROBE_HELO: 'bad name\r\nDATA' }), /TOLLGATE_SMTP_PROBE_HELO/);
    assert.throws(() => loadConfig({ TOLLGATE_SMTP_PROBE_FROM: 'a@b.c>\r\nDATA' }), /TOLLGATE_SMTP_PROBE_FROM/);
    assert.throws(() => loadConfig({ TOLLGATE_SMTP_PROBE_PORT: '70000' }), /TOLLGATE_SMTP_PROBE_PORT/);
  });

  test('the local smtp family says whether probing is on, also once wrapped for provider reporting', async () => {
    for (const enabled of [true, false]) {
      const net = createNet(loadConfig(enabled ? { TOLLGATE_SMTP_PROBE: 'true', TOLLGATE_SMTP_PROBE_HELO: 'check.example.com' } : {}).net);
      const local = localProviders(net, {} as BrowserProvider, {} as PagesProvider);
      const wrapped = reportingProviders({ smtp: local.smtp } as unknown as Providers);
      assert.equal(local.smtp.enabled, enabled);
      assert.equal(wrapped.smtp.enabled, enabled);
      const used: string[] = [];
      assert.deepEqual(await wrapped.smtp.probe({ email: 'jane@acme.test', mxHosts: [] }, { signal: AbortSignal.timeout(5_000), providerCalled: (name) => used.push(name) }), {
        smtpServer: false, exists: null, acceptAll: null, greylisted: false, blocked: false,
      });
      assert.deepEqual(used, ['local']);
      await net.close();
    }
  });
});
