import type { FetchedPage } from '../../net/fetcher';
import { textOf } from '../dom';
import { fingerprints, type DomCheck, type Fingerprint } from './fingerprints';
import { matches, type Pattern } from './patterns';
import { readPageSignals, MAX_VALUE_CHARS, type PageSignals } from './page-signals';
import { thirdPartyServices } from './third-party';
import type { Technology } from './technology';

/** A technology counts as found once its matched patterns add up to this much confidence. */
const MIN_CONFIDENCE = 50;
/** An HTML pattern is tried around this many places where its literal text occurs, at most… */
const MAX_HTML_OCCURRENCES = 16;
/** …on this much text either side: enough for the tag the literal sits in. */
const HTML_WINDOW = 1_024;

/**
 * The technologies a fetched page shows: the curated fingerprints matched against its headers,
 * cookies, meta tags, HTML, script URLs, URL and elements, what they imply added, what they
 * exclude removed; then third-party services recognised by the hosts of scripts no fingerprint
 * explained. Each once, ordered by category (platforms first, widgets last), then by name.
 */
export function detectTechnologies(page: FetchedPage): Technology[] {
  const signals = readPageSignals(page);
  const all = fingerprints();
  const byName = new Map(all.map((fingerprint) => [fingerprint.name, fingerprint]));
  const confidence = new Map<string, number>();
  const explainedScripts = new Set<string>();
  for (const fingerprint of all) {
    const found = fingerprintConfidence(fingerprint, signals, explainedScripts);
    if (found > 0) confidence.set(fingerprint.name, Math.min(100, found));
  }
  addImplied(confidence, byName);
  const detected = new Set([...confidence].filter(([, value]) => value >= MIN_CONFIDENCE).map(([name]) => name));
  for (const name of [...detected]) {
    const fingerprint = byName.get(name)!;
    if (fingerprint.requires.some((required) => !detected.has(required))) detected.delete(name);
  }
  for (const name of [...detected]) for (const excluded of byName.get(name)?.excludes ?? []) detected.delete(excluded);

  const technologies = new Map<string, Technology & { priority: number }>();
  for (const name of detected) {
    const { slug, category, website, priority } = byName.get(name)!;
    technologies.set(slug, { name, slug, category, website, priority });
  }
  for (const service of thirdPartyServices(signals.scripts.filter((script) => !explainedScripts.has(script)), signals.hostname)) {
    if (!technologies.has(service.slug)) technologies.set(service.slug, service);
  }
  return [...technologies.values()]
    .sort((a, b) => a.priority - b.priority || a.category.localeCompare(b.category) || a.name.localeCompare(b.name))
    .map(({ name, slug, category, website }) => ({ name, slug, category, website }));
}

/** The summed confidence of a fingerprint's matched patterns (each field's pattern counted once). */
function fingerprintConfidence(fingerprint: Fingerprint, signals: PageSignals, explainedScripts: Set<string>): number {
  let total = 0;
  for (const [name, pattern] of fingerprint.headers) {
    const value = signals.headers.get(name);
    if (value !== undefined && matches(pattern, value)) total += pattern.confidence;
  }
  for (const [name, pattern] of fingerprint.cookies) {
    if (cookieValues(signals.cookies, name).some((value) => matches(pattern, value))) total += pattern.confidence;
  }
  for (const [name, pattern] of fingerprint.meta) {
    if ((signals.meta.get(name) ?? []).some((content) => matches(pattern, content))) total += pattern.confidence;
  }
  for (const pattern of fingerprint.scriptSrc) {
    const matching = signals.scripts.filter((script) => matches(pattern, script));
    for (const script of matching) explainedScripts.add(script);
    if (matching.length > 0) total += pattern.confidence;
  }
  for (const pattern of fingerprint.url) if (matches(pattern, signals.url)) total += pattern.confidence;
  for (const pattern of fingerprint.html) if (htmlMatches(pattern, signals.html)) total += pattern.confidence;
  for (const check of fingerprint.dom) total += domConfidence(check, signals);
  return total;
}

/** `_ga_*` matches every cookie whose name starts `_ga_`. */
function cookieValues(cookies: Map<string, string>, name: string): string[] {
  if (!name.endsWith('*')) return cookies.has(name) ? [cookies.get(name)!] : [];
  const prefix = name.slice(0, -1);
  return [...cookies].filter(([cookie]) => cookie.startsWith(prefix)).map(([, value]) => value);
}

/**
 * An HTML pattern, tried only on the text around the first places its required literal occurs:
 * the linear-time engine's cost stays proportional to a few kilobytes, not to the page.
 */
function htmlMatches(pattern: Pattern, html: string): boolean {
  if (pattern.regex === null) return true;
  if (pattern.literals === null) return pattern.regex.test(html.slice(0, HTML_WINDOW * 2));
  for (const literal of pattern.literals) {
    let from = 0;
    for (let occurrence = 0; occurrence < MAX_HTML_OCCURRENCES; occurrence += 1) {
      const at = html.indexOf(literal, from);
      if (at === -1) break;
      if (pattern.regex.test(html.slice(Math.max(0, at - HTML_WINDOW), at + literal.length + HTML_WINDOW))) return true;
      from = at + literal.length;
    }
  }
  return false;
}

function domConfidence(check: DomCheck, signals: PageSignals): number {
  for (const element of signals.elements) {
    if (!check.matches(element)) continue;
    if (check.attributes.length === 0 && check.text === null) return check.confidence;
    for (const [attribute, pattern] of check.attributes) {
      const value = element.attribs[attribute];
      if (value !== undefined && matches(pattern, value.slice(0, MAX_VALUE_CHARS).toLowerCase())) return pattern.confidence;
    }
    if (check.text !== null && matches(check.text, textOf(element).slice(0, MAX_VALUE_CHARS).toLowerCase())) return check.text.confidence;
  }
  return 0;
}

/** What found technologies imply, transitively; an implication's confidence is scaled by its source's. */
function addImplied(confidence: Map<string, number>, byName: Map<string, Fingerprint>): void {
  const pending = [...confidence.keys()];
  while (pending.length > 0) {
    const name = pending.pop()!;
    const source = confidence.get(name)!;
    for (const implied of byName.get(name)?.implies ?? []) {
      if (!byName.has(implied.name)) continue;
      const value = Math.round((source * implied.confidence) / 100);
      if (value > (confidence.get(implied.name) ?? 0)) {
        confidence.set(implied.name, value);
        pending.push(implied.name);
      }
    }
  }
}
