import { DEPARTMENTS, type Department, type EmailSource } from '../../../schemas/contact';
import { DATA_MONTH_INDEX, momentIn } from '../domain-analytics';
import { CITIES, type City } from '../places/cities';
import { SeededRandom } from '../random';
import type { WorldCompany } from './company';
import { localPart, mailboxWord, type Pattern } from './patterns';
import { sandboxPhone } from './phones';
import { DEPARTMENT_WEIGHTS, FIRST_NAMES, ONE_PER_COMPANY_TITLES, SOURCE_SITES, SURNAMES, TITLES } from './vocabulary';

/** Someone the world knows at a company, with the address its pattern gives them. */
export interface WorldPerson {
  email: string;
  firstName: string;
  lastName: string;
  gender: 'female' | 'male';
  department: Department;
  seniority: 'junior' | 'senior' | 'executive';
  position: string;
  pattern: Pattern;
  /** Where they work from (the company's city mostly). */
  city: City;
  /** E.164, or null when no number is known. */
  phone: string | null;
  prof: string | null;
  micro: string | null;
  code: string | null;
  network: string | null;
  /** 0–100: how sure the world is of the address. */
  confidence: number;
  sources: EmailSource[];
}

type Seniority = WorldPerson['seniority'];
const SENIORITY_ORDER = { executive: 0, senior: 1, junior: 2 } as const;
/** Lowest first: the order of TITLES' columns. */
const SENIORITIES = ['junior', 'senior', 'executive'] as const;
const EXECUTIVE_TITLES = ['Chief Executive Officer', 'Chief Operating Officer', 'Chief Financial Officer', 'Chief Technology Officer', 'Chief Marketing Officer', 'President'];
const TECHNICAL = new Set<Department>(['engineering', 'software', 'it', 'security']);

/**
 * The profile URL's handle ends with the company's domain in hex, so a profile URL leads back to
 * its person (profile-finder, phone-finder by profile) without an index of the world.
 */
export function profileHandle(firstName: string, lastName: string, domain: string): string {
  return `${mailboxWord(firstName)}-${mailboxWord(lastName)}-${Buffer.from(domain).toString('hex')}`;
}

/** The company domain a sandbox profile handle names, if it is one (`jane-mockwell-6163…`). */
export function domainOfProfileHandle(handle: string): string | null {
  const hex = /-([0-9a-f]{6,})$/.exec(handle)?.[1];
  if (hex === undefined || hex.length % 2 !== 0) return null;
  const domain = Buffer.from(hex, 'hex').toString('latin1');
  return /^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain) ? domain : null;
}

/** The sites where an address was seen, with when, as ISO 8601 with offset. */
export function sourcesOf(domain: string, count: number, random: SeededRandom): EmailSource[] {
  const sites = random.shuffle([domain, `blog.${domain}`, ...SOURCE_SITES]).slice(0, count);
  return sites.map((site) => {
    const first = DATA_MONTH_INDEX - random.integer(3, 48);
    return { domain: site, firstSeen: momentIn(first, random), lastSeen: momentIn(random.integer(first + 1, DATA_MONTH_INDEX), random) };
  });
}

/**
 * The title of someone drawn at `drawn` seniority in `department`, and the seniority it says: the
 * executive department's executives take the C-suite's titles in turn (then Executive Vice
 * President); a title a company has one of (`ONE_PER_COMPANY_TITLES`, and the C-suite's) already
 * `taken` (the titles given so far) makes them the next seniority down, so a company has one Head of IT and its other IT people report to them.
 */
function roleFor(department: Department, drawn: Seniority, taken: Set<string>): { seniority: Seniority; position: string } {
  for (let level = SENIORITIES.indexOf(drawn); level > 0; level -= 1) {
    const seniority = SENIORITIES[level]!;
    const position =
      department === 'executive' && seniority === 'executive'
        ? (EXECUTIVE_TITLES.find((title) => !taken.has(title)) ?? TITLES.executive[2])
        : TITLES[department][level]!;
    if (ONE_PER_COMPANY_TITLES.has(position) && taken.has(position)) continue;
    taken.add(position);
    return { seniority, position };
  }
  return { seniority: 'junior', position: TITLES[department][0] };
}

/**
 * A direct line no one else at the company has (nor the switchboard): drawn again while taken,
 * from the person's own draw (`seed`), so the rest of what is drawn for them stays as it was;
 * none after a few tries (a city's fictional range is small).
 */
function directPhone(city: City, own: SeededRandom, seed: string, taken: Set<string>): string | null {
  let phone = sandboxPhone(city, own);
  const retries = new SeededRandom(seed);
  for (let attempt = 0; taken.has(phone) && attempt < 20; attempt += 1) phone = sandboxPhone(city, retries);
  if (taken.has(phone)) return null;
  taken.add(phone);
  return phone;
}

function weightedDepartment(company: WorldCompany, random: SeededRandom): Department {
  const weight = (department: Department) => DEPARTMENT_WEIGHTS[department] + (company.industry.departments.includes(department) ? 5 : 0);
  let roll = random.next() * DEPARTMENTS.reduce((sum, department) => sum + weight(department), 0);
  for (const department of DEPARTMENTS) {
    roll -= weight(department);
    if (roll < 0) return department;
  }
  return 'sales';
}

function patternFor(company: WorldCompany, random: SeededRandom): Pattern {
  let roll = random.next();
  for (const { pattern, share } of company.patterns) {
    roll -= share;
    if (roll < 0) return pattern;
  }
  return company.patterns[0]!.pattern;
}

/** Where someone works from: the company's city mostly, another of the world's cities otherwise. */
function cityFor(company: WorldCompany, random: SeededRandom): City {
  if (random.chance(0.75)) return company.city;
  const sameCountry = CITIES.filter((city) => city.country === company.city.country);
  return random.chance(0.5) && sameCountry.length > 1 ? random.pick(sameCountry) : random.pick(CITIES);
}

/**
 * The people the world knows at a company (`knownPeople` of them), executives first: names unique
 * within the company, each address made by one of the company's patterns and unique too.
 */
export function peopleOf(company: WorldCompany): WorldPerson[] {
  const random = new SeededRandom(`contacts-people:${company.domain}`);
  const names = new Set<string>();
  const addresses = new Set<string>();
  const people: WorldPerson[] = [];
  const titles = new Set<string>();
  const phones = new Set<string>([company.phone]);
  for (let index = 0; index < company.knownPeople; index += 1) {
    const own = random.fork();
    const pattern = patternFor(company, own);
    let first = own.pick(FIRST_NAMES);
    let lastName = own.pick(SURNAMES);
    let local = localPart(pattern, first.name, lastName)!;
    for (let attempt = 0; (names.has(`${first.name} ${lastName}`) || addresses.has(local)) && attempt < 50; attempt += 1) {
      first = own.pick(FIRST_NAMES);
      lastName = own.pick(SURNAMES);
      local = localPart(pattern, first.name, lastName)!;
    }
    // A crowded pattern's last resort, as real mail systems do it: a number after the name.
    for (let suffix = 2; addresses.has(local); suffix += 1) local = `${localPart(pattern, first.name, lastName)}${suffix}`;
    names.add(`${first.name} ${lastName}`);
    addresses.add(local);

    const department: Department = index === 0 ? 'executive' : weightedDepartment(company, own);
    const drawn = index === 0 ? 'executive' : own.pick(['junior', 'junior', 'junior', 'junior', 'senior', 'senior', 'senior', 'executive'] as const);
    const { seniority, position } = roleFor(department, drawn, titles);
    const city = cityFor(company, own);
    const phone = own.chance(0.4) ? directPhone(city, own, `contacts-phone:${company.domain}:${index}`, phones) : null;
    const handle = profileHandle(first.name, lastName, company.domain);
    people.push({
      email: `${local}@${company.domain}`,
      firstName: first.name,
      lastName,
      gender: first.gender,
      department,
      seniority,
      position,
      pattern,
      city,
      phone,
      prof: own.chance(0.85) ? `https://www.prof.com/in/${handle}` : null,
      micro: own.chance(0.35) ? `https://micro.com/${mailboxWord(first.name)}${mailboxWord(lastName)}_${company.domain.split('.')[0]!.replace(/-/g, '')}` : null,
      code: TECHNICAL.has(department) && own.chance(0.5) ? `https://code.com/${mailboxWord(first.name)[0]}${mailboxWord(lastName)}` : null,
      network: own.chance(0.3) ? `https://network.com/${mailboxWord(first.name)}.${mailboxWord(lastName)}` : null,
      confidence: own.integer(85, 99),
      sources: sourcesOf(company.domain, own.integer(0, 3), own),
    });
  }
  return people.map((person, index) => ({ person, index }))
    .sort((a, b) => SENIORITY_ORDER[a.person.seniority] - SENIORITY_ORDER[b.person.seniority] || a.index - b.index)
    .map(({ person }) => person);
}
