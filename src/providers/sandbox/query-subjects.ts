/**
 * What a normalised query is about, read from its words, for the sites only some queries' pages
 * show: a shop (amazon.com) for products, a code host (github.com) for software, a newspaper for
 * the news and sport; and the news vertical's specialists. One Map lookup per word: a new query's
 * ranking reads it, and must stay cheap.
 */

const SHOPPING = 1;
const SOFTWARE = 2;
const NEWS = 4;
const SPORT = 8;

/**
 * Things people buy, and words of someone choosing what to buy (`intentOf` calls any short bare
 * phrase commercial: "bundesliga" is; these words say it).
 */
const SHOPPING_WORDS = [
  'best', 'rated', 'review', 'reviews', 'vs', 'compare', 'comparison', 'affordable', 'alternative', 'alternatives', 'cheapest', 'sale', 'brand', 'brands',
  'shoes', 'sneakers', 'boots', 'sandals', 'jacket', 'jackets', 'dress', 'dresses', 'shirt', 'shirts', 'jeans', 'watch', 'watches', 'bag', 'bags', 'backpack',
  'laptop', 'laptops', 'phone', 'phones', 'smartphone', 'tablet', 'headphones', 'earbuds', 'speaker', 'speakers', 'camera', 'cameras', 'tv', 'monitor',
  'charger', 'console', 'furniture', 'chair', 'desk', 'sofa', 'mattress', 'bike', 'bikes', 'stroller', 'toy', 'toys', 'gift', 'gifts', 'machine',
  'fryer', 'grinder', 'blender', 'vacuum', 'mat', 'tent', 'filter', 'kit', 'book', 'books', 'perfume', 'skincare', 'gear',
];

/** Words of software and programming ("code" apart: see isSoftwareQuery). */
const SOFTWARE_WORDS = [
  'python', 'javascript', 'typescript', 'js', 'nodejs', 'java', 'golang', 'php', 'rails', 'coding', 'api', 'apis', 'sdk', 'software', 'programming',
  'developer', 'developers', 'library', 'framework', 'linux', 'git', 'github', 'docker', 'kubernetes', 'sql', 'database', 'npm', 'react', 'html',
  'css', 'compiler', 'algorithm', 'algorithms', 'devops',
];

/** Sport as newspapers cover it: the games, their leagues and their tables. */
const SPORT_WORDS = [
  'sport', 'sports', 'football', 'soccer', 'basketball', 'baseball', 'hockey', 'tennis', 'golf', 'cricket', 'rugby', 'f1', 'nba', 'nfl', 'nhl',
  'mlb', 'fifa', 'uefa', 'bundesliga', 'league', 'liga', 'olympics', 'fixtures', 'standings', 'playoffs',
];

/** What newspapers report on besides sport. */
const NEWS_WORDS = [
  'news', 'today', 'latest', 'breaking', 'election', 'elections', 'politics', 'president', 'government', 'war', 'economy', 'inflation',
  'recession', 'weather', 'headlines', 'crisis', 'strike', 'parliament', 'congress',
];

/** Word → what it says a query is about (bits above; a sport word is news too). */
const SUBJECT_OF_WORD = new Map<string, number>();
const mark = (words: readonly string[], subject: number) => words.forEach((word) => SUBJECT_OF_WORD.set(word, (SUBJECT_OF_WORD.get(word) ?? 0) | subject));
mark(SHOPPING_WORDS, SHOPPING);
mark(SOFTWARE_WORDS, SOFTWARE);
mark(NEWS_WORDS, NEWS);
mark(SPORT_WORDS, SPORT | NEWS);

/** Every word that tells what a query is about: words searchers use, which the sandbox's search vocabulary knows. */
export const SUBJECT_WORDS: readonly string[] = [...SUBJECT_OF_WORD.keys(), 'code'];

/** A code that is not a program's. */
const NOT_PROGRAM_CODE: ReadonlySet<string> = new Set(['zip', 'dress', 'promo', 'discount', 'coupon', 'postal', 'area', 'gift', 'qr', 'bar', 'country']);

/** What a normalised query is about, as its words say (a sport word is news too). */
export interface QuerySubjects {
  shopping: boolean;
  software: boolean;
  news: boolean;
  sport: boolean;
}

/** What a normalised query's words say it is about, read one word at a time (a Map lookup each). */
export function subjectsOf(query: string): QuerySubjects {
  let subjects = 0;
  let previous = '';
  for (let start = 0; start <= query.length;) {
    let end = query.indexOf(' ', start);
    if (end === -1) end = query.length;
    const word = query.slice(start, end);
    subjects |= word === 'code' ? (NOT_PROGRAM_CODE.has(previous) ? 0 : SOFTWARE) : SUBJECT_OF_WORD.get(word) ?? 0;
    previous = word;
    start = end + 1;
  }
  return { shopping: (subjects & SHOPPING) !== 0, software: (subjects & SOFTWARE) !== 0, news: (subjects & NEWS) !== 0, sport: (subjects & SPORT) !== 0 };
}
