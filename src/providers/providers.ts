import type { KeywordsProvider } from './families/keywords';
import type { DomainAnalyticsProvider } from './families/domain-analytics';
import type { BacklinksProvider } from './families/backlinks';
import type { ContentProvider } from './families/content';
import type { SerpProvider } from './families/serp';
import type { PlacesProvider } from './families/places';
import type { PlaceReviewsProvider } from './families/reviews';
import type { RegistrarProvider } from './families/registrar';
import type { ChatProvider } from './families/chat';
import type { WebProvider } from './families/web';
import type { PagesProvider } from './families/pages';
import type { MediaProvider } from './families/media';
import type { DnsProvider } from './families/dns';
import type { WhoisProvider } from './families/whois';
import type { BrowserProvider } from './families/browser';
import type { SmtpProbeProvider } from './families/smtp';
import type { ContactsProvider } from './families/contacts';
import type { RetailProvider } from './families/retail';
import type { PhotosProvider } from './families/photos';
import type { ClipsProvider } from './families/clips';
import type { VideoProvider } from './families/video';

/**
 * Capability interfaces, one per family (declared in ./families). Each family is served either by
 * a vendor adapter (when its credentials are configured) or by the deterministic sandbox; `name`
 * says which, and ends up in the `x-tollgate-provider` header.
 */
export interface ProviderFamily {
  readonly name: string;
}

/** What every provider method receives besides its request: the call it serves. */
export interface CallOptions {
  /** Aborted when the client goes away or the call's deadline passes; carries the deadline (core/deadline.ts). */
  readonly signal: AbortSignal;
  /** Told the name of each provider the call uses (set by the pipeline, for `x-tollgate-provider`). */
  providerCalled?(name: string): void;
  /**
   * Told what each vendor request costs the operator (the adapter's price list, costs.ts), as it
   * is made: recorded with the call for the operator's margin per endpoint.
   */
  upstreamCost?(micros: number): void;
}

/**
 * A page of a list a provider walks (the photo platform's, the short-video platform's): `cursor`
 * is where the previous page stopped, as this provider said it (`nextCursor`); the endpoint keeps
 * it inside its own continuation token, bound to the endpoint and the list, so a provider never
 * sees a cursor of another list. `nextCursor` null: the last page.
 */
export interface CursorPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

export interface PagedRequest {
  cursor?: string | undefined;
}

export interface Providers {
  keywords: KeywordsProvider;
  domainAnalytics: DomainAnalyticsProvider;
  backlinks: BacklinksProvider;
  content: ContentProvider;
  serp: SerpProvider;
  places: PlacesProvider;
  reviews: PlaceReviewsProvider;
  registrar: RegistrarProvider;
  chat: ChatProvider;
  web: WebProvider;
  pages: PagesProvider;
  dns: DnsProvider;
  whois: WhoisProvider;
  browser: BrowserProvider;
  contacts: ContactsProvider;
  media: MediaProvider;
  smtp: SmtpProbeProvider;
  retail: RetailProvider;
  photos: PhotosProvider;
  clips: ClipsProvider;
  video: VideoProvider;
}

/** The families served by Tollgate itself (src/providers/local): no sandbox stands in for them. */
export type LocalFamily = 'web' | 'pages' | 'dns' | 'browser' | 'smtp';

/** The families a vendor or the sandbox serves. */
export type VendorProviders = Omit<Providers, LocalFamily>;
