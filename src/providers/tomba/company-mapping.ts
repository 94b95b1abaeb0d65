import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { DEPARTMENTS, type Company, type Department, type EmailCount, type EmailPatterns, type EmployeeLocations, type SimilarDomains } from '../../schemas/contact';
import type { CountAnswer, FormatAnswer, LocationAnswer, SimilarAnswer, VendorCompany } from './wire';
import type { z } from 'zod';
import { countryCode, domainOf, profileUrl, year } from './values';

/**
 * Tomba's company-level answers in our records: `companies/find` (Clearbit's shape) to Company,
 * and the email-count, email-format, location and similar lists. Missing is null, 0 or empty.
 */

/** `"51-200"`, `"5K-10K"`, `"10001+"`: a head count range, not a number. */
const RANGE = /^\d[\d,.]*[kKmM]?\s*(-\s*\d[\d,.]*[kKmM]?|\+)$/;

/** The company's published numbers in E.164, read against its country; ones that do not parse are left out. */
function phonesOf(numbers: readonly string[] | null | undefined, country: string | null): string[] {
  const phones = new Set<string>();
  for (const number of numbers ?? []) {
    const parsed = parsePhoneNumberFromString(number, (country ?? undefined) as CountryCode | undefined);
    if (parsed?.isValid()) phones.add(parsed.number);
  }
  return [...phones];
}

function emailsOf(addresses: readonly string[] | null | undefined): string[] {
  return [...new Set((addresses ?? []).map((address) => address.trim().toLowerCase()).filter((address) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)))];
}

export function companyOf(domain: string, vendor: VendorCompany | null | undefined): Company {
  const geo = vendor?.geo;
  const metrics = vendor?.metrics;
  const country = countryCode(geo?.countryCode ?? null);
  const employees = metrics?.employees ?? null;
  return {
    domain,
    name: vendor?.name ?? null,
    legalName: vendor?.legalName ?? null,
    description: vendor?.description ?? null,
    foundedYear: year(vendor?.foundedYear ?? null),
    logo: vendor?.logo ?? null,
    category: {
      industry: vendor?.category?.industry ?? null,
      sector: vendor?.category?.sector ?? null,
      sicCode: vendor?.category?.sicCode ?? null,
      naicsCode: vendor?.category?.naicsCode ?? null,
    },
    geo: {
      streetAddress: geo?.streetAddress ?? null,
      city: geo?.city ?? null,
      state: geo?.state ?? null,
      postalCode: geo?.postalCode ?? null,
      country: geo?.country ?? null,
      countryCode: country,
    },
    metrics: {
      // Tomba sends the head count as a range ("1-10") where Clearbit sent a number.
      employees: employees !== null && /^\d+$/.test(employees) ? Number(employees) : null,
      employeesRange: metrics?.employeesRange ?? (employees !== null && RANGE.test(employees) ? employees : null),
      estimatedAnnualRevenue: metrics?.estimatedAnnualRevenue ?? metrics?.annualRevenue ?? null,
    },
    emails: emailsOf(vendor?.site?.emailAddresses),
    phones: phonesOf(vendor?.site?.phoneNumbers, country),
    social: {
      network: profileUrl('network', vendor?.facebook?.handle ?? null, 'company'),
      prof: profileUrl('prof', vendor?.linkedin?.handle ?? null, 'company'),
      micro: profileUrl('micro', vendor?.twitter?.handle ?? null, 'company'),
    },
  };
}

const whole = (value: number | null | undefined) => Math.max(0, Math.round(value ?? 0));

export function emailCountOf(data: z.output<typeof CountAnswer>['data'] | undefined): EmailCount {
  const byDepartment = Object.fromEntries(DEPARTMENTS.map((name) => [name, whole(data?.department?.[name])])) as Record<Department, number>;
  return {
    total: whole(data?.total),
    personalEmails: whole(data?.personal_emails),
    genericEmails: whole(data?.generic_emails),
    byDepartment,
    bySeniority: { junior: whole(data?.seniority?.junior), senior: whole(data?.seniority?.senior), executive: whole(data?.seniority?.executive) },
  };
}

export function patternsOf(data: z.output<typeof FormatAnswer>['data'] | undefined): EmailPatterns {
  return {
    patterns: (data ?? []).flatMap((entry) =>
      entry.format === null ? [] : [{ pattern: entry.format, percentage: Math.min(100, Math.max(0, entry.percentage ?? 0)) }],
    ),
  };
}

export function locationsOf(data: z.output<typeof LocationAnswer>['data'] | undefined): EmployeeLocations {
  return {
    locations: (data ?? []).flatMap((entry) => {
      const country = countryCode(entry.name);
      return country === null ? [] : [{ country, count: whole(entry.total) }];
    }),
  };
}

export function similarOf(data: z.output<typeof SimilarAnswer>['data'] | undefined): SimilarDomains {
  return {
    domains: (data ?? []).flatMap((entry) => {
      const domain = domainOf(entry.website_url);
      return domain === null ? [] : [{ domain, name: entry.name, industry: entry.industries }];
    }),
  };
}
