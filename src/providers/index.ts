import type { FastifyBaseLogger } from 'fastify';
import type { VendorSettings } from '../config';
import type { Net } from '../net';
import { localProviders } from './local';
import type { BrowserProvider } from './families/browser';
import type { PagesProvider } from './families/pages';
import type { MediaProvider } from './families/media';
import type { ImageThreads } from '../media/files/image-threads';
import type { CallOptions, ProviderFamily, Providers } from './providers';
import { sandboxProviders } from './sandbox';
import { dataForSeoProviders } from './dataforseo';
import { BELOW_COST as DATAFORSEO_BELOW_COST } from './dataforseo/costs';
import { googlePlacesProvider } from './google-places';
import { sandboxChat } from './sandbox/chat';
import { openAiCompatibleChat } from './openai-compatible';
import { loadRdapBootstrap, rdapWhois } from './rdap';
import { namecheapRegistrar } from './namecheap';
import { tombaContacts } from './tomba';
import { falMedia } from './fal';
import { sandboxMedia } from './sandbox/media';
import { openWebNinjaRetail } from './openwebninja';
import { rapidApiPhotos, SERVED_OPERATIONS as PHOTOS_SERVED } from './rapidapi-photos';
import { rapidApiClips, SERVED_OPERATIONS as CLIPS_SERVED } from './rapidapi-clips';
import { rapidApiVideo, SERVED_OPERATIONS as VIDEO_SERVED } from './rapidapi-video';

/**
 * Chooses, per family, the vendor adapter whose credentials are configured, else the sandbox, and
 * says which at startup.
 */
export function createProviders(vendors: VendorSettings, logger: FastifyBaseLogger, net: Net, browser: BrowserProvider, pages: PagesProvider, images?: ImageThreads): Providers {
  const providers: Providers = { ...sandboxProviders, ...localProviders(net, browser, pages), chat: sandboxChat({ tokensPerSecond: vendors.chat.sandboxTokensPerSecond }) };
  if (vendors.dataForSeo) Object.assign(providers, dataForSeoProviders({ ...vendors.dataForSeo, timeoutMs: vendors.timeoutMs }));
  if (vendors.googlePlaces) providers.places = googlePlacesProvider({ ...vendors.googlePlaces, timeoutMs: vendors.timeoutMs });
  if (vendors.namecheap) providers.registrar = namecheapRegistrar({ ...vendors.namecheap, timeoutMs: vendors.timeoutMs });
  if (vendors.tomba) providers.contacts = tombaContacts({ ...vendors.tomba, timeoutMs: vendors.timeoutMs });
  if (vendors.retail) providers.retail = openWebNinjaRetail({ ...vendors.retail, timeoutMs: vendors.timeoutMs });
  if (vendors.photos) providers.photos = withSandbox('photos', rapidApiPhotos({ ...vendors.photos, timeoutMs: vendors.timeoutMs }), providers.photos, PHOTOS_SERVED, logger);
  if (vendors.clips) providers.clips = withSandbox('clips', rapidApiClips({ ...vendors.clips, timeoutMs: vendors.timeoutMs }), providers.clips, CLIPS_SERVED, logger);
  if (vendors.video) providers.video = withSandbox('video', rapidApiVideo({ ...vendors.video, timeoutMs: vendors.timeoutMs }), providers.video, VIDEO_SERVED, logger);
  providers.media = createMediaProvider(vendors, images);
  if (vendors.whois.live) {
    const bootstrap = loadRdapBootstrap(vendors.whois.bootstrapFile);
    providers.whois = rdapWhois({ bootstrap, timeoutMs: vendors.timeoutMs, agent: net.agent });
    logger.info({ bootstrapFile: vendors.whois.bootstrapFile ?? 'shipped', publication: bootstrap.publication }, `RDAP bootstrap: ${vendors.whois.bootstrapFile ?? 'the shipped copy'}, published ${bootstrap.publication ?? '(undated)'}`);
  }
  if (vendors.chat.upstreams.length > 0) {
    providers.chat = openAiCompatibleChat(vendors.chat.upstreams, {
      firstByteTimeoutMs: vendors.chat.firstByteTimeoutMs,
      onFailover: ({ upstream, model, error }) => logger.warn({ upstream, model, detail: error.detail }, `chat upstream ${upstream} failed for ${model}; trying the next`),
    });
    logger.info({ upstreams: vendors.chat.upstreams.map((upstream) => upstream.name) }, `chat upstreams, in order: ${vendors.chat.upstreams.map((upstream) => upstream.name).join(', ')}`);
  }
  for (const [family, provider] of Object.entries(providers)) {
    if (provider.name === 'sandbox' && family === 'whois') {
      logger.info({ family, provider: provider.name }, 'provider whois: sandbox (synthetic data; TOLLGATE_LIVE_LOOKUPS=false)');
    } else if (provider.name === 'sandbox') {
      logger.info({ family, provider: provider.name }, `provider ${family}: sandbox (synthetic data; configure a vendor's credentials to serve real data)`);
    } else {
      logger.info({ family, provider: provider.name }, `provider ${family}: ${provider.name}`);
    }
  }
  return providers;
}

/**
 * A vendor's operations, and the sandbox's for any it does not offer, said at start-up. The
 * sandbox's stand-ins keep labelling their answers `sandbox`: each method reports its own provider.
 */
function withSandbox<Family extends ProviderFamily>(family: string, vendor: Family, sandbox: Family, served: ReadonlySet<string>, logger: FastifyBaseLogger): Family {
  const methods = Object.keys(sandbox).filter((key) => key !== 'name');
  const onSandbox = methods.filter((method) => !served.has(method));
  logger.info(
    { family, provider: vendor.name, served: methods.filter((method) => served.has(method)), sandbox: onSandbox },
    `provider ${family}: ${vendor.name} serves ${methods.filter((method) => served.has(method)).join(', ')}; ${onSandbox.length > 0 ? `the sandbox serves ${onSandbox.join(', ')}` : 'nothing stays on the sandbox'}`,
  );
  if (onSandbox.length === 0) return vendor;
  const reportAs = (name: string, method: (...args: unknown[]) => unknown) => (...args: unknown[]) => {
    // The reporting wrapper names the family's provider; a stand-in names itself as well.
    (args[args.length - 1] as CallOptions | undefined)?.providerCalled?.(name);
    return method(...args);
  };
  const combined: Record<string, unknown> = { name: vendor.name };
  for (const method of methods) {
    const source = (served.has(method) ? vendor : sandbox) as unknown as Record<string, (...args: unknown[]) => unknown>;
    combined[method] = served.has(method) ? source[method]!.bind(source) : reportAs(sandbox.name, source[method]!.bind(source));
  }
  return combined as unknown as Family;
}

/** The media family alone (what `tollgate worker` needs): fal when FAL_KEY is set, else the sandbox (its images made on `images`' threads). */
export function createMediaProvider(vendors: VendorSettings, images?: ImageThreads): MediaProvider {
  if (vendors.media.fal) return falMedia({ ...vendors.media.fal, timeoutMs: vendors.timeoutMs });
  return sandboxMedia({ jobSeconds: vendors.media.sandboxJobSeconds, ...(images ? { makeImage: (request) => images.make(request) } : {}) });
}

/**
 * The providers, each method telling the call it serves that this provider served it (the call
 * is the last argument, `CallOptions`): a provider is recorded when it is called, not when it is
 * read, so the response can say who served it (`x-tollgate-provider`). Wrapped once, at start.
 */
export function reportingProviders(providers: Providers): Providers {
  const reporting: Record<string, unknown> = {};
  for (const [family, provider] of Object.entries(providers) as Array<[string, ProviderFamily & Record<string, unknown>]>) {
    // Plain values (a family's `enabled` flag) are read as they are; methods are wrapped.
    const wrapped: Record<string, unknown> = Object.fromEntries(Object.entries(provider).filter(([, value]) => typeof value !== 'function'));
    wrapped.name = provider.name;
    for (const member of methodNames(provider)) {
      const method = provider[member] as (...args: unknown[]) => unknown;
      wrapped[member] = (...args: unknown[]) => {
        (args[args.length - 1] as CallOptions | undefined)?.providerCalled?.(provider.name);
        return method.apply(provider, args);
      };
    }
    reporting[family] = wrapped;
  }
  return reporting as unknown as Providers;
}

/** A family's methods, own or inherited (adapters may be class instances). */
function methodNames(provider: object): string[] {
  const names = new Set<string>();
  for (let layer = provider; layer && layer !== Object.prototype; layer = Object.getPrototypeOf(layer)) {
    for (const name of Object.getOwnPropertyNames(layer)) {
      if (name !== 'constructor' && typeof (provider as Record<string, unknown>)[name] === 'function') names.add(name);
    }
  }
  return [...names];
}

/**
 * The endpoints the configured vendors would serve at a loss (their requests cost the operator more
 * than the endpoint's price), each with the reason: by default these are not served (the pipeline
 * answers 501 NOT_OFFERED, uncharged) unless the operator lists them in TOLLGATE_SERVE_BELOW_COST.
 * Served by the sandbox, nothing costs anything, so nothing is listed.
 */
export function belowCostEndpoints(vendors: VendorSettings): ReadonlyMap<string, string> {
  const belowCost = new Map<string, string>();
  if (vendors.dataForSeo) for (const [id, reason] of Object.entries(DATAFORSEO_BELOW_COST)) belowCost.set(id, reason);
  return belowCost;
}

/**
 * What `x-tollgate-provider` says: `sandbox` or `live` (vendors stay the operator's business),
 * or the vendors' names when the operator chooses to expose them.
 */
export function providerLabel(used: ReadonlySet<string>, exposeVendorNames: boolean): string | undefined {
  const label = (name: string) => (exposeVendorNames || name === 'sandbox' ? name : 'live');
  // Most calls use one provider: its label, without gathering a set.
  if (used.size <= 1) return used.size === 0 ? undefined : label(used.values().next().value!);
  return [...new Set([...used].map(label))].join(', ');
}
