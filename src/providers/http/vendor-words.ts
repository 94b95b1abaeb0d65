/**
 * What the log may quote of a vendor's words. A vendor's error text can echo what it was asked —
 * a name, an e-mail address, a username, a prompt — or the key it was sent, and the log holds
 * neither (README, *Personal data*). So before a vendor's text is quoted, every value the request
 * carried is replaced by its name in angle brackets (`<query>`), and what still looks like an
 * e-mail address or a phone number by `<email>` or `<number>` (a vendor may echo a value in part,
 * or changed). The vendor's codes and the rest of its sentence stay: they are what the operator
 * needs to tell a spent balance from a refused key.
 */

/** Values a request carried, each with the name the log shows in its place. */
export type AskedValues = ReadonlyArray<readonly [name: string, value: string]>;

/** A vendor's text as the log may quote it, for one request (`quoteWithout`). */
export type Quote = (text: string) => string;

/** Shorter values are not replaced: they would match inside ordinary words. */
const SHORTEST_REPLACED = 3;
/** Only the start of a long body is read: the log keeps a few hundred characters of it. */
const MOST_READ = 65_536;
/**
 * Words, and runs of digits with the separators phone numbers are written with. Each is matched
 * once, left to right, without backtracking, so a long body costs time in proportion to its length.
 */
const WORD = /[^\s"'<>(),;]+/g;
const DIGIT_RUN = /\+?\d[\d\s().-]*/g;
/** A run with this many digits or more could be a phone number. */
const PHONE_DIGITS = 7;

export interface AskedRequest {
  /** Its query's values are asked values, named by their parameters. */
  url?: string;
  /** Its strings are asked values, named by their keys (an array's items by the array's key). */
  json?: unknown;
  /** Their values (a key, a token) are replaced by their names too. */
  headers?: Record<string, string>;
  /** When the log leaves the path out (it names what was asked), its segments are asked values. */
  pathAsked?: boolean;
}

/** The values a vendor request carries, in its URL's query (and path, when asked), JSON body and headers. */
export function askedIn(request: AskedRequest): AskedValues {
  const asked: [string, string][] = [];
  if (request.url !== undefined) {
    const url = parsedUrl(request.url);
    url?.searchParams.forEach((value, name) => asked.push([name, value]));
    if (request.pathAsked && url) for (const segment of url.pathname.split('/')) asked.push(['path', safeDecode(segment)]);
  }
  if (request.json !== undefined) collectStrings(request.json, 'value', asked);
  for (const [name, value] of Object.entries(request.headers ?? {})) asked.push([name, value]);
  return asked;
}

/**
 * A vendor's text as the log may quote it: on one line, the asked values replaced (longest first,
 * whatever their case), then e-mail addresses and phone numbers, and only then cut to `most`
 * characters — so no value is cut in two and half of it kept.
 */
export function vendorWords(text: string, asked: AskedValues, most = 300): string {
  const line = withAskedReplaced(oneLine(text.slice(0, MOST_READ)), asked)
    .replace(WORD, (word) => (looksLikeEmail(word) ? '<email>' : word))
    .replace(DIGIT_RUN, maskedIfPhone);
  return line === '' ? '(empty body)' : line.slice(0, most);
}

/** `vendorWords` for the values of one request. */
export function quoteWithout(asked: AskedValues): Quote {
  return (text) => vendorWords(text, asked);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Every occurrence of an asked value, in any case, replaced by its name — in one pass over the
 * text as it came, a longer value winning where two overlap (so a name put in is never itself
 * matched by a shorter value).
 */
function withAskedReplaced(line: string, asked: AskedValues): string {
  const values = asked
    // A value far longer than the text read (a file sent as a data URI) cannot be in it.
    .filter(([, value]) => value.length <= 4 * MOST_READ)
    .map(([name, value]) => [name, oneLine(value)] as const)
    .filter(([, value]) => value.length >= SHORTEST_REPLACED)
    .sort((a, b) => b[1].length - a[1].length);
  if (values.length === 0) return line;
  // Lower-casing keeps the length of almost all text; where it does not, values match as written.
  const lower = line.toLowerCase();
  const caseless = lower.length === line.length;
  const haystack = caseless ? lower : line;
  const taken = new Uint8Array(line.length);
  const found: { at: number; end: number; name: string }[] = [];
  for (const [name, value] of values) {
    const needle = caseless && value.toLowerCase().length === value.length ? value.toLowerCase() : value;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (taken.subarray(at, end).some(Boolean)) continue;
      taken.fill(1, at, end);
      found.push({ at, end, name });
    }
  }
  found.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const { at, end, name } of found) {
    out += `${line.slice(from, at)}<${name}>`;
    from = end;
  }
  return out + line.slice(from);
}

function looksLikeEmail(word: string): boolean {
  const at = word.indexOf('@');
  return at > 0 && word.indexOf('.', at + 2) !== -1;
}

/** A run of seven digits or more as `<number>`, the separators after its last digit kept. */
function maskedIfPhone(run: string): string {
  let digits = 0;
  let lastDigit = 0;
  for (let index = 0; index < run.length; index += 1) {
    const code = run.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      digits += 1;
      lastDigit = index;
    }
  }
  return digits >= PHONE_DIGITS ? `<number>${run.slice(lastDigit + 1)}` : run;
}

function collectStrings(value: unknown, name: string, into: [string, string][]): void {
  if (typeof value === 'string') into.push([name, value]);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, name, into);
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) collectStrings(item, key, into);
}

function parsedUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
