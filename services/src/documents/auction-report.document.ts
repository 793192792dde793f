import type { AuctionFile } from '@goldledger/contracts';
import type { Content } from 'pdfmake/interfaces';
import { money, noticeFacts, type AuctionDocumentLoan } from './auction-statement.document.js';
import { clip, displayDate, grams } from './format.js';
import { DOCUMENT_STYLES, facts, headRow, header, LENDER_NAME } from './layout.js';
import type { DocumentDefinition } from './pdf.js';

const ID_LABELS: Record<string, string> = {
  aadhaar: 'Aadhaar',
  pan: 'PAN',
  voter_id: 'Voter ID',
  passport: 'Passport',
  driving_licence: 'Driving licence',
};
const COST_LABELS: Record<string, string> = {
  borrower_notice: 'Borrower notice',
  newspaper: 'Newspaper',
  valuer: 'Valuer',
  venue: 'Venue',
  other: 'Other',
};
const REASONS: Record<string, string> = { no_bids: 'No bids', below_reserve: 'No bid reached the reserve' };

/** ID numbers print with their last 4 characters only: the report circulates inside the lender. */
const lastFour = (id: string) => `${'X'.repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;

const table = (widths: Array<number | string>, head: string[], rows: Content[][]): Content => ({
  table: { headerRows: 1, widths, body: [headRow(head), ...rows] },
  layout: 'lightHorizontalLines',
});

/**
 * The auction report: the loan and its gold, the notices, the venue, the reserve and its
 * valuation, failed auctions, the bidder register, the bids, the winner, the costs and the
 * proceeds with their settlement.
 */
export function auctionReportDocument(
  f: AuctionFile,
  loan: AuctionDocumentLoan,
  printedOn: string,
): DocumentDefinition {
  const sale = f.sale;
  const round = sale?.round ?? f.round;
  const bidders = f.bidders.filter((b) => b.round === round);
  const basis = sale?.valuation ?? f.reserveBasis;
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: { title: `Auction report ${f.loanId}`, subject: `Loan ${f.loanId}` },
    footer: (page, pages) => ({
      text: `${LENDER_NAME} · Auction report · Loan ${f.loanId} · page ${page} of ${pages}`,
      style: 'muted',
      alignment: 'center',
    }),
    content: [
      header('Auction Report', `Printed ${displayDate(printedOn)}`),
      {
        columns: [
          facts([
            ['Loan ID', f.loanId],
            ['Borrower', `${clip(f.customer.name, 120)} (${f.customer.customerId})`],
            ['Branch', `${clip(f.branch.name, 120)}, ${f.branch.state}`],
            ['Listed for auction', displayDate(f.readyOn)],
          ]),
          facts([
            ['Auction date', displayDate(sale?.auctionDate ?? f.auctionDate)],
            ['Auction round', String(round)],
            ['Status', sale ? 'Sold' : f.auctionStatus.replace(/_/g, ' ')],
            ['Venue', f.venue ? clip(`${f.venue.address}, ${f.venue.town}`, 200) : '-'],
            ...(f.venue?.taluka ? ([['Taluka', clip(f.venue.taluka, 80)]] as Array<[string, string]>) : []),
          ]),
        ],
        columnGap: 20,
      },
      { text: 'Gold', style: 'section' },
      table(
        ['*', 80, 60],
        ['Item', 'Net weight (g)', 'Purity'],
        loan.goldItems.map((i) => [clip(i.description, 120), grams(i.netWeightMg), `${i.purityKarat}K`]),
      ),
      { text: 'Notices', style: 'section' },
      ...noticeFacts(f),
      { text: 'Reserve price', style: 'section' },
      facts(
        basis
          ? [
              ['Valued on', displayDate(basis.asOf)],
              ['Gold value', money(basis.goldValue)],
              ['Floor', `${basis.floorPercent}% = ${money(basis.floor)}`],
              ['Reserve price', money(sale?.reservePrice ?? f.reservePrice ?? 0)],
            ]
          : [['Reserve price', f.reservePrice === null ? '-' : money(f.reservePrice)]],
        [120, '*'],
      ),
      ...(f.failedAuctions.length > 0
        ? [
            { text: 'Failed auctions', style: 'section' },
            table(
              [70, 40, '*', 90, 90],
              ['Date', 'Round', 'Reason', 'Highest bid', 'Reserve'],
              f.failedAuctions.map((x) => [
                displayDate(x.auctionDate),
                String(x.round),
                REASONS[x.reason] ?? x.reason,
                x.highestBid === null ? '-' : money(x.highestBid),
                money(x.reservePrice),
              ]),
            ),
          ]
        : []),
      { text: `Bidder register (round ${round})`, style: 'section' },
      bidders.length === 0
        ? { text: 'No bidders registered.', style: 'muted' }
        : table(
            ['*', 115, '*', 62, 62],
            ['Name', 'ID', 'Address', 'Mobile', 'Registered'],
            bidders.map((b) => [
              clip(b.name, 120),
              `${ID_LABELS[b.idType] ?? b.idType} ${lastFour(b.idNumber)}`,
              clip(b.address, 200),
              b.mobile,
              displayDate(b.registeredOn),
            ]),
          ),
      {
        text: 'Each bidder was checked against the lender’s staff and the borrower’s related parties before registering.',
        style: 'muted',
        margin: [0, 4, 0, 0],
      },
      { text: 'Bids', style: 'section' },
      !sale || sale.bids.length === 0
        ? { text: 'No sale recorded.', style: 'muted' }
        : table(
            ['*', 100, 60],
            ['Bidder', 'Bid', ''],
            [...sale.bids]
              .sort((a, b) => b.amount - a.amount)
              .map((b) => [
                clip(b.name, 120),
                money(b.amount),
                b.bidderId === sale.winningBidder?.bidderId ? { text: 'Winner', bold: true } : '',
              ]),
          ),
      { text: 'Costs', style: 'section' },
      f.costs.length === 0
        ? { text: 'No costs recorded.', style: 'muted' }
        : table(
            [70, 90, '*', 90],
            ['Date', 'Type', 'Description', 'Amount'],
            [
              ...f.costs.map((c) => [
                displayDate(c.incurredOn),
                COST_LABELS[c.kind] ?? c.kind,
                clip(c.description, 200),
                money(c.amount),
              ]),
              ['', '', { text: 'Total', bold: true }, { text: money(f.totalCosts), bold: true }],
            ],
          ),
      ...(sale
        ? [
            {
              // Kept on one page: the figures are read together.
              unbreakable: true,
              stack: [
                { text: 'Proceeds', style: 'section' },
                {
                  columns: [
                    facts(
                      [
                        ['Sale amount', money(sale.saleAmount)],
                        ['Winner', sale.winningBidder ? clip(sale.winningBidder.name, 120) : '-'],
                        ['Costs settled', money(sale.settled.costs)],
                        ['Interest settled', money(sale.settled.interest)],
                        ['Principal settled', money(sale.settled.principal)],
                      ],
                      [100, '*'],
                    ),
                    facts(
                      [
                        ['Surplus to the borrower', money(sale.surplus)],
                        ...(sale.surplus > 0
                          ? ([
                              ['Refund due by', displayDate(sale.surplusRefundDueBy)],
                              [
                                'Refunded on',
                                sale.surplusPaidOn
                                  ? `${displayDate(sale.surplusPaidOn)} (${sale.workingDaysTaken} working days)`
                                  : 'Not yet',
                              ],
                            ] as Array<[string, string]>)
                          : []),
                        ['Shortfall still owed', money(sale.shortfall)],
                      ],
                      [120, '*'],
                    ),
                  ],
                  columnGap: 16,
                },
              ],
            } as Content,
          ]
        : []),
    ],
    styles: DOCUMENT_STYLES,
  };
}
