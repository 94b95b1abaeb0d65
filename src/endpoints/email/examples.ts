import type { Company, Contact, Person } from '../../schemas/contact';

/**
 * The email endpoints' documented examples: one person of the sandbox's world (northwind.example,
 * a synthetic company), as the sandbox answers for them — so a call with the example request
 * in the sandbox returns what the documentation shows.
 */

export const EXAMPLE_EMAIL = 'greta.stubridge@northwind.example';
export const EXAMPLE_PROFILE = 'https://www.prof.com/in/greta-stubridge-6e6f72746877696e642e6578616d706c65';

export const EXAMPLE_SOURCES = [
  { domain: 'forum.example', firstSeen: '2026-05-15T08:22:56+00:00', lastSeen: '2026-09-12T04:44:41+00:00' },
  { domain: 'podcast-notes.example', firstSeen: '2023-11-27T13:19:29+00:00', lastSeen: '2025-01-20T18:54:37+00:00' },
];

export const EXAMPLE_CONTACT: Contact = {
  email: EXAMPLE_EMAIL,
  firstName: 'Greta',
  lastName: 'Stubridge',
  fullName: 'Greta Stubridge',
  company: 'Northwind',
  companyDomain: 'northwind.example',
  position: 'Operations Manager',
  department: 'operations',
  seniority: 'senior',
  gender: 'female',
  country: 'US',
  confidenceScore: 88,
  type: 'personal',
  verified: true,
  verificationStatus: 'valid',
  acceptAll: false,
  disposable: false,
  webmail: false,
  hasPhone: true,
  prof: EXAMPLE_PROFILE,
  micro: null,
  sources: EXAMPLE_SOURCES,
};

export const EXAMPLE_PERSON: Person = {
  email: EXAMPLE_EMAIL,
  firstName: 'Greta',
  lastName: 'Stubridge',
  fullName: 'Greta Stubridge',
  gender: 'female',
  bio: 'Operations Manager at Northwind (a sandbox profile: synthetic person).',
  location: 'Austin, TX, United States',
  employment: { company: 'Northwind', domain: 'northwind.example', title: 'Operations Manager', role: 'operations', seniority: 'senior' },
  geo: { city: 'Austin', state: 'TX', country: 'United States', countryCode: 'US' },
  social: { network: null, code: null, prof: EXAMPLE_PROFILE, micro: null },
};

export const EXAMPLE_COMPANY: Company = {
  domain: 'northwind.example',
  name: 'Northwind',
  legalName: 'Northwind, Inc.',
  description: 'Northwind is a sandbox company in food and beverage manufacturing, founded in 1995 and based in Austin. Its profile, people and addresses are synthetic.',
  foundedYear: 1995,
  logo: null,
  category: { industry: 'Food and Beverage Manufacturing', sector: 'Consumer Staples', sicCode: '2099', naicsCode: '311999' },
  geo: { streetAddress: '854 S Lamar Blvd', city: 'Austin', state: 'TX', postalCode: '78734', country: 'United States', countryCode: 'US' },
  metrics: { employees: 41104, employeesRange: '10001+', estimatedAnnualRevenue: '$10B+' },
  emails: ['info@northwind.example', 'contact@northwind.example', 'hello@northwind.example', 'sales@northwind.example', 'careers@northwind.example', 'billing@northwind.example', 'support@northwind.example'],
  phones: ['+15125550125'],
  social: { network: 'https://network.com/northwind', prof: 'https://www.prof.com/company/northwind', micro: 'https://micro.com/northwind' },
};
