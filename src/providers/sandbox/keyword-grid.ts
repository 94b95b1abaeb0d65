/**
 * The keywords searchers build on a subject: the subject alone, with one of their usual modifiers
 * before it, one after it, or one of each ("best coffee grinder reviews"), 1,271 in all. Keyword
 * ideas list a seed's grid; a site ranks for the grids of its name and its topics. Each keyword has
 * an index in its subject's grid, and a keyword can be read back into the subjects whose grids hold
 * it, so a results page can tell which sites' grids its query belongs to without listing any grid.
 */

export const PREFIXES = [
  'best', 'cheap', 'top', 'how to choose', 'buy', 'affordable', 'professional', 'used', 'custom', 'portable',
  'electric', 'organic', 'small', 'large', 'luxury', 'modern', 'vintage', 'wireless', 'waterproof', 'lightweight',
  'diy', 'homemade', 'easy', 'quick', 'healthy', 'local', 'online', 'free', 'new', 'premium',
];
export const SUFFIXES = [
  'near me', 'for beginners', 'for kids', 'for women', 'for men', 'reviews', 'price', 'prices', 'deals', 'online',
  'ideas', 'tips', 'guide', 'alternatives', '2026', 'for sale', 'brands', 'comparison', 'benefits', 'meaning',
  'examples', 'tutorial', 'kit', 'set', 'accessories', 'repair', 'rental', 'delivery', 'subscription', 'app',
  'course', 'classes', 'jobs', 'salary', 'cost', 'calculator', 'template', 'checklist', 'size chart', 'vs',
];

/** Keywords in a subject's grid. */
export const GRID_SIZE = 1 + PREFIXES.length + SUFFIXES.length + PREFIXES.length * SUFFIXES.length;

/** Keywords of a grid with one modifier (indexes 1 to this); those with two follow. */
export const ONE_MODIFIER = PREFIXES.length + SUFFIXES.length;

/** The `index`-th keyword of a normalised subject's grid: the subject, prefixed, suffixed, then both (prefix-major). */
export function gridKeyword(subject: string, index: number): string {
  if (index === 0) return subject;
  if (index <= PREFIXES.length) return `${PREFIXES[index - 1]} ${subject}`;
  const afterPrefixed = index - 1 - PREFIXES.length;
  if (afterPrefixed < SUFFIXES.length) return `${subject} ${SUFFIXES[afterPrefixed]}`;
  const both = afterPrefixed - SUFFIXES.length;
  return `${PREFIXES[Math.floor(both / SUFFIXES.length)]} ${subject} ${SUFFIXES[both % SUFFIXES.length]}`;
}

/** A normalised subject's whole grid, in index order. */
export function gridOf(subject: string): string[] {
  return Array.from({ length: GRID_SIZE }, (_, index) => gridKeyword(subject, index));
}

/** A grid cell a keyword fills: the subject it is built on and its index in that subject's grid. */
export interface GridCell {
  subject: string;
  index: number;
}

/** Modifiers by their first (prefixes) or last (suffixes) word, with their place in their list: a keyword is read back by two lookups, not a scan of 70 modifiers. */
function byWord(modifiers: readonly string[], word: (modifier: string) => string): Map<string, Array<{ modifier: string; position: number }>> {
  const index = new Map<string, Array<{ modifier: string; position: number }>>();
  modifiers.forEach((modifier, position) => index.set(word(modifier), [...(index.get(word(modifier)) ?? []), { modifier, position }]));
  return index;
}
function firstWord(text: string): string {
  const space = text.indexOf(' ');
  return space === -1 ? text : text.slice(0, space);
}
const lastWord = (text: string) => text.slice(text.lastIndexOf(' ') + 1);
const PREFIXES_BY_FIRST_WORD = byWord(PREFIXES, firstWord);

/**
 * What reads the grids a normalised keyword belongs to: itself as a subject (index 0), and the
 * subject left once a modifier is taken off the front, the back, or both ("best coffee near me" is
 * in the grids of "best coffee near me", "coffee near me", "best coffee" and "coffee"). Extra
 * suffixes (a site's "login", say) read as indexes past the grid's own, and never follow a prefix.
 */
export function gridCellsReader(extraSuffixes: readonly string[] = []): (keyword: string) => GridCell[] {
  const suffixes = byWord([...SUFFIXES, ...extraSuffixes], lastWord);
  return (keyword) => gridCells(keyword, suffixes);
}

function gridCells(keyword: string, suffixes: ReturnType<typeof byWord>): GridCell[] {
  const cells: GridCell[] = [{ subject: keyword, index: 0 }];
  const fronts: Array<{ rest: string; prefix: number }> = [{ rest: keyword, prefix: -1 }];
  for (const { modifier, position } of PREFIXES_BY_FIRST_WORD.get(firstWord(keyword)) ?? []) {
    if (keyword.length > modifier.length + 1 && keyword.startsWith(modifier) && keyword[modifier.length] === ' ') {
      const rest = keyword.slice(modifier.length + 1);
      fronts.push({ rest, prefix: position });
      cells.push({ subject: rest, index: 1 + position });
    }
  }
  for (const { modifier, position } of suffixes.get(lastWord(keyword)) ?? []) {
    for (const { rest, prefix } of fronts) {
      if (rest.length <= modifier.length + 1 || !rest.endsWith(modifier) || rest[rest.length - modifier.length - 1] !== ' ') continue;
      const subject = rest.slice(0, rest.length - modifier.length - 1);
      if (position < SUFFIXES.length) {
        cells.push({ subject, index: prefix === -1 ? 1 + PREFIXES.length + position : 1 + PREFIXES.length + SUFFIXES.length + prefix * SUFFIXES.length + position });
      } else if (prefix === -1) {
        cells.push({ subject, index: GRID_SIZE + position - SUFFIXES.length });
      }
    }
  }
  return cells;
}
