import { abortable } from '../../core/abortable';
import type { Net } from '../../net';
import type { DnsProvider } from '../families/dns';
import type { WebProvider } from '../families/web';
import type { PagesProvider } from '../families/pages';
import type { BrowserProvider } from '../families/browser';
import type { SmtpProbeProvider } from '../families/smtp';

/** Families Tollgate serves itself, with no vendor and no sandbox: real work on every install. */
export interface LocalFamilies {
  web: WebProvider;
  pages: PagesProvider;
  dns: DnsProvider;
  browser: BrowserProvider;
  smtp: SmtpProbeProvider;
}

/**
 * `browser` and `pages`: the browser pool's family (src/net/browser.ts) and the page readers'
 * (src/scrape/page-readers.ts), which the composition root creates and closes.
 */
export function localProviders(net: Net, browser: BrowserProvider, pages: PagesProvider): LocalFamilies {
  return {
    browser,
    pages,
    web: {
      name: 'local',
      fetchPage: (url, options, call) => net.fetcher.fetch(url, { ...options, signal: call.signal }),
    },
    dns: {
      name: 'local',
      query: (name, type, call) => abortable(net.resolver.query(name, type), call.signal),
    },
    smtp: {
      name: 'local',
      enabled: net.smtpProber.enabled,
      probe: (request, call) => net.smtpProber.probe(request, call.signal),
    },
  };
}
