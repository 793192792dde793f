import type { Content, StyleDictionary, TableCell } from 'pdfmake/interfaces';

export const LENDER_NAME = 'GoldLedger';

/** Who issues a document: the lender, and the branch the loan belongs to (its address and phone). */
export interface Issuer {
  branchName: string;
  address: string;
  phone: string;
}

/** The lender's name over the branch's name, address and phone: the top left of receipts and slips. */
export const issuerBlock = (issuer: Issuer | undefined, fontSize = 8): Content =>
  issuer
    ? {
        stack: [
          { text: LENDER_NAME, style: 'brand' },
          { text: issuer.branchName, bold: true, fontSize },
          { text: issuer.address, fontSize, color: '#444444' },
          { text: `Phone ${issuer.phone}`, fontSize, color: '#444444' },
        ],
      }
    : { text: LENDER_NAME, style: 'brand' };

export const header = (title: string, subtitle: string, issuer?: Issuer): Content => ({
  columns: [
    issuerBlock(issuer),
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
export const receiptFrame = (title: string, heading: string, r: ReceiptIdentity, issuer?: Issuer) => ({
  page: {
    pageSize: 'A5' as const,
    pageOrientation: 'landscape' as const,
    pageMargins: [32, 28, 32, 32] as [number, number, number, number],
    info: { title: `${title} ${r.receiptNumber}`, subject: `Loan ${r.loanId}` },
  },
  header: header(heading, `Receipt number ${r.receiptNumber}`, issuer),
  identity: [
    ['Receipt number', r.receiptNumber],
    ['Customer name', r.customerName],
    ['Customer ID', r.customerId],
    ['Loan ID', r.loanId],
  ] as [string, string][],
});
