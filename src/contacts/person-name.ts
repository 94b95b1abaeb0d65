/**
 * How a person's whole name is split into the first and last names a finder asks with: the one
 * rule of the finder's `full_name` and of the author finder's name read from a page.
 */

/** Lower-case parts of a family name (Ludwig van Beethoven, Maria de la Cruz, Mary Ann van der Berg). */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'dos', 'das', 'ter', 'ten', 'bin', 'ibn', 'al', 'el', 'zu',
]);

/** An initial ("Q.", "J.R.", "Q"): neither a first nor a last name an address is made of. */
function isInitial(word: string): boolean {
  return /^(?:\p{Lu}\.)+$|^\p{Lu}$/u.test(word);
}

/**
 * The last word is the last name, with the particles before it (van der Berg); the words before
 * it are the first name, a second given name included (Mary Ann); initials after the first word
 * are dropped (Jane Q. Doe: Jane, Doe). The first word is never a particle. One word (after the
 * initials are dropped): a first name only, `lastName` null.
 */
export function splitPersonName(fullName: string): { firstName: string; lastName: string | null } {
  const words = fullName.trim().split(/\s+/).filter((word, index) => word !== '' && (index === 0 || !isInitial(word)));
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: null };
  let lastStart = words.length - 1;
  while (lastStart > 1 && NAME_PARTICLES.has(words[lastStart - 1]!.toLowerCase())) lastStart -= 1;
  return { firstName: words.slice(0, lastStart).join(' '), lastName: words.slice(lastStart).join(' ') };
}
