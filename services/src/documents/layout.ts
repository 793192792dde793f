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

/** What every receipt names: its number, the customer and the loan. */
export interface ReceiptIdentity {
  receiptNumber: string;
  loanId: string;
  customerName: string;
  customerId: string;
}

/**
 * The receipt's frame (A5 landscape, the PDF's title, the heading with its number) and its
 * first facts, who and which loan: the customer keeps a payment receipt and a compensation
 * receipt side by side, so both read the same way.
 */
export const receiptFrame = (title: string, heading: string, r: ReceiptIdentity) => ({
  page: {
    pageSize: 'A5' as const,
    pageOrientation: 'landscape' as const,
    pageMargins: [32, 28, 32, 32] as [number, number, number, number],
    info: { title: `${title} ${r.receiptNumber}`, subject: `Loan ${r.loanId}` },
  },
  header: header(heading, `Receipt number ${r.receiptNumber}`),
  identity: [
    ['Receipt number', r.receiptNumber],
    ['Customer name', r.customerName],
    ['Customer ID', r.customerId],
    ['Loan ID', r.loanId],
  ] as [string, string][],
});
