/**
 * Address patterns, as the format endpoint reports them (`{first}.{last}`, `{f}{last}`): how a
 * company turns a name into the local part of an address.
 */
export const PATTERNS = ['{first}.{last}', '{f}{last}', '{first}{last}', '{first}', '{first}_{last}', '{f}.{last}', '{last}.{first}', '{first}{l}'] as const;
export type Pattern = (typeof PATTERNS)[number];

/** How often each is a company's main pattern. */
export const PATTERN_WEIGHTS: Readonly<Record<Pattern, number>> = {
  '{first}.{last}': 45, '{f}{last}': 20, '{first}{last}': 10, '{first}': 7, '{first}_{last}': 5, '{f}.{last}': 5, '{last}.{first}': 4, '{first}{l}': 4,
};

/** A name as an address can hold it: accents dropped, lower case, letters and digits only. */
export function mailboxWord(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The local part `pattern` makes of a name; null when the name has nothing an address can hold. */
export function localPart(pattern: Pattern, firstName: string, lastName: string): string | null {
  const first = mailboxWord(firstName);
  const last = mailboxWord(lastName);
  if (first === '' || last === '') return null;
  return pattern
    .replace('{first}', first)
    .replace('{last}', last)
    .replace('{f}', first[0]!)
    .replace('{l}', last[0]!);
}
