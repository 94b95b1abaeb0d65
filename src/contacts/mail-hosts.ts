import type { DnsProvider } from '../providers/families/dns';
import type { CallOptions } from '../providers/providers';
import { isWebmailDomain } from './domain-lists';

/**
 * A domain's mail servers, best first: its MX records by priority (RFC 5321 §5.1), or, when it has
 * none, the domain itself if it has an address (the implicit MX). Empty when the domain does not
 * exist, has neither, or publishes a null MX (RFC 7505: "this domain accepts no mail"). Resolvers
 * that fail throw (FetchFailed, 502).
 */
export async function mailExchangers(domain: string, dns: DnsProvider, call: CallOptions): Promise<string[]> {
  const mx = await dns.query(domain, 'MX', call);
  if (mx.status === 'NXDOMAIN') return [];
  const records = mx.records.flatMap((record) => (record.type === 'MX' ? [{ host: record.exchange.toLowerCase().replace(/\.$/, ''), priority: record.priority }] : []));
  if (records.length > 0) {
    if (records.length === 1 && records[0]!.host === '') return [];
    const ordered = records.filter((record) => record.host !== '').sort((a, b) => a.priority - b.priority || a.host.localeCompare(b.host));
    return [...new Set(ordered.map((record) => record.host))];
  }
  for (const type of ['A', 'AAAA'] as const) {
    const answer = await dns.query(domain, type, call);
    if (answer.records.some((record) => record.type === type)) return [domain];
  }
  return [];
}

/**
 * Mail hosting services told apart by their MX host names (the name's domain suffix), for
 * verify's `smtpProvider`: the service a domain's mail goes to, as its customers know it. Where
 * the same servers serve a free personal service too, `personal` names it: gmail.com's mail is
 * Gmail, a company's on Google's servers Google Workspace.
 */
const MAIL_SERVICES: ReadonlyArray<{ suffixes: string[]; name: string; personal?: string }> = [
  { suffixes: ['google.com', 'googlemail.com', 'smtp.goog'], name: 'Google Workspace', personal: 'Gmail' },
  { suffixes: ['outlook.com', 'hotmail.com', 'office365.us'], name: 'Microsoft 365', personal: 'Outlook.com' },
  { suffixes: ['yahoodns.net'], name: 'Yahoo Mail' },
  { suffixes: ['icloud.com', 'me.com'], name: 'iCloud Mail' },
  { suffixes: ['zoho.com', 'zoho.eu', 'zoho.in', 'zoho.com.au', 'zohomail.com'], name: 'Zoho Mail' },
  { suffixes: ['protonmail.ch', 'proton.me'], name: 'Proton Mail' },
  { suffixes: ['messagingengine.com'], name: 'Fastmail' },
  { suffixes: ['tutanota.de'], name: 'Tuta' },
  { suffixes: ['yandex.net', 'yandex.ru'], name: 'Yandex Mail' },
  { suffixes: ['mail.ru'], name: 'Mail.ru' },
  { suffixes: ['qq.com'], name: 'Tencent Mail' },
  { suffixes: ['naver.com'], name: 'Naver Mail' },
  { suffixes: ['gmx.net', 'gmx.com', 'gmx.de'], name: 'GMX' },
  { suffixes: ['web.de'], name: 'WEB.DE' },
  { suffixes: ['mimecast.com', 'mimecast.co.za'], name: 'Mimecast' },
  { suffixes: ['pphosted.com', 'ppe-hosted.com'], name: 'Proofpoint' },
  { suffixes: ['barracudanetworks.com'], name: 'Barracuda' },
  { suffixes: ['iphmx.com'], name: 'Cisco Secure Email' },
  { suffixes: ['messagelabs.com'], name: 'Broadcom Email Security' },
  { suffixes: ['mailcontrol.com'], name: 'Forcepoint' },
  { suffixes: ['amazonaws.com', 'awsapps.com'], name: 'Amazon WorkMail / SES' },
  { suffixes: ['mailgun.org'], name: 'Mailgun' },
  { suffixes: ['sendgrid.net'], name: 'SendGrid' },
  { suffixes: ['mailchannels.net'], name: 'MailChannels' },
  { suffixes: ['emailsrvr.com'], name: 'Rackspace Email' },
  { suffixes: ['secureserver.net'], name: 'GoDaddy' },
  { suffixes: ['ionos.com', 'ionos.de', 'ionos.co.uk', '1and1.com', '1and1.co.uk', 'kundenserver.de'], name: 'IONOS' },
  { suffixes: ['ovh.net'], name: 'OVHcloud' },
  { suffixes: ['hostinger.com'], name: 'Hostinger' },
  { suffixes: ['registrar-servers.com', 'privateemail.com'], name: 'Namecheap Private Email' },
  { suffixes: ['improvmx.com'], name: 'ImprovMX' },
  { suffixes: ['mx.cloudflare.net'], name: 'Cloudflare Email Routing' },
];

/**
 * The mail service behind `domain`'s `mxHosts` (the first host that one is known for), else null;
 * for a webmail `domain` (gmail.com, hotmail.com) the personal service it is (Gmail, Outlook.com).
 */
export function mailServiceOf(mxHosts: readonly string[], domain: string): string | null {
  for (const host of mxHosts) {
    const name = host.toLowerCase().replace(/\.$/, '');
    const service = MAIL_SERVICES.find((entry) => entry.suffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`)));
    if (service === undefined) continue;
    return service.personal !== undefined && isWebmailDomain(domain) ? service.personal : service.name;
  }
  return null;
}
