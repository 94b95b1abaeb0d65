import type { DnsAnswer, DnsRecordType } from '../../net/resolver';
import type { CallOptions, ProviderFamily } from '../providers';

/** DNS lookups through the resolvers Tollgate is configured with (TOLLGATE_DNS_SERVERS). */
export interface DnsProvider extends ProviderFamily {
  /** NXDOMAIN is an answer; resolvers that fail or stay silent are a FetchFailed (502). */
  query(name: string, type: DnsRecordType, call: CallOptions): Promise<DnsAnswer>;
}
