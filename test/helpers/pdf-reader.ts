import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF read as its readers see it, with pdfjs: each page's text, and the title a viewer shows. */
export async function readPdf(pdf: Buffer): Promise<{ text: string; title: unknown }> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    const { info } = await document.getMetadata();
    return { text: texts.join('\n'), title: (info as { Title?: unknown }).Title };
  } finally {
    await document.destroy();
  }
}
