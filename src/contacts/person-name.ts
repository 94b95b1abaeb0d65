/**
 * How a person's whole name is split into the first and last names a finder asks with: the one
 * rule of the finder's `full_name` and of the author finder's name read from a page.
 */

/** Lower-case parts of a family name (Ludwig van Beethoven, Maria de la Cruz, Mary Ann van der Berg). */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'dos', 'das', 'ter', 'ten', 'bin', 'ibn', 'al', 'el', 'zu',
]);

/** Titles before a name (Dr. Jane Doe): no part of it. */
export const HONORIFICS: ReadonlySet<string> = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof', 'professor', 'sir', 'dame', 'rev', 'hon', 'lord', 'lady']);
/** Suffixes and letters after a name (John Smith Jr., Jane Doe PhD): no part of it. */
export const POST_NOMINALS: ReadonlySet<string> = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'esq', 'mba', 'cpa', 'dds', 'rn', 'msc', 'bsc']);

const bare = (word: string) => word.replace(/[.,]/g, '').toLowerCase();

/** An initial ("Q.", "J.R.", "Q"): neither a first nor a last name an address is made of. */
function isInitial(word: string): boolean {
  return /^(?:\p{Lu}\.)+$|^\p{Lu}$/u.test(word);
}

/**
 * The last word is the last name, with the particles before it (van der Berg); the words before
 * it are the first name, a second given name included (Mary Ann); initials after the first word
 * are dropped (Jane Q. Doe: Jane, Doe), and so are a title before the name and suffixes after it
 * (Dr. Jane Doe, John Smith Jr.: Jane, Doe; John, Smith). The first word is never a particle. One
 * word (after those are dropped): a first name only, `lastName` null.
 */
export function splitPersonName(fullName: string): { firstName: string; lastName: string | null } {
  const all = fullName.trim().split(/\s+/).map((word) => word.replace(/,+$/, '')).filter((word) => word !== '');
  while (all.length > 1 && HONORIFICS.has(bare(all[0]!))) all.shift();
  while (all.length > 1 && POST_NOMINALS.has(bare(all.at(-1)!))) all.pop();
  const words = all.filter((word, index) => index === 0 || !isInitial(word));
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: null };
  let lastStart = words.length - 1;
  while (lastStart > 1 && NAME_PARTICLES.has(words[lastStart - 1]!.toLowerCase())) lastStart -= 1;
  return { firstName: words.slice(0, lastStart).join(' '), lastName: words.slice(lastStart).join(' ') };
}
