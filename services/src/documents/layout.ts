import type { Content, StyleDictionary, TableCell } from 'pdfmake/interfaces';

export const LENDER_NAME = 'GoldLedger';

export const header = (title: string, subtitle: string): Content => ({
  columns: [
    { text: LENDER_NAME, style: 'brand' },
    {
      stack: [
        { text: title, style: 'title' },
        { text: subtitle, style: 'muted' },
      ],
      alignment: 'right',
    },
  ],
  margin: [0, 0, 0, 12],
});

/** Label / value rows in a borderless table. */
export const facts = (
  rows: Array<[string, string]>,
  widths: [number | string, number | string] = [110, '*'],
) =>
  ({
    table: {
      widths,
      body: rows.map(([label, value]) => [
        { text: label, style: 'label' },
        { text: value, style: 'value' },
      ]),
    },
    layout: 'noBorders',
  }) satisfies Content;

export const headRow = (cells: string[]): TableCell[] => cells.map((text) => ({ text, style: 'th' }));

export const DOCUMENT_STYLES: StyleDictionary = {
  brand: { fontSize: 16, bold: true, color: '#8a6d1d' },
  title: { fontSize: 13, bold: true },
  section: { fontSize: 10, bold: true, margin: [0, 10, 0, 4] },
  muted: { fontSize: 8, color: '#555555' },
  label: { color: '#555555' },
  value: { bold: true },
  th: { bold: true, fillColor: '#f1eadb' },
  total: { bold: true, fontSize: 10 },
};
