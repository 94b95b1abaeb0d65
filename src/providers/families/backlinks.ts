import type { CallOptions, ProviderFamily } from '../providers';
import type {
  Anchor,
  Backlink,
  BacklinkSummary,
  DomainIntersection,
  HistoryRow,
  PageIntersection,
  ReferringDomain,
} from '../../schemas/backlinks';

export interface BacklinkHistoryRequest {
  /** A bare domain. */
  target: string;
  /** YYYY-MM-DD; absent = from the earliest month the index holds for the target. */
  dateFrom?: string;
  /** YYYY-MM-DD, already defaulted to today by the endpoint. */
  dateTo: string;
}

export interface BacklinkListRequest {
  /** A domain, subdomain or page URL. */
  target: string;
  limit: number;
}

export interface BacklinkIntersectionRequest {
  /** 2 to 20 distinct targets. */
  targets: string[];
  limit: number;
}

/** Backlink index: history, anchors, summary, lists, intersections. */
export interface BacklinksProvider extends ProviderFamily {
  /** One row per month of the range the index has data for, oldest first, dated on the month's last day. */
  history(request: BacklinkHistoryRequest, options: CallOptions): Promise<HistoryRow[]>;
  /** Anchor texts, most backlinks first. */
  anchors(request: BacklinkListRequest, options: CallOptions): Promise<Anchor[]>;
  summary(request: { target: string }, options: CallOptions): Promise<BacklinkSummary>;
  backlinks(request: BacklinkListRequest, options: CallOptions): Promise<Backlink[]>;
  /** Linking domains, most backlinks first. */
  referringDomains(request: BacklinkListRequest, options: CallOptions): Promise<ReferringDomain[]>;
  /** Domains linking to every target. */
  domainIntersection(request: BacklinkIntersectionRequest, options: CallOptions): Promise<DomainIntersection[]>;
  /** Pages linking to every target. */
  pageIntersection(request: BacklinkIntersectionRequest, options: CallOptions): Promise<PageIntersection[]>;
}
