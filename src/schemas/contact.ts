import { z } from 'zod';

/**
 * The email and contact area's records (SPEC.md "Contact record", "Person record", "Phone result";
 * ENDPOINT-CATALOG.md "email"), camelCase, null where nothing is known. These answers are about
 * people: see the README's "Personal data" for what Tollgate keeps of them (nothing but the call).
 */

const text = (description: string, example?: string) =>
  z.string().nullable().meta({ description: `${description}; null when unknown.`, ...(example === undefined ? {} : { examples: [example] }) });

export const EmailSource = z
  .object({
    domain: z.string().meta({ description: 'The site of the public page where the address was seen.', examples: ['blog.acme-widgets.example'] }),
    firstSeen: z.string().meta({ description: 'When it was first seen there, ISO 8601 with offset.', examples: ['2025-02-11T09:30:00+00:00'] }),
    lastSeen: z.string().meta({ description: 'When it was last seen there, ISO 8601 with offset.', examples: ['2026-10-02T17:05:00+00:00'] }),
  })
  .meta({ id: 'EmailSource' });
export type EmailSource = z.infer<typeof EmailSource>;

export const Contact = z
  .object({
    email: text('The email address', 'jane.doe@acme-widgets.example'),
    firstName: text('First name', 'Jane'),
    lastName: text('Last name', 'Doe'),
    fullName: text('Full name', 'Jane Doe'),
    company: text("The employer's name", 'Acme Widgets'),
    companyDomain: text("The employer's domain", 'acme-widgets.example'),
    position: text('Job title', 'Head of Marketing'),
    department: text('Department (one of the count endpoint\'s departments)', 'marketing'),
    seniority: z.enum(['junior', 'senior', 'executive']).nullable().meta({ description: 'Seniority; null when unknown.' }),
    gender: z.enum(['female', 'male']).nullable().meta({ description: 'Inferred from the first name; null when unknown.' }),
    country: text('ISO 3166-1 alpha-2 country code', 'US'),
    confidenceScore: z.number().int().min(0).max(100).meta({ description: 'How sure the address is right, 0 to 100; 0 when no address was found.' }),
    type: z.enum(['personal', 'generic']).nullable().meta({ description: "personal, or generic for a role address (info@, sales@); null when there is no address." }),
    verified: z.boolean().meta({ description: 'Verified deliverable.' }),
    verificationStatus: z.enum(['valid', 'invalid', 'accept_all', 'unknown']).nullable().meta({ description: 'The last verification\'s outcome; null when never verified.' }),
    acceptAll: z.boolean().meta({ description: "The address's domain accepts mail for any address (catch-all)." }),
    disposable: z.boolean().meta({ description: 'A disposable-mail domain.' }),
    webmail: z.boolean().meta({ description: 'A webmail provider (personal mailbox).' }),
    hasPhone: z.boolean().meta({ description: 'A phone number is known (see phone-finder).' }),
    prof: text('Professional-network profile URL', 'https://www.prof.com/in/jane-doe-acme'),
    micro: text('Microblog profile URL', 'https://micro.com/janedoe_acme'),
    sources: z.array(EmailSource).meta({ description: 'Public pages where the address was seen.' }),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof Contact>;

/** A contact of which nothing is known but `fields`: the rest null or false, confidence 0, no sources. */
export function emptyContact(fields: Partial<Contact> = {}): Contact {
  return {
    email: null, firstName: null, lastName: null, fullName: null, company: null, companyDomain: null, position: null, department: null,
    seniority: null, gender: null, country: null, confidenceScore: 0, type: null, verified: false, verificationStatus: null, acceptAll: false,
    disposable: false, webmail: false, hasPhone: false, prof: null, micro: null, sources: [],
    ...fields,
  };
}

export const Person = z
  .object({
    email: z.string().meta({ description: 'The address asked about.', examples: ['jane.doe@acme-widgets.example'] }),
    firstName: text('First name', 'Jane'),
    lastName: text('Last name', 'Doe'),
    fullName: text('Full name', 'Jane Doe'),
    gender: z.enum(['female', 'male']).nullable().meta({ description: 'Inferred from the first name; null when unknown.' }),
    bio: text('A short biography'),
    location: text('Where the person is, as one line', 'Austin, Texas, US'),
    employment: z.object({
      company: text("Employer's name", 'Acme Widgets'),
      domain: text("Employer's domain", 'acme-widgets.example'),
      title: text('Job title', 'Head of Marketing'),
      role: text('Department', 'marketing'),
      seniority: z.enum(['junior', 'senior', 'executive']).nullable(),
    }),
    geo: z.object({
      city: text('City', 'Austin'),
      state: text('State or region', 'Texas'),
      country: text('Country name', 'United States'),
      countryCode: text('ISO 3166-1 alpha-2', 'US'),
    }),
    social: z.object({
      network: text('Social-network profile URL'),
      code: text('Code-hosting profile URL'),
      prof: text('Professional-network profile URL'),
      micro: text('Microblog profile URL'),
    }),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof Person>;

/** The company enrichment shape (company, combined). */
export const Company = z
  .object({
    domain: z.string().meta({ description: 'The domain asked about.', examples: ['acme-widgets.example'] }),
    name: text('Trading name', 'Acme Widgets'),
    legalName: text('Registered name', 'Acme Widgets, Inc.'),
    description: text('What the company does'),
    foundedYear: z.number().int().nullable().meta({ description: 'Year founded; null when unknown.', examples: [2009] }),
    logo: text('Logo URL'),
    category: z.object({
      industry: text('Industry', 'Industrial Machinery'),
      sector: text('Sector', 'Industrials'),
      sicCode: text('SIC code', '3569'),
      naicsCode: text('NAICS code', '333998'),
    }),
    geo: z.object({
      streetAddress: text('Street address'),
      city: text('City'),
      state: text('State or region'),
      postalCode: text('Postal code'),
      country: text('Country name'),
      countryCode: text('ISO 3166-1 alpha-2'),
    }),
    metrics: z.object({
      employees: z.number().int().nullable().meta({ description: 'Head count; null when unknown.' }),
      employeesRange: text('Head count range', '51-200'),
      estimatedAnnualRevenue: text('Estimated annual revenue range (USD)', '$10M-$50M'),
    }),
    emails: z.array(z.string()).meta({ description: "The company's generic addresses (info@, sales@)." }),
    phones: z.array(z.string()).meta({ description: "The company's public phone numbers, E.164." }),
    social: z.object({ network: text('Social-network page URL'), prof: text('Professional-network page URL'), micro: text('Microblog URL') }),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof Company>;

/** The shorter company profile domain-search returns beside the addresses. */
export const DomainSearchCompany = z
  .object({
    domain: z.string(),
    name: text('Trading name'),
    description: text('What the company does'),
    industry: text('Industry'),
    founded: z.number().int().nullable().meta({ description: 'Year founded; null when unknown.' }),
    size: text('Head count range', '51-200'),
    revenue: text('Estimated annual revenue range (USD)'),
    type: text('Kind of company', 'privately held'),
    emailPattern: text('The most used address pattern', '{first}.{last}'),
    acceptAll: z.boolean().nullable().meta({ description: 'The mail server accepts any address (catch-all); null when unknown.' }),
    location: z.object({ address: text('Street address'), city: text('City'), state: text('State'), postalCode: text('Postal code'), country: text('ISO 3166-1 alpha-2') }),
    social: z.object({ network: text('Social network'), code: text('Code hosting'), photos: text('Photo platform'), prof: text('Professional network'), micro: text('Microblog'), video: text('Video platform') }),
  })
  .meta({ id: 'DomainSearchCompany' });
export type DomainSearchCompany = z.infer<typeof DomainSearchCompany>;

/** The departments the count endpoint counts (and a contact's `department` is one of). */
export const DEPARTMENTS = [
  'accounting', 'administrative', 'communication', 'diversity', 'education', 'engineering', 'executive', 'facilities',
  'finance', 'healthcare', 'hr', 'it', 'legal', 'management', 'marketing', 'operations', 'pr', 'sales', 'security',
  'software', 'support', 'warehouse',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const EmailCount = z
  .object({
    total: z.number().int().min(0),
    personalEmails: z.number().int().min(0),
    genericEmails: z.number().int().min(0),
    byDepartment: z.object(Object.fromEntries(DEPARTMENTS.map((department) => [department, z.number().int().min(0)])) as Record<Department, z.ZodNumber>),
    bySeniority: z.object({ junior: z.number().int().min(0), senior: z.number().int().min(0), executive: z.number().int().min(0) }),
  })
  .meta({ id: 'EmailCount' });
export type EmailCount = z.infer<typeof EmailCount>;

export const DomainSearch = z.object({
  company: DomainSearchCompany,
  emails: z.array(Contact),
  total: z.number().int().min(0).meta({ description: 'Addresses known on the domain (matching the filters), across all pages.' }),
});
export type DomainSearch = z.infer<typeof DomainSearch>;

export const EmailPatterns = z.object({
  patterns: z.array(z.object({
    pattern: z.string().meta({ examples: ['{first}.{last}'] }),
    percentage: z.number().min(0).max(100).meta({ description: 'Share of the known addresses using it.' }),
  })),
});
export type EmailPatterns = z.infer<typeof EmailPatterns>;

export const EmployeeLocations = z.object({
  locations: z.array(z.object({ country: z.string().meta({ description: 'ISO 3166-1 alpha-2, upper case.', examples: ['US'] }), count: z.number().int().min(0) })),
});
export type EmployeeLocations = z.infer<typeof EmployeeLocations>;

export const SimilarDomains = z.object({
  domains: z.array(z.object({ domain: z.string(), name: z.string().nullable(), industry: z.string().nullable() })),
});
export type SimilarDomains = z.infer<typeof SimilarDomains>;

/** SPEC.md's Phone result. Formats are null when no number is known (phone-finder found none). */
export const PhoneResult = z
  .object({
    valid: z.boolean(),
    e164Format: z.string().nullable().meta({ examples: ['+14155550123'] }),
    intlFormat: z.string().nullable().meta({ examples: ['+1 415 555 0123'] }),
    localFormat: z.string().nullable().meta({ examples: ['(415) 555-0123'] }),
    countryCode: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2.', examples: ['US'] }),
    lineType: z.string().nullable().meta({ description: "libphonenumber's type: MOBILE, FIXED_LINE, FIXED_LINE_OR_MOBILE, TOLL_FREE, VOIP, …", examples: ['FIXED_LINE_OR_MOBILE'] }),
    carrier: z.string().nullable().meta({ description: 'The carrier, where public data has it; else null.' }),
    timezones: z.array(z.string()).meta({ description: 'IANA time zones of the number.', examples: [['America/Los_Angeles']] }),
  })
  .meta({ id: 'PhoneResult' });
export type PhoneResult = z.infer<typeof PhoneResult>;
