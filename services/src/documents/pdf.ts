import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

// pdfmake is CommonJS exporting one configured instance; its methods live on the prototype,
// so an ES named or namespace import would not see them.
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof PdfMake;

/**
 * Roboto, as pdfmake ships it: unlike the standard 14 PDF fonts (WinAnsi only) it has the
 * rupee sign, so amounts print as `₹1,00,000` (docs/decisions.md).
 */
const FONT_DIR = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const FONT_FILES = {
  normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
  bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
  italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
  bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
};
const ALLOWED_FILES = new Set(Object.values(FONT_FILES));

pdfmake.setFonts({ Roboto: FONT_FILES });
// Documents are built from our own data only: images arrive as data URLs, fonts from the
// folder above. Nothing else on disk, and nothing on the network, may be read.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => ALLOWED_FILES.has(path.resolve(file)));

export type DocumentDefinition = TDocumentDefinitions;

/** Lays out and writes a document; `createdAt` comes from the injected clock, so output is repeatable. */
export async function renderPdf(doc: DocumentDefinition, createdAt: Date): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    ...doc,
    defaultStyle: { font: 'Roboto', fontSize: 9, ...doc.defaultStyle },
    info: {
      author: 'GoldLedger',
      creator: 'GoldLedger',
      producer: 'GoldLedger',
      ...doc.info,
      creationDate: createdAt,
    },
  };
  return pdfmake.createPdf(definition).getBuffer();
}

/** A data URL for an image in a document definition. */
export const imageDataUrl = (bytes: Buffer, contentType: string) =>
  `data:${contentType};base64,${bytes.toString('base64')}`;
