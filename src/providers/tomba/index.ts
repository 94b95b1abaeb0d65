import { randomBytes } from 'node:crypto';
import type { ContactsProvider } from '../families/contacts';
import type { CallOptions } from '../providers';
import { emptyContact, type Contact, type Department } from '../../schemas/contact';
import { readAnswer, TombaClient, type TombaSettings } from './client';
import { DOMAIN_SEARCH_PAGE_SIZE } from './costs';
import { companyOf, emailCountOf, locationsOf, patternsOf, similarOf } from './company-mapping';
import { contactOf, contextOf, domainSearchCompanyOf, hasAny, personOf } from './contact-mapping';
import { countryCode, domainOf, sourcesOf, vendorProfileUrl } from './values';
import {
  CombinedAnswer,
  CompanyAnswer,
  CountAnswer,
  DomainSearchAnswer,
  FinderAnswer,
  FormatAnswer,
  LocationAnswer,
  PersonAnswer,
  PhoneAnswer,
  SimilarAnswer,
  SourcesAnswer,
  VerifierAnswer,
  type VendorContact,
  type VendorOrganization,
} from './wire';

export type { TombaSettings } from './client';

/** The departments Tomba's domain-search filter takes (its list lacks our `education` and `healthcare`). */
const TOMBA_DEPARTMENTS: ReadonlySet<Department> = new Set([
  'engineering', 'sales', 'finance', 'hr', 'it', 'marketing', 'operations', 'management', 'executive', 'legal',
  'support', 'communication', 'software', 'security', 'pr', 'warehouse', 'diversity', 'administrative', 'facilities', 'accounting',
]);

/** The verifier's verdicts under which the mail server was not asked (webmail is not probed; unknown: it could not tell). */
const NOT_PROBED = new Set(['webmail', 'unknown']);

/**
 * Tomba (https://api.tomba.io/v1) for the contacts family: one GET per lookup (domain-search:
 * one per page of 10 addresses), answers mapped field by field (./contact-mapping.ts,
 * ./company-mapping.ts). A lookup that finds nothing is a success with null fields and
 * confidence 0; the vendor failing is a 502 (./errors.ts).
 */
export function tombaContacts(settings: TombaSettings): ContactsProvider {
  return tombaContactsOn(new TombaClient(settings));
}

/** The family on a given client (a recording one prices what each endpoint asks for: ./costs.ts). */
export function tombaContactsOn(client: TombaClient): ContactsProvider {
  async function finderFamily(path: 'enrich' | 'email-finder' | 'linkedin', query: Record<string, string>, options: CallOptions): Promise<Contact> {
    const answer = readAnswer(await client.get({ path, query }, options), FinderAnswer);
    return answer?.data ? contactOf(answer.data) : emptyContact();
  }

  async function verify(email: string, options: CallOptions) {
    const answer = readAnswer(await client.get({ path: 'email-verifier', query: { email } }, options), VerifierAnswer);
    const verdict = answer?.data?.email;
    const status = verdict?.status?.toLowerCase() ?? null;
    const probed = verdict?.smtp_server === true && status !== null && !NOT_PROBED.has(status);
    return {
      exists: probed ? (verdict?.smtp_check ?? null) : null,
      acceptAll: probed ? (verdict?.accept_all ?? null) : null,
      sources: sourcesOf(answer?.data?.sources),
    };
  }

  return {
    name: 'tomba',

    enrich({ email }, options) {
      return finderFamily('enrich', { email }, options);
    },

    finder({ domain, company, firstName, lastName }, options) {
      const target: Record<string, string> = domain !== null ? { domain } : { company: company ?? '' };
      return finderFamily('email-finder', { ...target, first_name: firstName, last_name: lastName }, options);
    },

    async profileFinder({ url, full }, options) {
      const contact = await finderFamily('linkedin', { url: vendorProfileUrl(url), ...(full ? { full: 'true' } : {}) }, options);
      return full ? contact : { ...contact, sources: [] };
    },

    async person({ email }, options) {
      const answer = readAnswer(await client.get({ path: 'people/find', query: { email } }, options), PersonAnswer);
      return personOf(email, answer?.data);
    },

    async combined({ email }, options) {
      const answer = readAnswer(await client.get({ path: 'combined/find', query: { email } }, options), CombinedAnswer);
      const company = answer?.data?.company;
      // The company is the address's domain's (the vendor's own domain for it when it sends one).
      const companyDomain = domainOf(company?.domain ?? null) ?? email.slice(email.lastIndexOf('@') + 1);
      return { person: personOf(email, answer?.data?.person), company: hasAny(company) ? companyOf(companyDomain, company) : null };
    },

    async company({ domain }, options) {
      const answer = readAnswer(await client.get({ path: 'companies/find', query: { domain } }, options), CompanyAnswer);
      return companyOf(domain, answer?.data);
    },

    async count({ domain }, options) {
      const answer = readAnswer(await client.get({ path: 'email-count', query: { domain } }, options), CountAnswer);
      return emailCountOf(answer?.data);
    },

    async domainSearch(request, options) {
      const target: Record<string, string> = request.domain !== null ? { domain: request.domain } : { company: request.company ?? '' };
      // A department Tomba cannot filter by: nothing it knows matches, and no search is spent on it.
      if (request.department !== null && !TOMBA_DEPARTMENTS.has(request.department)) {
        return { company: domainSearchCompanyOf(request.domain, null), emails: [], total: 0 };
      }
      const filters: Record<string, string> = {
        ...(request.department !== null ? { department: request.department } : {}),
        ...(request.country !== null ? { country: countryCode(request.country) ?? request.country } : {}),
      };
      // Our page of `limit` from `offset`, read as Tomba's pages of 10 (each at most one search).
      const offset = (request.page - 1) * request.limit;
      const firstPage = Math.floor(offset / DOMAIN_SEARCH_PAGE_SIZE) + 1;
      const lastPage = Math.floor((offset + request.limit - 1) / DOMAIN_SEARCH_PAGE_SIZE) + 1;
      const rows: VendorContact[] = [];
      let organization: VendorOrganization | null | undefined;
      let total: number | undefined;
      for (let page = firstPage; page <= lastPage; page += 1) {
        const query = { ...target, ...filters, page: String(page), limit: String(DOMAIN_SEARCH_PAGE_SIZE) };
        const answer = readAnswer(await client.get({ path: 'domain-search', query }, options), DomainSearchAnswer);
        if (!answer?.data) break;
        organization ??= answer.data.organization;
        total ??= answer.meta?.total ?? undefined;
        const emails = answer.data.emails ?? [];
        rows.push(...emails);
        if (emails.length < DOMAIN_SEARCH_PAGE_SIZE || (total !== undefined && page * DOMAIN_SEARCH_PAGE_SIZE >= total)) break;
      }
      const start = offset - (firstPage - 1) * DOMAIN_SEARCH_PAGE_SIZE;
      const company = domainSearchCompanyOf(request.domain, organization);
      const context = contextOf(company, organization);
      return {
        company,
        emails: rows.slice(start, start + request.limit).map((row) => contactOf(row, context)),
        total: Math.round(total ?? (firstPage - 1) * DOMAIN_SEARCH_PAGE_SIZE + rows.length),
      };
    },

    async format({ domain }, options) {
      const answer = readAnswer(await client.get({ path: 'email-format', query: { domain } }, options), FormatAnswer);
      return patternsOf(answer?.data);
    },

    async locations({ domain }, options) {
      const answer = readAnswer(await client.get({ path: 'location', query: { domain } }, options), LocationAnswer);
      return locationsOf(answer?.data);
    },

    async similar({ domain }, options) {
      const answer = readAnswer(await client.get({ path: 'similar', query: { domain } }, options), SimilarAnswer);
      return similarOf(answer?.data);
    },

    async sources({ email }, options) {
      const answer = readAnswer(await client.get({ path: 'email-sources', query: { email } }, options), SourcesAnswer);
      return { sources: sourcesOf(answer?.data) };
    },

    async phone(request, options) {
      const query: Record<string, string> = 'email' in request ? { email: request.email } : 'domain' in request ? { domain: request.domain } : { linkedin: vendorProfileUrl(request.prof) };
      const found = readAnswer(await client.get({ path: 'phone-finder', query }, options), PhoneAnswer)?.data;
      return {
        number: found?.e164_format ?? found?.intl_format ?? found?.local_format ?? null,
        countryCode: countryCode(found?.country_code ?? null),
        carrier: found?.carrier ?? null,
        email: found?.email?.toLowerCase() ?? null,
        domain: domainOf(found?.domain ?? null),
      };
    },

    mailbox({ email }, options) {
      return verify(email, options);
    },

    async acceptsAll({ domain }, options) {
      // Catch-all is a domain's answer to an address nobody has: a random one, never a real person's.
      const probe = `${randomBytes(9).toString('hex')}@${domain}`;
      return (await verify(probe, options)).acceptAll;
    },
  };
}
