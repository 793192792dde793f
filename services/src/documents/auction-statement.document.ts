import { formatInrExact, rupeesToPaise, type AuctionFile } from '@goldledger/contracts';
import { clip, displayDate, grams } from './format.js';
import { DOCUMENT_STYLES, facts, headRow, header, LENDER_NAME } from './layout.js';
import type { DocumentDefinition } from './pdf.js';
import type { Content } from 'pdfmake/interfaces';

/** Exact rupees and paise: a statement of account must add up to the paisa. */
export const money = (rupees: number) => formatInrExact(rupeesToPaise(rupees));

export const CHANNEL_LABELS: Record<string, string> = {
  sms: 'SMS',
  email: 'Email',
  registered_post: 'Registered post',
};
export const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  upi: 'UPI',
  cheque: 'Cheque',
};
const LANGUAGES: Record<string, string> = {
  en: 'English',
  hi: 'Hindi',
  ta: 'Tamil',
  te: 'Telugu',
  kn: 'Kannada',
  ml: 'Malayalam',
  mr: 'Marathi',
  bn: 'Bengali',
  gu: 'Gujarati',
};
export const languageName = (code: string) => LANGUAGES[code] ?? code;

export interface AuctionDocumentLoan {
  principalPaise: number;
  disbursementDate: string;
  goldItems: Array<{ description: string; netWeightMg: number; purityKarat: number }>;
}

/** The notice to the borrower and the newspapers, as both documents print them. */
export function noticeFacts(f: AuctionFile): Content[] {
  const n = f.notice;
  const rows: Array<[string, string]> = n
    ? [
        ['Notice sent', displayDate(n.noticeDate)],
        ['By', n.channels.map((c) => CHANNEL_LABELS[c] ?? c).join(', ')],
        ['Registered post', `${displayDate(n.postedOn)}, ref. ${clip(n.postReference, 60)}`],
        ['Language', languageName(n.language)],
        ['Auction not before', `${displayDate(n.auctionNotBefore)} (${f.noticeDays} days' notice)`],
      ]
    : [['Notice sent', 'Not yet']];
  const papers = f.publicNotice?.newspapers ?? [];
  return [
    facts(rows, [120, '*']),
    papers.length === 0
      ? { text: 'Public notice: not yet recorded.', style: 'muted', margin: [0, 4, 0, 0] }
      : {
          margin: [0, 6, 0, 0],
          table: {
            headerRows: 1,
            widths: ['*', 70, 70, 70],
            body: [
              headRow(['Newspaper (public notice)', 'Reach', 'Language', 'Published']),
              ...papers.map((p) => [
                clip(p.name, 120),
                p.kind === 'vernacular' ? 'Vernacular' : 'National',
                clip(p.language, 40),
                displayDate(p.publishedOn),
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        },
  ];
}

/**
 * The borrower's auction statement: the notices, the sale, how the proceeds settled the
 * costs, interest and principal, and the surplus refunded (with its dates) or the
 * shortfall still owed.
 */
export function auctionStatementDocument(
  f: AuctionFile,
  loan: AuctionDocumentLoan,
  printedOn: string,
): DocumentDefinition {
  const sale = f.sale;
  const settlement: Content = sale
    ? {
        table: {
          headerRows: 1,
          widths: ['*', 110, 110],
          body: [
            headRow(['In this order', 'Owed', 'Paid from the sale']),
            [
              'Auction costs (notices, newspapers, valuer)',
              money(sale.owed.costs),
              money(sale.settled.costs),
            ],
            ['Interest', money(sale.owed.interest), money(sale.settled.interest)],
            ['Principal', money(sale.owed.principal), money(sale.settled.principal)],
            [
              { text: 'Total', style: 'total' },
              { text: money(sale.owed.total), style: 'total' },
              {
                text: money(sale.settled.costs + sale.settled.interest + sale.settled.principal),
                style: 'total',
              },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      }
    : { text: 'The gold has not been sold.', style: 'muted' };
  const outcome: Content[] = !sale
    ? []
    : sale.surplus > 0
      ? [
          { text: 'Surplus refunded to you', style: 'section' },
          facts(
            [
              ['Surplus', money(sale.surplus)],
              [
                'To be refunded by',
                `${displayDate(sale.surplusRefundDueBy)} (${f.surplusRefundWorkingDays} working days)`,
              ],
              ['Refunded', money(sale.surplusRefunded)],
              ...sale.payouts.map((p): [string, string] => [
                `Paid ${displayDate(p.paidOn)}`,
                `${money(p.amount)} by ${METHOD_LABELS[p.method] ?? p.method}${p.reference ? `, ref. ${clip(p.reference, 100)}` : ''}`,
              ]),
              [
                'Working days taken',
                sale.surplusPaidOn
                  ? String(sale.workingDaysTaken)
                  : `${sale.workingDaysTaken} so far (not yet paid in full)`,
              ],
            ],
            [120, '*'],
          ),
        ]
      : sale.shortfall > 0
        ? [
            { text: 'Shortfall still owed', style: 'section' },
            {
              text: `The sale did not cover what was owed: ${money(sale.shortfall)} remains payable by you on this loan. Please contact the branch.`,
              bold: true,
            },
          ]
        : [{ text: 'The sale covered exactly what was owed.', margin: [0, 8, 0, 0] }];
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: { title: `Auction statement ${f.loanId}`, subject: `Loan ${f.loanId}` },
    footer: (page, pages) => ({
      text: `${LENDER_NAME} · Auction statement · Loan ${f.loanId} · page ${page} of ${pages}`,
      style: 'muted',
      alignment: 'center',
    }),
    content: [
      header('Auction Statement', `Printed ${displayDate(printedOn)}`),
      {
        columns: [
          {
            stack: [
              { text: 'Borrower', style: 'section' },
              facts([
                ['Name', clip(f.customer.name, 120)],
                ['Customer ID', f.customer.customerId],
                ['Mobile', f.customer.mobile],
              ]),
            ],
          },
          {
            stack: [
              { text: 'Loan', style: 'section' },
              facts([
                ['Loan ID', f.loanId],
                ['Loan date', displayDate(loan.disbursementDate)],
                ['Loan amount', money(loan.principalPaise / 100)],
                ['Branch', clip(f.branch.name, 120)],
                [
                  'Gold pledged',
                  `${grams(loan.goldItems.reduce((s, i) => s + i.netWeightMg, 0))} g net, ${loan.goldItems.length} item(s)`,
                ],
              ]),
            ],
          },
        ],
        columnGap: 24,
      },
      { text: 'Notices before the auction', style: 'section' },
      ...noticeFacts(f),
      { text: 'The auction', style: 'section' },
      facts(
        [
          ['Auction date', displayDate(sale?.auctionDate ?? f.auctionDate)],
          [
            'Venue',
            f.venue
              ? clip(
                  `${f.venue.address}, ${f.venue.town}${f.venue.taluka ? ` (taluka ${f.venue.taluka})` : ''}`,
                  300,
                )
              : '-',
          ],
          ['Earlier auctions that failed', String(f.failedAuctions.length)],
          [
            'Reserve price',
            sale ? money(sale.reservePrice) : f.reservePrice === null ? '-' : money(f.reservePrice),
          ],
          ['Sale amount', sale ? money(sale.saleAmount) : '-'],
        ],
        [120, '*'],
      ),
      { text: 'How the sale amount was applied', style: 'section' },
      settlement,
      ...outcome,
      {
        text: 'The sale amount settles the auction costs first, then interest, then principal. Any surplus is refunded to you; any shortfall stays payable.',
        style: 'muted',
        margin: [0, 14, 0, 0],
      },
    ],
    styles: DOCUMENT_STYLES,
  };
}
