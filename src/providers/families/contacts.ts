import type {
  Company,
  Contact,
  Department,
  DomainSearch,
  EmailCount,
  EmailPatterns,
  EmailSource,
  EmployeeLocations,
  Person,
  SimilarDomains,
} from '../../schemas/contact';
import type { CallOptions, ProviderFamily } from '../providers';

/**
 * Contact data: what only a vendor's data (Tomba) or the sandbox's seeded world of companies can
 * answer. What Tollgate checks itself (address syntax, MX, disposable and webmail lists, phone
 * parsing, SMTP probing, technology fingerprints, an article's author) lives in src/contacts and
 * runs whichever provider serves this family. Every lookup that finds nothing answers with null
 * fields (and confidence 0), never an error; inputs arrive validated and normalised (lower-case
 * ASCII domains and addresses).
 */
export interface ContactsProvider extends ProviderFamily {
  /** email → the contact behind it (enrich). */
  enrich(request: { email: string }, call: CallOptions): Promise<Contact>;
  /** A person's name at a company (by domain, else by company name) → their address and confidence (finder; author-finder after the page gave a name). */
  finder(request: { domain: string | null; company: string | null; firstName: string; lastName: string }, call: CallOptions): Promise<Contact>;
  /** A professional-network profile URL → the contact (sources only when `full`). */
  profileFinder(request: { url: string; full: boolean }, call: CallOptions): Promise<Contact>;
  /** email → person profile (person). */
  person(request: { email: string }, call: CallOptions): Promise<Person>;
  /** email → person and their company (combined); company null when the address's domain is not a company's (webmail) or unknown. */
  combined(request: { email: string }, call: CallOptions): Promise<{ person: Person; company: Company | null }>;
  /** domain → company profile (company). */
  company(request: { domain: string }, call: CallOptions): Promise<Company>;
  /** domain → how many addresses, by department and seniority (count). */
  count(request: { domain: string }, call: CallOptions): Promise<EmailCount>;
  /** The addresses known on a domain (or a company's), a page of them, filtered (domain-search). */
  domainSearch(
    request: { domain: string | null; company: string | null; limit: number; page: number; department: Department | null; country: string | null },
    call: CallOptions,
  ): Promise<DomainSearch>;
  /** domain → its address patterns with their shares (format). */
  format(request: { domain: string }, call: CallOptions): Promise<EmailPatterns>;
  /** domain → contact counts by country (locations). */
  locations(request: { domain: string }, call: CallOptions): Promise<EmployeeLocations>;
  /** domain → similar or competing companies' domains (similar). */
  similar(request: { domain: string }, call: CallOptions): Promise<SimilarDomains>;
  /** email → the public pages where it was seen (sources). */
  sources(request: { email: string }, call: CallOptions): Promise<{ sources: EmailSource[] }>;
  /**
   * A phone number known for a person (by email or profile URL) or a company (by domain), as the
   * data has it (any format; Tollgate parses it itself), with its carrier when the data says; the
   * address and domain it belongs to. `number` null when none is known.
   */
  phone(
    request: { email: string } | { domain: string } | { prof: string },
    call: CallOptions,
  ): Promise<{ number: string | null; countryCode: string | null; carrier: string | null; email: string | null; domain: string | null }>;
  /**
   * What data says about one mailbox, for verify when Tollgate does not probe SMTP itself:
   * `exists` (the mail server accepts the address; null: not known), `acceptAll` (the domain
   * accepts any address; null: not known), and where the address was seen.
   */
  mailbox(request: { email: string }, call: CallOptions): Promise<{ exists: boolean | null; acceptAll: boolean | null; sources: EmailSource[] }>;
  /** Whether the domain's mail server accepts any address (catch-all), for domain-status when not probing; null: not known. */
  acceptsAll(request: { domain: string }, call: CallOptions): Promise<boolean | null>;
}
