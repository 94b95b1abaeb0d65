import type { Contact, DomainSearchCompany, Person } from '../../schemas/contact';
import type { VendorContact, VendorOrganization, VendorPerson } from './wire';
import { countryCode, department, domainOf, gender, oneOf, profileUrl, score, seniority, sourcesOf, year } from './values';

/**
 * Tomba's people in our records, field by field (snake_case finder answers and domain-search rows
 * to Contact; Clearbit-shaped `people/find` answers to Person). What the vendor does not send is
 * null (false for the flags, 0 for the confidence), never guessed.
 */

const VERIFICATION_STATUSES = ['valid', 'invalid', 'accept_all', 'unknown'] as const;

/** What a domain-search row inherits from its organization when the row itself does not say. */
export interface ContactContext {
  company: string | null;
  companyDomain: string | null;
  acceptAll: boolean | null;
  disposable: boolean | null;
  webmail: boolean | null;
}

export function contactOf(vendor: VendorContact | null, context?: ContactContext): Contact {
  const email = vendor?.email?.toLowerCase() ?? null;
  const status = vendor?.verification?.status?.toLowerCase() ?? null;
  const firstName = vendor?.first_name ?? null;
  const lastName = vendor?.last_name ?? null;
  return {
    email,
    firstName,
    lastName,
    fullName: vendor?.full_name ?? (firstName !== null && lastName !== null ? `${firstName} ${lastName}` : null),
    company: vendor?.company ?? context?.company ?? null,
    companyDomain: domainOf(vendor?.website_url ?? null) ?? context?.companyDomain ?? null,
    position: vendor?.position ?? null,
    department: department(vendor?.department ?? null),
    seniority: seniority(vendor?.seniority ?? null),
    gender: gender(vendor?.gender ?? null),
    country: countryCode(vendor?.country ?? null),
    confidenceScore: email === null ? 0 : score(vendor?.score),
    type: email === null ? null : oneOf(vendor?.type ?? null, ['personal', 'generic'] as const),
    verified: status === 'valid',
    // Tomba's other verdicts (webmail, disposable, risky) say the mailbox was not confirmed either way.
    verificationStatus: status === null ? null : (oneOf(status, VERIFICATION_STATUSES) ?? 'unknown'),
    acceptAll: vendor?.accept_all ?? context?.acceptAll ?? false,
    disposable: vendor?.disposable ?? context?.disposable ?? false,
    webmail: vendor?.webmail ?? context?.webmail ?? false,
    hasPhone: vendor?.phone_number === true || (typeof vendor?.phone_number === 'string' && vendor.phone_number.trim() !== ''),
    prof: profileUrl('prof', vendor?.linkedin ?? null, 'person'),
    micro: profileUrl('micro', vendor?.twitter ?? null, 'person'),
    sources: sourcesOf(vendor?.sources),
  };
}

/** The profile domain-search returns beside the addresses; `domain` is the one asked about, or the organization's. */
export function domainSearchCompanyOf(domain: string | null, organization: VendorOrganization | null | undefined): DomainSearchCompany {
  const location = organization?.location;
  const social = organization?.social_links;
  return {
    domain: domain ?? domainOf(organization?.website_url ?? null) ?? '',
    name: organization?.organization ?? null,
    description: organization?.description ?? null,
    industry: organization?.industries ?? null,
    founded: year(organization?.founded ?? null),
    size: organization?.company_size ?? null,
    revenue: organization?.revenue ?? null,
    type: organization?.company_type ?? null,
    emailPattern: organization?.pattern ?? null,
    acceptAll: organization?.accept_all ?? null,
    location: {
      address: location?.street_address ?? null,
      city: location?.city ?? null,
      state: location?.state ?? null,
      postalCode: location?.postal_code ?? organization?.postal_code ?? null,
      country: countryCode(location?.country ?? null),
    },
    social: {
      network: profileUrl('network', social?.facebook_url ?? null, 'company'),
      code: profileUrl('code', social?.github_url ?? null, 'company'),
      photos: profileUrl('photos', social?.instagram_url ?? null, 'company'),
      prof: profileUrl('prof', social?.linkedin_url ?? null, 'company'),
      micro: profileUrl('micro', social?.twitter_url ?? null, 'company'),
      video: profileUrl('video', social?.youtube_url ?? null, 'company'),
    },
  };
}

/** What a domain-search row inherits from the answer's organization. */
export function contextOf(company: DomainSearchCompany, organization: VendorOrganization | null | undefined): ContactContext {
  return {
    company: company.name,
    companyDomain: company.domain === '' ? null : company.domain,
    acceptAll: organization?.accept_all ?? null,
    disposable: organization?.disposable ?? null,
    webmail: organization?.webmail ?? null,
  };
}

/** `people/find`'s answer (Clearbit's shape) as our Person; `email` is the address asked about. */
export function personOf(email: string, vendor: VendorPerson | null | undefined): Person {
  const employment = vendor?.employment;
  const geo = vendor?.geo;
  return {
    email,
    firstName: vendor?.name?.givenName ?? null,
    lastName: vendor?.name?.familyName ?? null,
    fullName: vendor?.name?.fullName ?? null,
    gender: gender(vendor?.gender ?? null),
    bio: vendor?.bio ?? null,
    location: vendor?.location ?? null,
    employment: {
      company: employment?.name ?? null,
      domain: domainOf(employment?.domain ?? null),
      title: employment?.title ?? null,
      role: employment?.role?.toLowerCase() ?? null,
      seniority: seniority(employment?.seniority ?? null),
    },
    geo: {
      city: geo?.city ?? null,
      state: geo?.state ?? null,
      country: geo?.country ?? null,
      countryCode: countryCode(geo?.countryCode ?? null),
    },
    social: {
      network: profileUrl('network', vendor?.facebook?.handle ?? null, 'person'),
      code: profileUrl('code', vendor?.github?.handle ?? null, 'person'),
      prof: profileUrl('prof', vendor?.linkedin?.handle ?? null, 'person'),
      micro: profileUrl('micro', vendor?.twitter?.handle ?? null, 'person'),
    },
  };
}

/** Whether a person answer holds anything (`{}` and all-null objects are "not found"). */
export function hasAny(value: object | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return Object.values(value).some((entry) => entry !== null && entry !== undefined && (typeof entry !== 'object' || hasAny(entry)));
}
