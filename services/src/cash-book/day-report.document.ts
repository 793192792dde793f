import {
  COIN_DENOMINATIONS,
  NOTE_DENOMINATIONS,
  formatInr,
  rupeesToPaise,
  type CashBookDayResponse,
} from '@goldledger/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { displayDate } from '../documents/format.js';
import { DOCUMENT_STYLES, facts, header, headRow } from '../documents/layout.js';
import type { DocumentDefinition } from '../documents/pdf.js';

const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));
const signed = (rupees: number) =>
  rupees > 0 ? `+${inr(rupees)}` : rupees < 0 ? `−${inr(-rupees)}` : inr(0);
const time = (iso: string) =>
  iso
    ? new Intl.DateTimeFormat('en-IN', {
        timeZone: 'Asia/Kolkata',
        hour: '2-digit',
        minute: '2-digit',
        day: '2-digit',
        month: 'short',
      }).format(new Date(iso))
    : '-';

const clock = (iso: string) =>
  iso
    ? new Intl.DateTimeFormat('en-IN', {
        timeZone: 'Asia/Kolkata',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso))
    : '-';

const KIND_LABELS: Record<string, string> = {
  disbursement: 'Loan disbursed',
  repayment: 'Cash repayment',
  refund: 'Cash refund',
  reversal: 'Repayment reversed',
  release_compensation: 'Release delay compensation',
  entry: 'Book entry',
};

/** The day-end report of a branch's cash book: opening, every movement, the count and the close. */
export function dayReportDocument(day: CashBookDayResponse, printedAt: Date): DocumentDefinition {
  const opening = day.opening
    ? `${inr(day.opening.amount)} (${day.opening.source.kind === 'close' ? `counted at the close of ${displayDate(day.opening.source.businessDate)}` : 'entered when the book started'})`
    : 'Not known: the cash book has not been started';
  const movementRows: TableCell[][] = day.movements.map((m) => [
    clock(m.at),
    KIND_LABELS[m.kind] ?? m.kind,
    m.loanId ?? m.reason ?? '',
    m.by ?? '',
    { text: m.direction === 'in' ? inr(m.amount) : '', alignment: 'right' },
    { text: m.direction === 'out' ? inr(m.amount) : '', alignment: 'right' },
  ]);
  const count = day.count;
  const countRows: TableCell[][] = count
    ? [
        ...NOTE_DENOMINATIONS.map(
          (v) =>
            [
              'Note',
              `₹${v}`,
              String(count.notes[String(v)] ?? 0),
              v * (count.notes[String(v)] ?? 0),
            ] as const,
        ),
        ...COIN_DENOMINATIONS.map(
          (v) =>
            [
              'Coin',
              `₹${v}`,
              String(count.coins[String(v)] ?? 0),
              v * (count.coins[String(v)] ?? 0),
            ] as const,
        ),
      ]
        .filter((row) => row[2] !== '0')
        .map(([kind, denomination, pieces, value]) => [
          kind,
          denomination,
          { text: pieces, alignment: 'right' },
          { text: inr(value), alignment: 'right' },
        ])
    : [];
  const content: Content[] = [
    header('Cash Book: Day-End Report', `${day.branch.name} (${day.branch.code}) · ${displayDate(day.date)}`),
    facts([
      ['Branch', `${day.branch.name} (${day.branch.code})`],
      ['Business day', displayDate(day.date)],
      [
        'Status',
        day.closed ? `Closed by ${day.closed.by} at ${time(day.closed.at)}` : 'Open (not closed yet)',
      ],
      ['Opening cash', opening],
      ['Cash in', inr(day.cashIn)],
      ['Cash out', inr(day.cashOut)],
      ['Expected closing', day.expected === null ? '-' : inr(day.expected)],
      ['Counted', count ? `${inr(count.total)} (counted by ${count.countedBy})` : 'Not counted'],
      ['Difference', day.difference === null ? '-' : signed(day.difference)],
      ...(day.closed?.reason
        ? ([['Reason for the difference', day.closed.reason]] as Array<[string, string]>)
        : []),
    ]),
    { text: 'Movements', style: 'section' },
    day.movements.length > 0
      ? {
          table: {
            headerRows: 1,
            widths: [50, 80, '*', 90, 60, 60],
            body: [
              [
                ...headRow(['Time', 'What', 'Loan / reason', 'By']),
                { text: 'In', style: 'th', alignment: 'right' },
                { text: 'Out', style: 'th', alignment: 'right' },
              ],
              ...movementRows,
            ],
          },
          layout: 'lightHorizontalLines',
        }
      : { text: 'No cash moved on this day.', style: 'muted' },
  ];
  if (countRows.length > 0) {
    content.push(
      { text: 'Closing count by denomination', style: 'section' },
      {
        table: {
          headerRows: 1,
          widths: [50, 70, 60, 80],
          body: [headRow(['', 'Denomination', 'Pieces', 'Value']), ...countRows],
        },
        layout: 'lightHorizontalLines',
      },
    );
  }
  if (day.unbooked.length > 0) {
    content.push({
      text: `Not in this book: ${day.unbooked.length} loan cash movement(s) found in the loan events were never booked here (${day.unbooked.map((u) => `${u.loanId} ${inr(u.amount)}`).join(', ')}).`,
      bold: true,
      margin: [0, 10, 0, 0],
    });
  }
  content.push(
    {
      columns: [
        { text: 'Cashier: ____________________', margin: [0, 36, 0, 0] },
        { text: 'Branch manager: ____________________', margin: [0, 36, 0, 0] },
      ],
    },
    { text: `Printed ${time(printedAt.toISOString())}`, style: 'muted', margin: [0, 12, 0, 0] },
  );
  return {
    pageSize: 'A4',
    pageMargins: [36, 32, 36, 36],
    info: { title: `Cash book ${day.branch.code} ${day.date}`, subject: `Day-end report ${day.date}` },
    content,
    styles: DOCUMENT_STYLES,
  };
}
