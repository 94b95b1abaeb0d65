/**
 * Chromium titles a PDF with the page's URL when the document has no `<title>`: "about:blank" for
 * inline HTML. Its PDFs also ask viewers to show the title instead of the file's name
 * (`/DisplayDocTitle`), so an invoice printed from HTML opened as "about:blank". This blanks that
 * title in the document information dictionary, in place: the string keeps its length, padded
 * with spaces (PDF syntax allows any whitespace between tokens), so every byte offset in the
 * cross-reference table stays right. A PDF laid out otherwise is returned as it is.
 */
export function withoutTitle(pdf: Buffer, title: string): Buffer {
  const text = pdf.toString('latin1');
  // The trailer (or cross-reference stream) names the information dictionary's object; the last one counts.
  const references = [...text.matchAll(/\/Info\s+(\d+)\s+(\d+)\s+R/g)];
  const reference = references.at(-1);
  if (!reference) return pdf;
  const start = text.search(new RegExp(`(^|[\\r\\n])${reference[1]}\\s+${reference[2]}\\s+obj\\b`));
  if (start < 0) return pdf;
  const end = text.indexOf('endobj', start);
  if (end < 0) return pdf;
  const entry = `/Title (${escapePdfString(title)})`;
  const at = text.indexOf(entry, start);
  if (at < 0 || at > end) return pdf;
  const blanked = Buffer.from(pdf);
  blanked.write('/Title ()'.padEnd(entry.length, ' '), at, 'latin1');
  return blanked;
}

/** A literal string's body as PDF writes it: backslash and parentheses escaped. */
function escapePdfString(value: string): string {
  return value.replace(/[\\()]/g, '\\$&');
}
