import data from './fingerprints.json' with { type: 'json' };
import { compileSelector, type Element } from '../dom';
import { compilePattern, type Pattern } from './patterns';

/**
 * The curated fingerprint set (`fingerprints.json`: Wappalyzer's data at its last MIT release,
 * see NOTICE.md and scripts/curate-technology-fingerprints.ts), compiled once on first use.
 */
export interface Fingerprint {
  name: string;
  slug: string;
  category: string;
  /** Lower first: the order technologies are listed in (CMS 1 … miscellaneous 10). */
  priority: number;
  website: string | null;
  headers: Array<[string, Pattern]>;
  /** Cookie names lower-case; a trailing `*` matches any suffix (`_ga_*`). */
  cookies: Array<[string, Pattern]>;
  meta: Array<[string, Pattern]>;
  html: Pattern[];
  scriptSrc: Pattern[];
  url: Pattern[];
  dom: DomCheck[];
  implies: Array<{ name: string; confidence: number }>;
  requires: string[];
  excludes: string[];
}

/** Elements a CSS selector finds; with `attributes` or `text`, one of them must also match those. */
export interface DomCheck {
  matches: (element: Element) => boolean;
  attributes: Array<[string, Pattern]>;
  text: Pattern | null;
  confidence: number;
}

type RawPatterns = string | string[] | undefined;
type RawTechnology = {
  cats: number[];
  website?: string;
  headers?: Record<string, RawPatterns>;
  cookies?: Record<string, RawPatterns>;
  meta?: Record<string, RawPatterns>;
  html?: RawPatterns;
  scriptSrc?: RawPatterns;
  url?: RawPatterns;
  dom?: string | string[] | Record<string, { exists?: string; attributes?: Record<string, string>; text?: string; properties?: unknown }>;
  implies?: RawPatterns;
  requires?: RawPatterns;
  excludes?: RawPatterns;
};
type RawData = { categories: Record<string, { name: string; priority: number }>; technologies: Record<string, RawTechnology> };

let compiled: Fingerprint[] | undefined;

export function fingerprints(): Fingerprint[] {
  compiled ??= compileAll(data as RawData);
  return compiled;
}

/** The data's slug rule: lower-case, anything but letters and digits a hyphen ("Node.js" → "node-js"). */
export function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]/g, '-').replace(/--+/g, '-').replace(/^-|-$/g, '');
}

function compileAll(raw: RawData): Fingerprint[] {
  return Object.entries(raw.technologies).map(([name, technology]) => {
    const category = raw.categories[String(technology.cats[0])];
    return {
      name,
      slug: slugOf(name),
      category: category?.name ?? 'Miscellaneous',
      priority: category?.priority ?? 10,
      website: technology.website ?? null,
      headers: keyed(technology.headers),
      cookies: keyed(technology.cookies),
      meta: keyed(technology.meta),
      html: patterns(technology.html),
      scriptSrc: patterns(technology.scriptSrc),
      url: patterns(technology.url),
      dom: domChecks(technology.dom),
      implies: list(technology.implies).map((value) => {
        const [impliedName = '', ...tags] = value.split('\\;');
        const confidenceTag = tags.find((tag) => tag.startsWith('confidence:'));
        return { name: impliedName, confidence: confidenceTag ? Number(confidenceTag.slice('confidence:'.length)) || 0 : 100 };
      }),
      requires: list(technology.requires).map((value) => value.split('\\;')[0]!),
      excludes: list(technology.excludes).map((value) => value.split('\\;')[0]!),
    };
  });
}

function list(value: RawPatterns): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Patterns that do not compile are left out (the unit tests hold the shipped set to none). */
function patterns(value: RawPatterns): Pattern[] {
  return list(value).map(compilePattern).filter((pattern): pattern is Pattern => pattern !== null);
}

function keyed(value: Record<string, RawPatterns> | undefined): Array<[string, Pattern]> {
  return Object.entries(value ?? {}).flatMap(([key, raw]) => patterns(raw).map((pattern): [string, Pattern] => [key.toLowerCase(), pattern]));
}

function domChecks(value: RawTechnology['dom']): DomCheck[] {
  if (value === undefined) return [];
  const selectors = typeof value === 'string' || Array.isArray(value) ? Object.fromEntries(list(value).map((selector) => [selector, { exists: '' }])) : value;
  const checks: DomCheck[] = [];
  for (const [selector, spec] of Object.entries(selectors)) {
    // Properties are JavaScript state: a fetched page has none to read.
    if (spec.exists === undefined && spec.attributes === undefined && spec.text === undefined) continue;
    let matches: (element: Element) => boolean;
    try {
      matches = compileSelector(selector, 'dom');
    } catch {
      continue;
    }
    const exists = spec.exists === undefined ? null : compilePattern(spec.exists);
    checks.push({ matches, attributes: keyed(spec.attributes), text: spec.text === undefined ? null : compilePattern(spec.text), confidence: exists?.confidence ?? 100 });
  }
  return checks;
}
