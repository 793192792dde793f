import { addDays, type Paise } from '@goldledger/contracts';
import { displayDate, inr } from './format.js';
import { DOCUMENT_STYLES, facts, LENDER_NAME, receiptFrame } from './layout.js';
import type { DocumentDefinition } from './pdf.js';

/** One payout of compensation for releasing a repaid loan's gold late (issue 18). */
export interface CompensationReceipt {
  receiptNumber: string;
  loanId: string;
  payoutId: string;
  customerName: string;
  customerId: string;
  closedOn: string;
  releaseDueBy: string;
  /** When the gold went back (null: still with the lender on the day of the payout). */
  returnedOn: string | null;
  paidOn: string;
  amountPaise: Paise;
  days: number;
  ratePaisePerDay: Paise;
  /** The working days of delay this payout covers, oldest first. */
  delayDays: string[];
  method: 'cash' | 'bank';
  reference: string | null;
  paidBy: string;
}

const METHOD: Record<CompensationReceipt['method'], string> = { cash: 'Cash', bank: 'Bank transfer' };

/** The days as ranges of consecutive dates in the list: `1 Apr 2026 - 2 Apr 2026, 4 Apr 2026`. */
function dayRanges(days: string[]): string {
  const groups: string[][] = [];
  for (const d of days) {
    const last = groups.at(-1);
    const prev = last?.at(-1);
    const next = prev && addDays(prev, 1);
    if (last && next === d) last.push(d);
    else groups.push([d]);
  }
  return groups
    .map((g) => (g.length === 1 ? displayDate(g[0]) : `${displayDate(g[0])} to ${displayDate(g.at(-1))}`))
    .join(', ');
}

/** The receipt the customer signs for (and keeps) when compensation is paid out. */
export function compensationReceiptDocument(r: CompensationReceipt): DocumentDefinition {
  const frame = receiptFrame('Compensation receipt', 'Release Delay Compensation', r);
  return {
    ...frame.page,
    content: [
      frame.header,
      {
        columns: [
          facts([
            ...frame.identity,
            ['Loan closed', displayDate(r.closedOn)],
            ['Gold due back by', displayDate(r.releaseDueBy)],
            ['Gold returned', r.returnedOn ? displayDate(r.returnedOn) : 'Not yet'],
          ]),
          facts(
            [
              ['Amount paid', inr(r.amountPaise)],
              ['Working days late', String(r.days)],
              ['Rate', `${inr(r.ratePaisePerDay)} a working day`],
              ['Paid on', displayDate(r.paidOn)],
              [
                'Paid by',
                [METHOD[r.method], r.reference && `ref. ${r.reference}`].filter(Boolean).join(', '),
              ],
              ['Paid out by', r.paidBy],
            ],
            [100, '*'],
          ),
        ],
        columnGap: 20,
      },
      {
        text: [
          { text: 'Days of delay covered: ', bold: true },
          r.delayDays.length > 0 ? dayRanges(r.delayDays) : '-',
        ],
        margin: [0, 12, 0, 0],
      },
      {
        text: `${LENDER_NAME} pays this compensation because your gold was not released within the promised working days after your loan was fully repaid. Sundays and holidays are not counted, nor days after you were told the gold was ready to collect.`,
        margin: [0, 8, 0, 0],
      },
      {
        columns: [
          { text: 'Customer’s signature', margin: [0, 36, 0, 0] },
          { text: 'For ' + LENDER_NAME, alignment: 'right', margin: [0, 36, 0, 0] },
        ],
      },
      { text: `Payout reference ${r.payoutId}.`, style: 'muted', margin: [0, 12, 0, 0] },
    ],
    styles: DOCUMENT_STYLES,
  };
}
