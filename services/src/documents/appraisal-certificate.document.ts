import type { Content, TableCell } from 'pdfmake/interfaces';
import { maskAadhar, type LendingPolicy } from '@goldledger/contracts';
import type { AppraisalCertificate, CertificateItem } from './appraisal-certificate.js';
import { ITEM_TYPE_LABELS, purityText } from './disclosure-format.js';
import { clip, displayDate, grams, inr } from './format.js';
import { DOCUMENT_STYLES, facts, header, headRow, LENDER_NAME } from './layout.js';
import type { DocumentDefinition } from './pdf.js';

const PHOTO = 66;
const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

/** A price per gram to the paisa: the value is net weight × this, so it is shown exactly. */
const perGram = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0a\u00a0gram`;

function priceText(c: AppraisalCertificate, item: CertificateItem, policy: LendingPolicy): string {
  const p = item.price;
  if (p.kind === 'single_rate') {
    return `${perGram(p.ratePaisePerGram24k)} of 24K gold on ${displayDate(c.valuedOn)}, × ${item.karat}/24 = ${perGram(p.pricePerGramPaise)}`;
  }
  const w = c.window!;
  const scaled =
    p.pricedFrom === item.fineness ? '' : ` (prices of ${p.pricedFrom} scaled to ${item.fineness})`;
  const bound = p.bound === 'average30' ? 'the average' : 'the previous close';
  return (
    `Lower of the ${policy.goldPrices.averageDays}-day average close ${perGram(p.average30Paise)} ` +
    `(${displayDate(w.averageFrom)} to ${displayDate(w.averageTo)}) and the previous working day's close ` +
    `${perGram(p.previousClosePaise)} (${displayDate(w.previousDay)})${scaled}: ${bound}, ${perGram(p.pricePerGramPaise)}`
  );
}

function itemRow(
  c: AppraisalCertificate,
  item: CertificateItem,
  photoKey: string | undefined,
  policy: LendingPolicy,
): TableCell[] {
  const photo: TableCell = photoKey
    ? { image: photoKey, fit: [PHOTO, PHOTO] }
    : {
        text: 'no photo',
        style: 'muted',
        alignment: 'center',
        margin: [0, PHOTO / 2 - 6, 0, PHOTO / 2 - 6],
      };
  const deductions =
    item.deductions.length === 0
      ? 'none'
      : item.deductions
          .map(
            (d) =>
              `${d.kind === 'stones' ? 'Stones' : 'Other'} ${grams(d.weightMg)} g: ${clip(d.reason, 200)}`,
          )
          .join('; ');
  return [
    photo,
    {
      stack: [
        {
          text: `${item.number}. ${ITEM_TYPE_LABELS[item.itemType]}: ${clip(item.description, 200)}`,
          bold: true,
        },
        {
          columns: [
            { text: [{ text: 'Purity ', style: 'label' }, purityText(item.fineness, item.karat)] },
            { text: [{ text: 'Gross ', style: 'label' }, `${grams(item.grossWeightMg)} g`] },
            { text: [{ text: 'Deductions ', style: 'label' }, `${grams(item.deductionsMg)} g`] },
            {
              text: [
                { text: 'Net ', style: 'label' },
                { text: `${grams(item.netWeightMg)} g`, bold: true },
              ],
            },
          ],
          margin: [0, 2, 0, 0],
        },
        { text: [{ text: 'Deducted: ', style: 'label' }, deductions], margin: [0, 2, 0, 0] },
        { text: [{ text: 'Price: ', style: 'label' }, priceText(c, item, policy)], margin: [0, 2, 0, 0] },
      ],
    },
    { text: inr(item.valuePaise), bold: true, alignment: 'right' },
  ];
}

function copy(
  c: AppraisalCertificate,
  label: string,
  photoKeys: ReadonlyMap<number, string>,
  policy: LendingPolicy,
  pageBreak: boolean,
): Content[] {
  const t = c.totals;
  return [
    {
      stack: [header('Appraisal Certificate', `Loan ${c.loanId} · valued ${displayDate(c.valuedOn)}`)],
      ...(pageBreak ? { pageBreak: 'before' as const } : {}),
    },
    { text: label, bold: true, color: '#8a6d1d', alignment: 'right', margin: [0, -8, 0, 6] },
    {
      columns: [
        facts(
          [
            ['Borrower', c.borrower.name],
            ['Customer ID', c.borrower.customerId],
            ['Aadhar', maskAadhar(c.borrower.aadharNumber)],
            ['Mobile', c.borrower.mobile],
          ],
          [62, '*'],
        ),
        facts(
          [
            ['Loan ID', c.loanId],
            ['Sanction date', displayDate(c.sanctionDate)],
            ['Branch', c.branch.name],
            ['Valued on', displayDate(c.valuedOn)],
          ],
          [70, '*'],
        ),
      ],
      columnGap: 14,
    },
    ...(c.fromRecordedValuation
      ? [
          {
            text:
              'This loan was made before item-wise appraisal was recorded. This certificate is built from the items ' +
              'as entered and the valuation recorded with the loan (the single gold rate of the day): no item type, ' +
              'deductions with reasons or photos were recorded, and the deductions shown are gross less net weight.',
            style: 'muted',
            margin: [0, 6, 0, 0],
          } as Content,
        ]
      : []),
    { text: 'Items appraised (only the gold counts)', style: 'section' },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [PHOTO, '*', 62],
        body: [
          [
            ...headRow(['Photo', 'Item, weights and price']),
            { text: 'Value', style: 'th', alignment: 'right' },
          ],
          ...c.items.map((item) => itemRow(c, item, photoKeys.get(item.number), policy)),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      table: {
        widths: ['*', 62, 62, 62, 70],
        body: [
          [
            { text: '', style: 'th' },
            ...['Gross', 'Deductions', 'Net', 'Value'].map((text) => ({
              text,
              style: 'th',
              alignment: 'right' as const,
            })),
          ],
          [
            { text: `Total, ${c.items.length} ${c.items.length === 1 ? 'item' : 'items'}`, bold: true },
            right(`${grams(t.grossWeightMg)} g`, true),
            right(`${grams(t.deductionsMg)} g`, true),
            right(`${grams(t.netWeightMg)} g`, true),
            right(inr(t.valuePaise), true),
          ],
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 6, 0, 0],
    },
    {
      text:
        `The items above were weighed and tested in the borrower's presence at ${c.branch.name}. ` +
        `Their value is that of the gold alone, at the valuation price of ${displayDate(c.valuedOn)}. ` +
        `Lending policy version ${c.policyVersion}.`,
      margin: [0, 10, 0, 0],
    },
    {
      columns: ['Appraiser', 'Branch officer', 'Borrower'].map((who) => ({
        text: `\n\n\n______________________\n${who}\nName and date:`,
        fontSize: 8,
      })),
      columnGap: 14,
      unbreakable: true,
    },
  ];
}

/**
 * The appraisal certificate in duplicate: the borrower's copy, then the lender's, each
 * starting on a new A4 page. Photos are embedded once (by image key) and drawn in both.
 */
export function appraisalCertificateDocument(
  c: AppraisalCertificate,
  images: Record<string, string>,
  /** Image keys by item number; an item without one shows "no photo". */
  photoKeys: ReadonlyMap<number, string>,
  policy: LendingPolicy,
): DocumentDefinition {
  return {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title: `Appraisal certificate ${c.loanId}`, subject: `Loan ${c.loanId}` },
    images,
    footer: (page, pages) => ({
      columns: [
        { text: `Appraisal certificate · ${c.loanId} · ${LENDER_NAME}`, style: 'muted' },
        { text: `Page ${page} of ${pages}`, style: 'muted', alignment: 'right' },
      ],
      margin: [36, 12, 36, 0],
    }),
    content: [
      ...copy(c, "BORROWER'S COPY", photoKeys, policy, false),
      ...copy(c, "LENDER'S COPY", photoKeys, policy, true),
    ],
    styles: DOCUMENT_STYLES,
  };
}
