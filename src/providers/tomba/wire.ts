import { z } from 'zod';

/**
 * Tomba's JSON answers, as far as this adapter reads them: loose objects (the vendor adds fields),
 * every field optional or nullable (absent or null means Tomba does not know it). Facts relied on,
 * read 2026-11-24 from Tomba's own material:
 *
 * - Base URL `https://api.tomba.io/v1`; every call is a GET authenticated by the `X-Tomba-Key` and
 *   `X-Tomba-Secret` headers (docs.tomba.io/api; official Go SDK tomba-io/go `tomba/init.go`,
 *   `tomba/consts.go`). Parameters travel in the query string (Go SDK `TombaCall(path, params)`,
 *   Node SDK `client.call(…, params)`): `email-finder` domain|company, first_name, last_name;
 *   `enrich` email; `linkedin` url, full; `email-verifier` email; `email-sources` email;
 *   `domain-search` domain|company, page, limit, department, country; `email-count`,
 *   `email-format`, `location`, `similar`, `companies/find` domain; `people/find`,
 *   `combined/find` email; `phone-finder` exactly one of email, domain, linkedin.
 * - Finder-family answers (email-finder, enrich, linkedin, author-finder) are
 *   `{data: {email, first_name, last_name, full_name, gender, country, position, company,
 *   website_url, twitter, linkedin, phone_number, accept_all, disposable, webmail, score,
 *   verification: {date, status}, sources: [{uri, website_url, extracted_on, last_seen_on,
 *   still_on_page}]}}` (Node SDK `lib/types/finder.ts`, Go SDK `models/Finder.go`); the
 *   domain-search rows add type, department and seniority (`lib/types/domain-search.ts`).
 * - A lookup that finds nothing answers 200 with `data: null` or `data: {}` (Tomba's own mock in
 *   tomba-io/clearbit-combined `test/main.test.ts`), and is not counted against the quota
 *   (docs.tomba.io/usage-and-quotas). Errors are `{errors: {type, message, code}}` with a 4xx or
 *   5xx status, types such as `params_invalid`, `rate_limit`, `unknown_record` (Go SDK
 *   `tomba/errors.go`); 429 is rate limiting (docs.tomba.io/rate-limits). The status of an
 *   exhausted monthly quota is not documented: 402 and 403 are read as quota or account problems.
 * - `email-verifier`: `{data: {email: {email, status (valid|invalid|accept_all|webmail|disposable|
 *   unknown), result, score, smtp_server, smtp_check, accept_all, …}, sources: […]}}`
 *   (docs.tomba.io/attributes/verifier; Node SDK `lib/types/verifier.ts`). Webmail addresses are
 *   not probed over SMTP.
 * - `domain-search`: `{data: {organization: {organization, website_url, description, industries,
 *   founded, company_size, revenue, company_type, pattern, accept_all, location: {country, city,
 *   state, street_address, postal_code}, social_links: {…_url}}, emails: […]}, meta: {total,
 *   pageSize, current, total_pages}}`; one search is counted per 1–10 addresses returned.
 * - `email-count`: `{data: {total, personal_emails, generic_emails, department: {…}, seniority:
 *   {junior, senior, executive}}}`; `email-format`: `{data: [{format, percentage}]}`; `location`:
 *   `{data: [{name (ISO 3166-1 alpha-2), total}]}` (docs.tomba.io/attributes/location);
 *   `similar`: `{data: [{website_url, name, industries}]}`; `email-sources`: `{email, data:
 *   [source…]}`; `phone-finder`: `{data: {email, domain, linkedin, valid, local_format,
 *   intl_format, e164_format, country_code, line_type, carrier, timezones}}` (an array only with
 *   `full=true`, which we never send); `domain-status`: `{domain, webmail, disposable}`, no
 *   catch-all flag (old docs tomba-io/docs `_domain-status.md`).
 * - `people/find`, `companies/find`, `combined/find` answer in Clearbit's camelCase shapes under
 *   `data` (`name: {fullName, givenName, familyName}`, `employment: {domain, name, title, role,
 *   seniority}`, `geo`, `linkedin: {handle}`, …; company `legalName`, `foundedYear`, `category`,
 *   `metrics`, `site: {phoneNumbers, emailAddresses}`; combined `{person, company}`), as Tomba's
 *   Clearbit-replacement guides and Actors show (docs.tomba.io/migration/clearbit/*,
 *   tomba-io/clearbit-person, clearbit-company, clearbit-combined).
 */

/** A string Tomba may send as a number (postal codes, years) or as an empty string. */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const trimmed = String(value).trim();
    return trimmed === '' ? null : trimmed;
  });

const flag = z.boolean().nullish();
const count = z.number().nonnegative().nullish();

export const VendorSource = z.looseObject({
  uri: text,
  website_url: text,
  extracted_on: text,
  last_seen_on: text,
  still_on_page: flag,
});
export type VendorSource = z.infer<typeof VendorSource>;

const Verification = z.looseObject({ date: text, status: text }).nullish();

/** A contact as the finder family and domain-search rows send it. */
export const VendorContact = z.looseObject({
  email: text,
  first_name: text,
  last_name: text,
  full_name: text,
  gender: text,
  country: text,
  position: text,
  department: text,
  seniority: text,
  type: text,
  company: text,
  website_url: text,
  twitter: text,
  linkedin: text,
  /** `true` when a number is known (some answers send the number itself). */
  phone_number: z.union([z.boolean(), z.string()]).nullish(),
  accept_all: flag,
  disposable: flag,
  webmail: flag,
  score: z.number().nullish(),
  verification: Verification,
  sources: z.array(VendorSource).nullish(),
});
export type VendorContact = z.infer<typeof VendorContact>;

/** `data: null` or `data: {}`: nothing found. */
export const FinderAnswer = z.looseObject({ data: VendorContact.nullable() });

export const VerifierAnswer = z.looseObject({
  data: z
    .looseObject({
      email: z
        .looseObject({
          email: text,
          status: text,
          result: text,
          score: z.number().nullish(),
          smtp_server: flag,
          smtp_check: flag,
          accept_all: flag,
          webmail: flag,
          disposable: flag,
        })
        .nullish(),
      sources: z.array(VendorSource).nullish(),
    })
    .nullable(),
});
export type VerifierAnswer = z.infer<typeof VerifierAnswer>;

export const VendorOrganization = z.looseObject({
  organization: text,
  website_url: text,
  description: text,
  industries: text,
  founded: text,
  company_size: text,
  revenue: text,
  company_type: text,
  pattern: text,
  accept_all: flag,
  disposable: flag,
  webmail: flag,
  postal_code: text,
  location: z.looseObject({ country: text, city: text, state: text, street_address: text, postal_code: text }).nullish(),
  social_links: z
    .looseObject({ facebook_url: text, github_url: text, instagram_url: text, linkedin_url: text, twitter_url: text, youtube_url: text })
    .nullish(),
});
export type VendorOrganization = z.infer<typeof VendorOrganization>;

export const DomainSearchAnswer = z.looseObject({
  data: z.looseObject({ organization: VendorOrganization.nullish(), emails: z.array(VendorContact).nullish() }).nullable(),
  meta: z.looseObject({ total: count, pageSize: count, current: count, total_pages: count }).nullish(),
});
export type DomainSearchAnswer = z.infer<typeof DomainSearchAnswer>;

export const CountAnswer = z.looseObject({
  data: z
    .looseObject({
      total: count,
      personal_emails: count,
      generic_emails: count,
      department: z.record(z.string(), z.number().nonnegative().nullable()).nullish(),
      seniority: z.record(z.string(), z.number().nonnegative().nullable()).nullish(),
    })
    .nullable(),
});

export const FormatAnswer = z.looseObject({
  data: z.array(z.looseObject({ format: text, percentage: z.number().nullish() })).nullable(),
});

export const LocationAnswer = z.looseObject({
  data: z.array(z.looseObject({ name: text, total: count })).nullable(),
});

export const SimilarAnswer = z.looseObject({
  data: z.array(z.looseObject({ website_url: text, name: text, industries: text })).nullable(),
});

export const SourcesAnswer = z.looseObject({ data: z.array(VendorSource).nullable() });

export const VendorPhone = z.looseObject({
  email: text,
  domain: text,
  linkedin: text,
  valid: flag,
  local_format: text,
  intl_format: text,
  e164_format: text,
  country_code: text,
  line_type: text,
  carrier: text,
});
export const PhoneAnswer = z.looseObject({ data: VendorPhone.nullable() });

const Handle = z.looseObject({ handle: text }).nullish();

/** Clearbit's person shape, as `people/find` and `combined/find` send it. */
export const VendorPerson = z.looseObject({
  name: z.looseObject({ fullName: text, givenName: text, familyName: text }).nullish(),
  email: text,
  gender: text,
  bio: text,
  location: text,
  geo: z.looseObject({ city: text, state: text, country: text, countryCode: text }).nullish(),
  employment: z.looseObject({ domain: text, name: text, title: text, role: text, seniority: text }).nullish(),
  linkedin: Handle,
  twitter: Handle,
  facebook: Handle,
  github: Handle,
});
export type VendorPerson = z.infer<typeof VendorPerson>;

/** Clearbit's company shape, as `companies/find` and `combined/find` send it. */
export const VendorCompany = z.looseObject({
  name: text,
  legalName: text,
  domain: text,
  description: text,
  foundedYear: text,
  logo: text,
  category: z.looseObject({ industry: text, sector: text, sicCode: text, naicsCode: text }).nullish(),
  geo: z.looseObject({ streetAddress: text, city: text, state: text, postalCode: text, country: text, countryCode: text }).nullish(),
  metrics: z.looseObject({ employees: text, employeesRange: text, estimatedAnnualRevenue: text, annualRevenue: text }).nullish(),
  site: z.looseObject({ phoneNumbers: z.array(z.string()).nullish(), emailAddresses: z.array(z.string()).nullish() }).nullish(),
  linkedin: Handle,
  twitter: Handle,
  facebook: Handle,
});
export type VendorCompany = z.infer<typeof VendorCompany>;

export const PersonAnswer = z.looseObject({ data: VendorPerson.nullable() });
export const CompanyAnswer = z.looseObject({ data: VendorCompany.nullable() });
export const CombinedAnswer = z.looseObject({
  data: z.looseObject({ person: VendorPerson.nullish(), company: VendorCompany.nullish() }).nullable(),
});

/** The error envelope; `message` is read for nothing (it may echo the address or name asked about). */
export const VendorError = z.looseObject({
  errors: z.looseObject({ type: z.string().optional(), code: z.union([z.number(), z.string()]).optional() }),
});
