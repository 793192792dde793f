import type { Column, Content } from 'pdfmake/interfaces';
import {
  maskAadhar,
  type GoldItemRecord,
  type LoanCustomerSnapshot,
  type Paise,
  type RepaymentType,
} from '@goldledger/contracts';
import { REPAYMENT_WORDS } from '../lending/repayment-structures.js';
import { displayDate, grams, inr } from './format.js';
import { DOCUMENT_STYLES, facts, headRow, issuerBlock, LENDER_NAME, type Issuer } from './layout.js';
import type { DocumentDefinition } from './pdf.js';

export interface SlipPhoto {
  /** A key of the document's image dictionary. */
  image: string;
  caption: string;
}

export interface LoanSlip {
  loanId: string;
  loanDate: string;
  customer: LoanCustomerSnapshot;
  principalPaise: Paise;
  annualRatePercent: number;
  termMonths: number;
  repaymentType: RepaymentType;
  monthlyPaymentPaise: Paise;
  totalPaymentPaise: Paise;
  finalAuctionDate: string;
  goldItems: GoldItemRecord[];
  photos: SlipPhoto[];
  /** Data URLs by image key: each photo is embedded once and drawn in both copies. */
  images: Record<string, string>;
  printedOn: string;
  /** The branch the loan belongs to: its name, address and phone head each copy. */
  issuer?: Issuer;
}

/** A4 landscape is 842 × 595 pt; two copies side by side, with a cut line between. */
const PAGE_MARGIN = 22;
const GUTTER = 24;
const COPY_WIDTH = (842 - 2 * PAGE_MARGIN - GUTTER) / 2;
const PHOTO_GAP = 4;

function photoRows(photos: SlipPhoto[]): Content[] {
  // Larger while few; smaller so that a full set (5 per item and the group photo) stays on the page.
  const size = photos.length <= 10 ? 72 : photos.length <= 18 ? 54 : 40;
  const perRow = Math.floor((COPY_WIDTH + PHOTO_GAP) / (size + PHOTO_GAP));
  const rows: Content[] = [];
  for (let i = 0; i < photos.length; i += perRow) {
    rows.push({
      columns: photos.slice(i, i + perRow).map((p) => ({
        width: size,
        stack: [
          { image: p.image, fit: [size, size] },
          { text: p.caption, fontSize: 6, color: '#555555' },
        ],
      })),
      columnGap: PHOTO_GAP,
      margin: [0, 0, 0, PHOTO_GAP],
    });
  }
  return rows;
}

function copy(slip: LoanSlip, label: string): Column {
  const c = slip.customer;
  const totalGross = slip.goldItems.reduce((sum, i) => sum + i.grossWeightMg, 0);
  const totalNet = slip.goldItems.reduce((sum, i) => sum + i.netWeightMg, 0);
  return {
    width: COPY_WIDTH,
    stack: [
      {
        columns: [
          issuerBlock(slip.issuer, 7),
          {
            stack: [
              { text: 'Loan Acknowledgement', style: 'title' },
              { text: label, bold: true, color: '#8a6d1d' },
            ],
            alignment: 'right',
          },
        ],
        margin: [0, 0, 0, 6],
      },
      {
        columns: [
          facts(
            [
              ['Loan ID', slip.loanId],
              ['Loan date', displayDate(slip.loanDate)],
              ['Customer', c.name],
              ['Customer ID', c.customerId],
              ['Mobile', c.primaryMobile],
              ['Aadhar', maskAadhar(c.aadharNumber)],
            ],
            [58, '*'],
          ),
          facts(
            [
              ['Loan amount', inr(slip.principalPaise)],
              ['Interest', `${slip.annualRatePercent}% a year`],
              ['Term', `${slip.termMonths} months`],
              ['Repayment', REPAYMENT_WORDS[slip.repaymentType].structure],
              [REPAYMENT_WORDS[slip.repaymentType].amount, inr(slip.monthlyPaymentPaise)],
              ['Total payable', inr(slip.totalPaymentPaise)],
              ['Final auction date', displayDate(slip.finalAuctionDate)],
            ],
            [72, '*'],
          ),
        ],
        columnGap: 8,
      },
      { text: `Address: ${c.presentAddress}`, style: 'muted', margin: [0, 2, 0, 0] },
      { text: 'Gold items pledged', style: 'section' },
      {
        table: {
          headerRows: 1,
          widths: [14, '*', 48, 48, 34],
          body: [
            headRow(['#', 'Description', 'Gross (g)', 'Net (g)', 'Purity']),
            ...slip.goldItems.map((item, i) => [
              String(i + 1),
              item.description,
              { text: grams(item.grossWeightMg), alignment: 'right' as const },
              { text: grams(item.netWeightMg), alignment: 'right' as const },
              `${item.purityKarat}K`,
            ]),
            [
              '',
              { text: 'Total', bold: true },
              { text: grams(totalGross), bold: true, alignment: 'right' as const },
              { text: grams(totalNet), bold: true, alignment: 'right' as const },
              '',
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...(slip.photos.length > 0
        ? [{ text: 'Photos of the pledged items', style: 'section' } as Content, ...photoRows(slip.photos)]
        : []),
      {
        text:
          `The gold items above are held as security for this loan and are returned when it is repaid in full. ` +
          `If the loan is not repaid, they may be auctioned on or after ${displayDate(slip.finalAuctionDate)}.`,
        style: 'muted',
        margin: [0, 8, 0, 0],
      },
      {
        columns: [
          { text: '\n\n______________________\nCustomer signature', alignment: 'left', fontSize: 8 },
          { text: `\n\n______________________\nFor ${LENDER_NAME}`, alignment: 'right', fontSize: 8 },
        ],
        margin: [0, 4, 0, 0],
      },
      {
        text: `Printed ${displayDate(slip.printedOn)}`,
        style: 'muted',
        alignment: 'right',
        margin: [0, 4, 0, 0],
      },
    ],
  };
}

/** The Loan Acknowledgement slip: A4 landscape, customer and office copies on one page. */
export function loanSlipDocument(slip: LoanSlip): DocumentDefinition {
  const cutLine: Column = {
    width: GUTTER,
    canvas: [
      {
        type: 'line',
        x1: GUTTER / 2,
        y1: 0,
        x2: GUTTER / 2,
        y2: 595 - 2 * PAGE_MARGIN - 6,
        dash: { length: 4 },
        lineWidth: 0.5,
        lineColor: '#999999',
      },
    ],
  };
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: PAGE_MARGIN,
    info: { title: `Loan acknowledgement ${slip.loanId}`, subject: `Loan ${slip.loanId}` },
    defaultStyle: { fontSize: 8 },
    images: slip.images,
    content: [{ columns: [copy(slip, 'CUSTOMER COPY'), cutLine, copy(slip, 'OFFICE COPY')], columnGap: 0 }],
    styles: {
      ...DOCUMENT_STYLES,
      brand: { fontSize: 13, bold: true, color: '#8a6d1d' },
      title: { fontSize: 11, bold: true },
    },
  };
}
