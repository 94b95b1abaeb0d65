import { after, before, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../src/core/errors';
import type { RapidApiSettings } from '../../src/providers/http/rapidapi';
import type { CallOptions } from '../../src/providers/providers';
import type { DocumentedAnswer, FakeRapidApiVendor } from '../fakes/rapidapi-vendor';
import { assertNeutralMessage } from './fake-upstream';

/**
 * The failure checks every adapter behind RapidAPI shares, run against its fake: the gateway's own
 * failures read alike whatever API is behind it, so each adapter's failure suite calls these for
 * its methods and keeps only what is its vendor's own (its error in a 200, its shapes, its
 * multi-request calls). Call `rapidApiFailures` inside a `describe`: it adds the hooks that start
 * the fake, reset it before each test and close it.
 */

/** One adapter method, the vendor path it asks (first), and a call the fake's world knows. */
export interface VendorMethod<Provider, Path extends string> {
  name: string;
  path: Path;
  run: (provider: Provider, call: CallOptions) => Promise<unknown>;
}

type RapidApiAnswers = Record<'QUOTA_EXHAUSTED' | 'RATE_LIMITED' | 'NOT_SUBSCRIBED' | 'INVALID_KEY' | 'SERVER_ERROR' | 'TRUNCATED' | 'UNKNOWN_ENDPOINT', DocumentedAnswer>;

export interface RapidApiFailureOptions<Provider, Path extends string, Vendor extends FakeRapidApiVendor<Path>> {
  start(): Promise<Vendor>;
  adapter(settings: RapidApiSettings): Provider;
  methods: readonly VendorMethod<Provider, Path>[];
  /** What must never be in a customer message: the vendor, the gateway, their words, the settings. */
  vendorTexts: readonly string[];
  /** What the calls ask about, which must never reach the log detail, and what a failure calls it. */
  asked: { text: string; as: string };
  /** The setting a refused host makes the log detail name. */
  hostSetting: string;
  /** The documented failures, from the vendor's fixtures. */
  answers: RapidApiAnswers;
}

export function rapidApiFailures<Provider, Path extends string, Vendor extends FakeRapidApiVendor<Path>>(options: RapidApiFailureOptions<Provider, Path, Vendor>) {
  const { methods, answers } = options;
  let vendor: Vendor;
  let provider: Provider;
  let costs: number[] = [];
  let call: CallOptions;
  before(async () => {
    vendor = await options.start();
    provider = options.adapter(vendor.settings);
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    costs = [];
    call = { signal: new AbortController().signal, upstreamCost: (micros) => costs.push(micros) };
  });

  /** The method fails with our 502; its message and detail are checked and returned. */
  async function fails(method: VendorMethod<Provider, Path>, through: Provider = provider): Promise<UpstreamError> {
    let caught: unknown;
    await method.run(through, call).then(
      () => assert.fail(`${method.name} succeeded`),
      (error: unknown) => (caught = error),
    );
    assert.ok(caught instanceof UpstreamError, `${method.name}: ${String(caught)}`);
    assert.equal(caught.code, 'UPSTREAM_ERROR');
    assert.equal(caught.status, 502);
    assertNeutralMessage(caught.message, options.vendorTexts);
    assert.ok(!(caught.detail ?? '').includes(options.asked.text), `${method.name}: ${options.asked.as} reached the log detail: ${caught.detail}`);
    assert.ok(!(caught.detail ?? '').includes(vendor.settings.apiKey), `${method.name}: the key reached the log detail`);
    return caught;
  }

  return {
    get vendor() {
      return vendor;
    },
    get provider() {
      return provider;
    },
    /** The upstream costs reported through `call` since the test began. */
    get costs() {
      return costs;
    },
    get call() {
      return call;
    },
    fails,

    /** Every method: a 502 at once, one request, the detail saying the plan's quota is spent; nothing priced. */
    async spentQuota() {
      vendor.fail(answers.QUOTA_EXHAUSTED);
      for (const method of methods) {
        vendor.fake.requests.length = 0;
        const error = await fails(method);
        assert.match(error.message, /rate-limiting/, method.name);
        assert.match(error.detail ?? '', /HTTP 429 \(RapidAPI: the plan's quota is spent/, method.name);
        assert.equal(vendor.requests(method.path).length, 1, `${method.name}: a spent quota is not tried again`);
      }
      assert.deepEqual(costs, [], 'a request the gateway refused costs nothing');
    },

    /** Every method: a 502 whose detail says rate limit, not the body. */
    async rateLimited() {
      vendor.fail(answers.RATE_LIMITED);
      for (const method of methods) {
        const error = await fails(method);
        assert.match(error.message, /rate-limiting/);
        assert.match(error.detail ?? '', /HTTP 429 \(RapidAPI: the plan's rate limit\)$/);
      }
    },

    /** Not subscribed (every method), another key or host, and a refused key: 502s whose detail names the settings to check. */
    async refused() {
      vendor.fail(answers.NOT_SUBSCRIBED);
      for (const method of methods) {
        const error = await fails(method);
        assert.match(error.message, /unavailable \(quota or configuration\)/);
        assert.ok((error.detail ?? '').includes(`GET /${method.path} answered HTTP 403 ("You are not subscribed to this API."). Check RAPIDAPI_KEY`), error.detail);
      }
      vendor.recover();
      const wrongKey = options.adapter({ ...vendor.settings, apiKey: 'another-key' });
      const wrongHost = options.adapter({ ...vendor.settings, host: 'another-api.p.rapidapi.com' });
      for (const refused of [wrongKey, wrongHost]) assert.match((await fails(methods[0]!, refused)).detail ?? '', new RegExp(`HTTP 403 .*${options.hostSetting}`));
      vendor.fail(answers.INVALID_KEY);
      assert.match((await fails(methods[0]!)).detail ?? '', /HTTP 401 \("Invalid API key\. .*Check RAPIDAPI_KEY/);
    },

    /** `tried` is asked three times, its detail without the vendor's body; then every method, asked to wait too long, once. */
    async serverError(tried: VendorMethod<Provider, Path>) {
      vendor.fail(answers.SERVER_ERROR);
      const error = await fails(tried);
      assert.match(error.message, /failing right now \(it answered HTTP 500\)/);
      assert.ok((error.detail ?? '').includes(`GET /${tried.path}: HTTP 500 (body not logged`), error.detail);
      assert.equal(vendor.requests(tried.path).length, 3);
      // The vendor asks to wait longer than the call may: one attempt each.
      vendor.fail({ ...answers.SERVER_ERROR, headers: { 'retry-after': '60' } });
      for (const method of methods) assert.match((await fails(method)).message, /HTTP 500/);
    },

    /**
     * Every method, its path answering the vendor's own error in a 200 (`body(words)`): a 502 whose
     * detail gives the vendor's words after `GET /<path>: <label>`, none of the query values
     * `checked` keeps (what was asked about); each request priced.
     */
    async vendorError(body: (words: string) => unknown, label: string, checked: (name: string) => boolean) {
      for (const method of methods) {
        vendor.on(method.path, (request) => ({ status: 200, body: body(`Could not load ${[...request.query.values()].join(' ')}, please try again`) }));
        const asked = vendor.fake.requests.length;
        const error = await fails(method);
        assert.match(error.message, /could not serve this request/, method.name);
        assert.ok((error.detail ?? '').includes(`GET /${method.path}: ${label} ("Could not load `), `${method.name}: ${error.detail}`);
        for (const request of vendor.fake.requests.slice(asked)) {
          for (const [name, value] of request.query) if (checked(name)) assert.ok(!(error.detail ?? '').includes(value), `${method.name}: ${name} reached the log detail: ${error.detail}`);
        }
        vendor.reset();
      }
      assert.equal(costs.length, methods.length, 'the vendor answered: RapidAPI counted each request');
    },

    /** Every method: a 502, the body kept out of the log (the caller checks the pricing). */
    async notJson() {
      vendor.fail(answers.TRUNCATED);
      for (const method of methods) {
        const error = await fails(method);
        assert.match(error.message, /malformed answer/);
        assert.match(error.detail ?? '', /not JSON \(\d+ bytes; not logged\)/);
      }
    },

    /** Every method: RapidAPI's 404 for an endpoint it does not know is a failure, not "nothing found". */
    async unknownEndpoint() {
      vendor.fail(answers.UNKNOWN_ENDPOINT);
      for (const method of methods) {
        const error = await fails(method);
        assert.match(error.message, /refused the call \(it answered HTTP 404\)/, method.name);
        assert.match(error.detail ?? '', /"API doesn't exists"/);
      }
    },

    /** Every method: the gateway's 400 is a 502 "rejected the request". */
    async gatewayRejects() {
      vendor.fail({ status: 400, body: { message: 'Bad request' } });
      for (const method of methods) assert.match((await fails(method)).message, /rejected the request/);
    },

    /**
     * Every method, its path answering `json` late: abandoned with the call's reason when the call
     * is aborted; then `over`, called with a signal already aborted, sends nothing.
     */
    async obeysSignal(json: unknown, over: VendorMethod<Provider, Path>) {
      for (const method of methods) {
        vendor.fake.on(`GET /${method.path}`, { status: 200, json, delayMs: 5_000 });
        const controller = new AbortController();
        const reason = new Error(`client left during ${method.name}`);
        const pending = method.run(provider, { signal: controller.signal });
        setTimeout(() => controller.abort(reason), 20);
        await assert.rejects(pending, (error) => error === reason, method.name);
      }
      vendor.reset();
      await assert.rejects(over.run(provider, { signal: AbortSignal.abort(new Error('already gone')) }), /already gone/);
      assert.equal(vendor.fake.requests.length, 0, 'nothing sent for a call already over');
    },

    /** `method`, its path answering `json` later than the upstream timeout: a 502 "did not answer in time". */
    async slowerThanTimeout(method: VendorMethod<Provider, Path>, json: unknown) {
      const impatient = options.adapter({ ...vendor.settings, timeoutMs: 150 });
      vendor.fake.on(`GET /${method.path}`, { status: 200, json, delayMs: 2_000 });
      assert.match((await fails(method, impatient)).message, /did not answer in time/);
    },
  };
}
