import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../src/core/errors';
import type { ContactsProvider } from '../../src/providers/families/contacts';
import type { CallOptions } from '../../src/providers/providers';
import { tombaContacts } from '../../src/providers/tomba';
import type { TombaPath } from '../../src/providers/tomba/costs';
import * as answers from '../../src/providers/tomba/fixtures/answers';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { startFakeTomba, TOMBA_CREDENTIALS, type FakeTomba } from '../fakes/tomba-server';

/**
 * The Tomba adapter when the vendor fails, for every method of the contacts family: a spent quota,
 * a refused key, a rejected request, rate limiting, a server error, an answer that is not JSON or
 * not the documented shape — each a 502 (UpstreamError) in our words, whose log detail holds
 * neither the person asked about nor the vendor's message; and the caller's signal obeyed.
 */

const JANE = 'jane.doe@acme-widgets.example';
/** What must never be in a customer message or a log detail: the person asked about, the vendor's words, its key. */
const PERSONAL = /jane|doe/i;
const VENDOR_TEXTS = ['monthly search limit', 'Invalid API key', 'is invalid', 'Too many requests', TOMBA_CREDENTIALS.TOMBA_KEY, TOMBA_CREDENTIALS.TOMBA_SECRET];

type Method = { name: string; path: TombaPath; run: (contacts: ContactsProvider, call: CallOptions) => Promise<unknown> };

const METHODS: Method[] = [
  { name: 'enrich', path: 'enrich', run: (c, call) => c.enrich({ email: JANE }, call) },
  { name: 'finder', path: 'email-finder', run: (c, call) => c.finder({ domain: 'acme-widgets.example', company: null, firstName: 'Jane', lastName: 'Doe' }, call) },
  { name: 'profileFinder', path: 'linkedin', run: (c, call) => c.profileFinder({ url: 'https://www.prof.com/in/jane-doe-acme', full: true }, call) },
  { name: 'person', path: 'people/find', run: (c, call) => c.person({ email: JANE }, call) },
  { name: 'combined', path: 'combined/find', run: (c, call) => c.combined({ email: JANE }, call) },
  { name: 'company', path: 'companies/find', run: (c, call) => c.company({ domain: 'acme-widgets.example' }, call) },
  { name: 'count', path: 'email-count', run: (c, call) => c.count({ domain: 'acme-widgets.example' }, call) },
  { name: 'domainSearch', path: 'domain-search', run: (c, call) => c.domainSearch({ domain: 'acme-widgets.example', company: null, limit: 10, page: 1, department: null, country: null }, call) },
  { name: 'format', path: 'email-format', run: (c, call) => c.format({ domain: 'acme-widgets.example' }, call) },
  { name: 'locations', path: 'location', run: (c, call) => c.locations({ domain: 'acme-widgets.example' }, call) },
  { name: 'similar', path: 'similar', run: (c, call) => c.similar({ domain: 'acme-widgets.example' }, call) },
  { name: 'sources', path: 'email-sources', run: (c, call) => c.sources({ email: JANE }, call) },
  { name: 'phone', path: 'phone-finder', run: (c, call) => c.phone({ email: JANE }, call) },
  { name: 'mailbox', path: 'email-verifier', run: (c, call) => c.mailbox({ email: JANE }, call) },
  { name: 'acceptsAll', path: 'email-verifier', run: (c, call) => c.acceptsAll({ domain: 'acme-widgets.example' }, call) },
];

describe('Tomba adapter: failures', () => {
  let vendor: FakeTomba;
  let contacts: ContactsProvider;
  let costs: number[];
  let call: CallOptions;
  before(async () => {
    vendor = await startFakeTomba();
    contacts = tombaContacts({ key: TOMBA_CREDENTIALS.TOMBA_KEY, secret: TOMBA_CREDENTIALS.TOMBA_SECRET, baseUrl: vendor.baseUrl, timeoutMs: 3000 });
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    costs = [];
    call = { signal: new AbortController().signal, upstreamCost: (micros) => costs.push(micros) };
  });

  /** The method fails with our 502; its message and detail are checked and returned. */
  async function fails(method: Method, provider: ContactsProvider = contacts): Promise<UpstreamError> {
    let caught: unknown;
    await method.run(provider, call).then(
      () => assert.fail(`${method.name} succeeded`),
      (error: unknown) => (caught = error),
    );
    assert.ok(caught instanceof UpstreamError, `${method.name}: ${String(caught)}`);
    assert.equal(caught.code, 'UPSTREAM_ERROR');
    assertNeutralMessage(caught.message, VENDOR_TEXTS);
    assert.doesNotMatch(caught.message, PERSONAL, `${method.name}: the person reached the message`);
    assert.doesNotMatch(caught.detail ?? '', PERSONAL, `${method.name}: the person reached the log detail: ${caught.detail}`);
    for (const text of VENDOR_TEXTS) assert.ok(!(caught.detail ?? '').includes(text), `${method.name}: the vendor's words reached the log: ${caught.detail}`);
    return caught;
  }

  test('a spent quota (403 and its envelope) is a 502 saying quota or configuration; the detail names the status and type', async () => {
    for (const method of METHODS) {
      vendor.on(method.path, answers.QUOTA_EXHAUSTED);
      const error = await fails(method);
      assert.match(error.message, /unavailable \(quota or configuration\)/, method.name);
      assert.match(error.detail ?? '', new RegExp(`GET /${method.path} answered HTTP 403 \\(quota_exceeded, 403\\)`), method.name);
    }
    assert.deepEqual(costs, [], 'a refused request costs nothing');
  });

  test('a key or secret the vendor refuses (401) is a 502 saying configuration, the detail naming the settings to check', async () => {
    const wrong = tombaContacts({ key: 'ta_wrong', secret: 'ts_wrong', baseUrl: vendor.baseUrl, timeoutMs: 3000 });
    for (const method of METHODS) {
      vendor.on(method.path, answers.FINDER_FOUND);
      const error = await fails(method, wrong);
      assert.match(error.message, /unavailable \(configuration\)/);
      assert.match(error.detail ?? '', /HTTP 401 .*TOMBA_KEY and TOMBA_SECRET/);
    }
  });

  test('a request the vendor rejects (400 params_invalid) is a 502; its message, which echoes the address, is not kept', async () => {
    for (const method of METHODS) {
      vendor.on(method.path, answers.BAD_PARAMETERS);
      assert.match((await fails(method)).message, /rejected the request/);
    }
  });

  test('rate limiting (429 with a long Retry-After) is a 502 at once; a server error is tried three times, then a 502', async () => {
    for (const method of METHODS) {
      vendor.on(method.path, answers.RATE_LIMITED);
      assert.match((await fails(method)).message, /rate-limiting/);
    }
    vendor.reset();
    vendor.on('enrich', answers.SERVER_ERROR);
    assert.match((await fails(METHODS[0]!)).message, /failing right now \(it answered HTTP 500\)/);
    assert.equal(vendor.requests('enrich').length, 3);
  });

  test('an answer that is not JSON (a truncated body holding the person) is a 502, the body kept out of the log; a cost is still recorded', async () => {
    for (const method of METHODS) {
      vendor.on(method.path, answers.TRUNCATED);
      const error = await fails(method);
      assert.match(error.message, /malformed answer/);
      assert.match(error.detail ?? '', /not JSON \(\d+ bytes; not logged/);
    }
    assert.equal(costs.length, METHODS.length, 'the vendor answered 2xx: it may have counted the request');
  });

  test('JSON of another shape (no `data`, or `data` of the wrong type) is a 502 "unexpected shape"', async () => {
    for (const method of METHODS) {
      vendor.on(method.path, answers.WRONG_SHAPE);
      assert.match((await fails(method)).message, /unexpected shape/, method.name);
      vendor.on(method.path, { status: 200, body: { data: 'a string' } });
      assert.match((await fails(method)).message, /unexpected shape/, method.name);
    }
  });

  test('a 404 without the unknown_record envelope (a wrong base URL) is a failure, not "nothing found"', async () => {
    for (const method of METHODS) {
      vendor.fake.reset();
      assert.match((await fails(method)).message, /refused the call \(it answered HTTP 404\)/, method.name);
    }
  });

  test('the caller’s signal: a lookup in flight is abandoned when the call is aborted, with the call’s reason', async () => {
    for (const method of METHODS) {
      vendor.fake.on(`GET /v1/${method.path}`, { status: 200, json: { data: null }, delayMs: 5_000 });
      const controller = new AbortController();
      const reason = new Error(`client left during ${method.name}`);
      const pending = method.run(contacts, { signal: controller.signal });
      setTimeout(() => controller.abort(reason), 20);
      await assert.rejects(pending, (error) => error === reason, method.name);
    }
    const aborted = AbortSignal.abort(new Error('already gone'));
    vendor.on('enrich', answers.FINDER_FOUND);
    vendor.fake.requests.length = 0;
    await assert.rejects(contacts.enrich({ email: JANE }, { signal: aborted }), /already gone/);
    assert.equal(vendor.fake.requests.length, 0, 'nothing sent for a call already over');
  });

  test('a vendor slower than the upstream timeout is a 502 "did not answer in time"', async () => {
    const impatient = tombaContacts({ key: TOMBA_CREDENTIALS.TOMBA_KEY, secret: TOMBA_CREDENTIALS.TOMBA_SECRET, baseUrl: vendor.baseUrl, timeoutMs: 150 });
    vendor.fake.on('GET /v1/email-count', { status: 200, json: { data: null }, delayMs: 2_000 });
    assert.match((await fails(METHODS.find((method) => method.name === 'count')!, impatient)).message, /did not answer in time/);
  });
});
