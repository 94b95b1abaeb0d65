/**
 * Text with the accents of Latin, Greek and Cyrillic letters taken off (é → e, ü → u, ά → α), the
 * rest recomposed, so Japanese voiced kana keep their marks: how the sandbox reads a query's words
 * for places (./places/query-words.ts) and writes them into page addresses (./serp/page-text.ts).
 */
export function withoutAccents(text: string): string {
  return /[^\x00-\x7f]/.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC') : text;
}
