import type { Department } from '../../../schemas/contact';

/**
 * The fixed word lists the contacts sandbox builds its world from. People's surnames are made of
 * two obviously synthetic halves ("Mockwell", "Stubford", "Testwood") so no answer can be taken
 * for a real person; first names are ordinary ones, each with the gender it is usually given.
 */

export const FIRST_NAMES: ReadonlyArray<{ name: string; gender: 'female' | 'male' }> = [
  ...['Jane', 'Maria', 'Aiko', 'Sofia', 'Amara', 'Elena', 'Priya', 'Chloe', 'Ingrid', 'Lucia', 'Nadia', 'Olivia', 'Hana', 'Zoe', 'Fatima', 'Greta', 'Mei', 'Leila', 'Rosa', 'Clara']
    .map((name) => ({ name, gender: 'female' as const })),
  ...['John', 'Omar', 'Kenji', 'Lucas', 'Mateo', 'Ravi', 'Erik', 'Tomas', 'Noah', 'Samuel', 'Diego', 'Felix', 'Hugo', 'Ivan', 'Kwame', 'Liam', 'Marco', 'Pavel', 'Yusuf', 'Arjun']
    .map((name) => ({ name, gender: 'male' as const })),
];

const SURNAME_STEMS = ['Mock', 'Stub', 'Sample', 'Test', 'Proto', 'Demo', 'Draft', 'Dummy'];
const SURNAME_ENDINGS = ['well', 'ford', 'wood', 'field', 'ton', 'by', 'ridge', 'more'];
export const SURNAMES: readonly string[] = SURNAME_STEMS.flatMap((stem) => SURNAME_ENDINGS.map((ending) => `${stem}${ending}`));

/** Invented words the world's other companies (the similar endpoint's) are named with. */
export const COMPANY_STEMS: readonly string[] = [
  'Zentri', 'Volari', 'Brisko', 'Tandle', 'Orvex', 'Plumeri', 'Kestro', 'Lumora', 'Fennix', 'Juvana', 'Marqo', 'Nuvola',
  'Quillo', 'Ravenda', 'Sorbix', 'Trivane', 'Ulmora', 'Vexana', 'Wendro', 'Yarrow', 'Zolto', 'Abrix', 'Corvano', 'Dremel',
];

export interface Industry {
  name: string;
  sector: string;
  sicCode: string;
  naicsCode: string;
  /** What the world's invented companies of this industry are called after their stem ("Zentri Robotics"). */
  noun: string;
  /** Departments this industry employs more people in. */
  departments: readonly Department[];
}

export const INDUSTRIES: readonly Industry[] = [
  { name: 'Software Development', sector: 'Information Technology', sicCode: '7371', naicsCode: '541511', noun: 'Software', departments: ['engineering', 'software', 'it', 'support'] },
  { name: 'Industrial Machinery Manufacturing', sector: 'Industrials', sicCode: '3569', naicsCode: '333998', noun: 'Machines', departments: ['engineering', 'operations', 'warehouse', 'facilities'] },
  { name: 'Food and Beverage Manufacturing', sector: 'Consumer Staples', sicCode: '2099', naicsCode: '311999', noun: 'Foods', departments: ['operations', 'warehouse', 'sales'] },
  { name: 'Hospitals and Health Care', sector: 'Health Care', sicCode: '8062', naicsCode: '622110', noun: 'Health', departments: ['healthcare', 'administrative', 'hr'] },
  { name: 'Financial Services', sector: 'Financials', sicCode: '6199', naicsCode: '523999', noun: 'Capital', departments: ['finance', 'accounting', 'legal'] },
  { name: 'Logistics and Supply Chain', sector: 'Industrials', sicCode: '4731', naicsCode: '488510', noun: 'Freight', departments: ['operations', 'warehouse', 'it'] },
  { name: 'Retail Apparel and Fashion', sector: 'Consumer Discretionary', sicCode: '5651', naicsCode: '448140', noun: 'Apparel', departments: ['sales', 'marketing', 'warehouse'] },
  { name: 'E-Learning Providers', sector: 'Consumer Discretionary', sicCode: '8299', naicsCode: '611710', noun: 'Learning', departments: ['education', 'software', 'support'] },
  { name: 'Legal Services', sector: 'Industrials', sicCode: '8111', naicsCode: '541110', noun: 'Legal', departments: ['legal', 'administrative', 'accounting'] },
  { name: 'Real Estate', sector: 'Real Estate', sicCode: '6531', naicsCode: '531210', noun: 'Realty', departments: ['sales', 'finance', 'legal'] },
  { name: 'Media Production', sector: 'Communication Services', sicCode: '7812', naicsCode: '512110', noun: 'Studios', departments: ['communication', 'pr', 'marketing'] },
  { name: 'Computer Games', sector: 'Communication Services', sicCode: '7372', naicsCode: '511210', noun: 'Games', departments: ['software', 'engineering', 'support'] },
  { name: 'Biotechnology Research', sector: 'Health Care', sicCode: '8731', naicsCode: '541714', noun: 'Bio', departments: ['healthcare', 'engineering', 'legal'] },
  { name: 'Renewable Energy Generation', sector: 'Utilities', sicCode: '4911', naicsCode: '221114', noun: 'Energy', departments: ['engineering', 'operations', 'facilities'] },
  { name: 'Computer and Network Security', sector: 'Information Technology', sicCode: '7373', naicsCode: '541512', noun: 'Security', departments: ['security', 'engineering', 'software'] },
  { name: 'Advertising Services', sector: 'Communication Services', sicCode: '7311', naicsCode: '541810', noun: 'Marketing', departments: ['marketing', 'communication', 'pr'] },
];

/** How many people of a company work in each department, before its industry's own departments are added. */
export const DEPARTMENT_WEIGHTS: Readonly<Record<Department, number>> = {
  accounting: 2, administrative: 3, communication: 1, diversity: 0.3, education: 0.3, engineering: 2, executive: 1.5, facilities: 0.6,
  finance: 2, healthcare: 0.3, hr: 2, it: 2, legal: 0.8, management: 3, marketing: 4, operations: 4, pr: 0.6, sales: 6, security: 0.5,
  software: 1, support: 3, warehouse: 0.5,
};

/**
 * Job titles by department: junior, senior, executive; each title says its seniority (a Chief of
 * Staff is senior, an Executive Assistant junior). The executive department's executives are the
 * C-suite first (people.ts), Executive Vice Presidents after it.
 */
export const TITLES: Readonly<Record<Department, readonly [string, string, string]>> = {
  accounting: ['Staff Accountant', 'Senior Accountant', 'Chief Accounting Officer'],
  administrative: ['Administrative Assistant', 'Office Manager', 'Head of Administration'],
  communication: ['Communications Coordinator', 'Communications Manager', 'VP of Communications'],
  diversity: ['Diversity Coordinator', 'Diversity and Inclusion Manager', 'Chief Diversity Officer'],
  education: ['Instructional Designer', 'Senior Curriculum Lead', 'Head of Education'],
  engineering: ['Engineer', 'Senior Engineer', 'VP of Engineering'],
  executive: ['Executive Assistant', 'Chief of Staff', 'Executive Vice President'],
  facilities: ['Facilities Coordinator', 'Facilities Manager', 'Director of Facilities'],
  finance: ['Financial Analyst', 'Finance Manager', 'VP of Finance'],
  healthcare: ['Nurse', 'Senior Clinician', 'Chief Medical Officer'],
  hr: ['HR Coordinator', 'HR Business Partner', 'VP of People'],
  it: ['IT Support Specialist', 'Systems Administrator', 'Head of IT'],
  legal: ['Paralegal', 'Senior Counsel', 'General Counsel'],
  management: ['Project Coordinator', 'Program Manager', 'Managing Director'],
  marketing: ['Marketing Associate', 'Marketing Manager', 'Head of Marketing'],
  operations: ['Operations Associate', 'Operations Manager', 'VP of Operations'],
  pr: ['PR Associate', 'PR Manager', 'Head of Public Relations'],
  sales: ['Sales Development Representative', 'Account Executive', 'VP of Sales'],
  security: ['Security Analyst', 'Security Engineer', 'Chief Information Security Officer'],
  software: ['Software Developer', 'Senior Software Developer', 'Head of Software'],
  support: ['Support Specialist', 'Support Team Lead', 'Head of Customer Support'],
  warehouse: ['Warehouse Associate', 'Warehouse Supervisor', 'Head of Logistics'],
};

/**
 * Titles a company has one of (a department's head, the C-suite, the Chief of Staff): a second
 * person drawn to one steps down to the next seniority's title. Junior titles, and Executive Vice
 * President, are held by many.
 */
export const ONE_PER_COMPANY_TITLES: ReadonlySet<string> = new Set([
  ...Object.values(TITLES).map((titles) => titles[2]).filter((title) => title !== 'Executive Vice President'),
  'Chief of Staff',
]);

/** Head-count ranges, how likely each is, and how many of its people the world knows an address for. */
export const SIZES: ReadonlyArray<{ range: string; min: number; max: number; weight: number; known: readonly [number, number]; revenue: string }> = [
  { range: '1-10', min: 2, max: 10, weight: 18, known: [2, 8], revenue: '<$1M' },
  { range: '11-50', min: 11, max: 50, weight: 26, known: [6, 24], revenue: '$1M-$10M' },
  { range: '51-200', min: 51, max: 200, weight: 24, known: [15, 45], revenue: '$10M-$50M' },
  { range: '201-500', min: 201, max: 500, weight: 13, known: [30, 70], revenue: '$50M-$100M' },
  { range: '501-1000', min: 501, max: 1000, weight: 8, known: [45, 90], revenue: '$100M-$250M' },
  { range: '1001-5000', min: 1001, max: 5000, weight: 6, known: [60, 120], revenue: '$250M-$1B' },
  { range: '5001-10000', min: 5001, max: 10000, weight: 3, known: [80, 150], revenue: '$1B-$10B' },
  { range: '10001+', min: 10001, max: 80000, weight: 2, known: [100, 180], revenue: '$10B+' },
];

/** Role mailboxes a company may publish; `info@` always. */
export const GENERIC_MAILBOXES = ['sales', 'support', 'hello', 'contact', 'press', 'careers', 'billing'] as const;

/** Sites where the world's addresses were "seen", besides the company's own. */
export const SOURCE_SITES = ['events.example', 'directory.example', 'press-releases.example', 'forum.example', 'podcast-notes.example'] as const;
