import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutTitle } from '../../src/net/pdf-title';
import { readPdf } from '../helpers/pdf-reader';

/** A one-page PDF with an information dictionary, its cross-reference offsets computed. */
function pdfWith(info: string, pageTitle = '(about:blank)'): Buffer {
  const objects = [
    `<</Title ${pageTitle}\n/Creator (Chromium)\n/Producer (Skia/PDF m156)>>`,
    '<</Type /Catalog /Pages 3 0 R /ViewerPreferences <</DisplayDocTitle true>>>>',
    '<</Type /Pages /Kids [4 0 R] /Count 1>>',
    // An annotation whose own /Title happens to read the same: never touched.
    '<</Type /Page /Parent 3 0 R /MediaBox [0 0 200 200] /Annots [<</Type /Annot /Subtype /Text /Rect [0 0 10 10] /Title (about:blank)>>]>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<</Size ${objects.length + 1}\n/Root 2 0 R${info}>>\nstartxref\n${xref}\n%%EOF`;
  return Buffer.from(body, 'latin1');
}

const titleOf = async (pdf: Buffer) => (await readPdf(pdf)).title;

test('the information dictionary title is blanked in place: same length, offsets intact, readable', async () => {
  const pdf = pdfWith('\n/Info 1 0 R');
  assert.equal(await titleOf(pdf), 'about:blank');
  const blanked = withoutTitle(pdf, 'about:blank');
  assert.equal(blanked.length, pdf.length);
  assert.equal(await titleOf(blanked), '');
  // The annotation's /Title, in another object, is left as it was.
  assert.match(blanked.toString('latin1'), /\/Annot \/Subtype \/Text \/Rect \[0 0 10 10\] \/Title \(about:blank\)/);
  // The input is not changed.
  assert.equal(await titleOf(pdf), 'about:blank');
});

test('a PDF whose title is another, or without an information dictionary, is returned as it is', () => {
  const titled = pdfWith('\n/Info 1 0 R', '(Invoice 4711)');
  assert.equal(withoutTitle(titled, 'about:blank'), titled);
  const noInfo = pdfWith('');
  assert.equal(withoutTitle(noInfo, 'about:blank'), noInfo);
});

test('a title holding parentheses is matched as PDF escapes it', async () => {
  const pdf = pdfWith('\n/Info 1 0 R', '(data:text/html,\\(x\\))');
  const blanked = withoutTitle(pdf, 'data:text/html,(x)');
  assert.equal(blanked.length, pdf.length);
  assert.equal(await titleOf(blanked), '');
});
