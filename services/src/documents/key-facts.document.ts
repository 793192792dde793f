import type { Content, TableCell } from 'pdfmake/interfaces';
import { maskAadhar } from '@goldledger/contracts';
import { APR_TOLERANCE } from '../lending/apr.js';
import {
  aprPercent,
  days,
  MODE_LABELS,
  months,
  percentOfBps,
  PURPOSE_LABELS,
  REPAYMENT_LABELS,
} from './disclosure-format.js';
import { clip, displayDate, inr } from './format.js';
import type { KeyFacts } from './key-facts.js';
import { DOCUMENT_STYLES, facts, header, headRow, LENDER_NAME } from './layout.js';
import type { DocumentDefinition } from './pdf.js';

/** `10^-12`: the solver's tolerance as a power of ten. */
const toleranceText = `10^${Math.round(Math.log10(APR_TOLERANCE))}`;
const right = (text: string): TableCell => ({ text, alignment: 'right' });
/** Label / value rows whose rows never split across a page. */
const keptFacts = (rows: Array<[string, string]>, widths: [number, string]): Content => {
  const f = facts(rows, widths);
  return { ...f, table: { ...f.table, dontBreakRows: true } };
};
const section = (title: string): Content => ({ text: title, style: 'section' });
const note = (text: string): Content => ({ text, style: 'muted', margin: [0, 2, 0, 0] });

/** Rupees and paise, for the computation's present values (the only place paise are shown). */
const exact = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function loanFacts(k: KeyFacts, aadhar: string): Content {
  const payout =
    k.disbursement.reference === null
      ? MODE_LABELS[k.disbursement.mode]
      : `${MODE_LABELS[k.disbursement.mode]}, reference ${clip(k.disbursement.reference, 60)}`;
  return {
    columns: [
      facts(
        [
          ['Lender', `${LENDER_NAME}, ${k.branch.name}`],
          ['Borrower', k.borrower.name],
          ['Customer ID', k.borrower.customerId],
          ['Aadhar', aadhar],
          ['Mobile', k.borrower.mobile],
          ['Address', clip(k.borrower.address, 160)],
        ],
        [70, '*'],
      ),
      facts(
        [
          ['Loan ID', k.loanId],
          ['Sanction date', displayDate(k.sanctionDate)],
          ['Loan amount', inr(k.principalPaise)],
          ['Amount paid out', `${inr(k.apr.disbursedPaise)} (${payout})`],
          ['Purpose', PURPOSE_LABELS[k.purpose]],
          ['Repayment', REPAYMENT_LABELS[k.repaymentType]],
          ['Tenure', `${months(k.termMonths)}, to ${displayDate(k.maturityDate)}`],
        ],
        [78, '*'],
      ),
    ],
    columnGap: 14,
  };
}

function rateFacts(k: KeyFacts): Content[] {
  const p = k.policy;
  return [
    section('Interest and the annual percentage rate (APR)'),
    keptFacts(
      [
        ['Interest rate', `${percentOfBps(k.annualRateBps)} a year, fixed for the tenure`],
        [
          'How it is charged',
          `Daily, at the yearly rate ÷ ${p.daysInYear}, on what is owed; interest unpaid at the end of each ` +
            `${p.compoundingBlockDays}-day period from the loan date is added to the balance. Payments go to interest first, then principal.`,
        ],
        [
          'After maturity',
          k.ladder.length === 0
            ? 'The rate is already the top of the ladder: it does not rise.'
            : `If the loan is still open after ${displayDate(k.maturityDate)}, the rate rises step by step (see "If the loan stays open after maturity"); each new rate applies from the loan date.`,
        ],
        ['APR', `${aprPercent(k.apr.aprBps)} a year`],
        ['Interest and charges', `${inr(k.costPaise)} if every installment is paid on its due date`],
      ],
      [110, '*'],
    ),
  ];
}

function aprComputation(k: KeyFacts): Content[] {
  const a = k.apr;
  const charged =
    a.upfrontChargesPaise > 0
      ? ` (${inr(a.principalPaise)} less ${inr(a.upfrontChargesPaise)} of charges)`
      : '';
  return [
    section('How the APR is computed'),
    {
      text:
        `The APR is the yearly rate r at which the amount paid out equals the payments below, each discounted ` +
        `to the loan date: ${exact(a.disbursedPaise)}${charged} = Σ payment ÷ (1 + r)^(days ÷ ${k.policy.daysInYear}). ` +
        `Solved by halving the interval that holds r until it is narrower than ${toleranceText} (${a.iterations} steps): ` +
        `r = ${a.rate.toFixed(6)}, that is ${a.aprBps.toFixed(2)} basis points, ${aprPercent(a.aprBps)}. ` +
        `The payments are what keeping to the schedule takes, interest and every charge included.`,
      margin: [0, 0, 0, 4],
    },
    {
      table: {
        headerRows: 1,
        widths: [70, 40, '*', '*', '*'],
        body: [
          headRow(['Date', 'Days', 'Payment', 'Discount factor', 'Value on the loan date']),
          ...a.flows.map((f) => [
            displayDate(f.date),
            right(String(f.days)),
            right(exact(f.amountPaise)),
            right((f.presentValuePaise / f.amountPaise).toFixed(6)),
            right(exact(f.presentValuePaise)),
          ]),
          [
            { text: 'Total', bold: true },
            '',
            { text: exact(a.totalPaidPaise), bold: true, alignment: 'right' },
            '',
            {
              text: exact(a.flows.reduce((sum, f) => sum + f.presentValuePaise, 0)),
              bold: true,
              alignment: 'right',
            },
          ],
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

function chargesSection(k: KeyFacts): Content[] {
  return [
    section('Charges'),
    k.charges.length === 0
      ? {
          text:
            'None. No processing, valuation, documentation, insurance or other fee is charged, and there is no ' +
            'penal charge: interest is the whole cost of the loan.',
        }
      : {
          table: {
            headerRows: 1,
            widths: ['*', 90, 110],
            body: [
              headRow(['Charge', 'Amount', 'When']),
              ...k.charges.map((c) => [
                c.name,
                right(inr(c.amountPaise)),
                c.dueOn ? displayDate(c.dueOn) : 'Taken from the amount paid out',
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        },
  ];
}

function scheduleSection(k: KeyFacts): Content[] {
  const closedEarly = k.schedule.some((r) => r.closes && r.paidPaise !== r.amountPaise);
  return [
    section('Repayment schedule'),
    {
      table: {
        headerRows: 1,
        widths: [24, 80, '*', '*'],
        body: [
          headRow(['#', 'Due date', 'Installment', 'Paid if every installment is paid on its due date']),
          ...k.schedule.map((r) => [
            String(r.number),
            displayDate(r.dueDate),
            right(inr(r.amountPaise)),
            right(
              r.paidPaise === null
                ? '— (loan already closed)'
                : `${inr(r.paidPaise)}${r.closes ? ', closes the loan' : ''}`,
            ),
          ]),
          [
            '',
            { text: 'Total', bold: true },
            { text: inr(k.scheduleTotalPaise), bold: true, alignment: 'right' },
            { text: inr(k.paidOnSchedulePaise), bold: true, alignment: 'right' },
          ],
        ],
      },
      layout: 'lightHorizontalLines',
    },
    ...(closedEarly
      ? [
          note(
            'Interest is charged only on what is still owed, so the installments come to more than the loan costs: ' +
              'the installment marked "closes the loan" needs only the amount shown, and nothing is due after it. ' +
              'Anything paid beyond closing is paid back.',
          ),
        ]
      : []),
  ];
}

function ladderSection(k: KeyFacts): Content[] {
  return [
    section('If the loan stays open after maturity'),
    k.ladder.length === 0
      ? { text: `The rate stays at ${percentOfBps(k.annualRateBps)}: it is the top of the ladder.` }
      : {
          table: {
            headerRows: 1,
            widths: ['*', 120],
            body: [
              headRow(['Still open after', 'Rate from the loan date']),
              ...k.ladder.map((s) => [displayDate(s.after), right(`${percentOfBps(s.rateBps)} a year`)]),
            ],
          },
          layout: 'lightHorizontalLines',
        },
    note(
      `At each step what is unpaid, re-priced at the new rate, is spread over ${months(k.policy.upgradeScheduleMonths)} ` +
        `of new installments. Steps come ${months(k.policy.upgradeIntervalMonths)} apart. A loan never repaid ` +
        `may go to auction on or after ${displayDate(k.auctionReadyOn)}.`,
    ),
  ];
}

function termsSection(k: KeyFacts): Content[] {
  const p = k.policy;
  return [
    section('Closing early, release of the gold, auction'),
    keptFacts(
      [
        [
          'Closing early',
          `Allowed at any time, with no charge. Interest is charged for at least ${days(p.minimumDays.highRate)} ` +
            `(above ${percentOfBps(p.minDaysRateThresholdBps)} a year) or ${days(p.minimumDays.lowRate)} (at or below), ` +
            `and at least ${inr(p.minimumInterestPaise)} in all. Closed within ${days(p.earlyClosureRebate.withinDays)} ` +
            `of the loan date, ${percentOfBps(p.earlyClosureRebate.bps)} of the interest is given back.`,
        ],
        [
          'Release of the gold',
          `Within ${p.goldReleaseWorkingDays} working days of the loan being repaid in full. For every day of delay ` +
            `beyond that, the lender pays the borrower ${inr(p.releaseDelayCompensationPaisePerDay)}.`,
        ],
        [
          'Auction',
          `Only if the loan is still unpaid on ${displayDate(k.auctionReadyOn)} (after the rate steps above), and only ` +
            `after ${days(p.auctionNoticeDays)}' written notice to the borrower. The reserve price is at least ${percentOfBps(p.reservePriceMinBps)} of the ` +
            `gold's value at the day's price (${percentOfBps(p.reservePriceAfterFailedAuctionsBps)} after two auctions ` +
            `without a sale). Anything the sale brings beyond what is owed is paid to the borrower.`,
        ],
        [
          'Security',
          `${k.security.items} ${k.security.items === 1 ? 'item' : 'items'} of gold valued at ${inr(k.security.goldValuePaise)}` +
            (k.security.ltvBps === null
              ? ''
              : `; the loan is ${percentOfBps(k.security.ltvBps)} of that value` +
                (k.security.capBps === null ? '' : ` (most allowed: ${percentOfBps(k.security.capBps)})`)) +
            '. See the appraisal certificate.',
        ],
      ],
      [110, '*'],
    ),
  ];
}

function grievanceSection(k: KeyFacts): Content[] {
  const b = k.branch;
  return [
    section('Questions and complaints'),
    {
      ul: [
        `${b.name}, ${clip(b.address, 200)}. Phone ${b.phone} (${b.hours}). Please quote the loan ID ${k.loanId}.`,
        'Ask for the branch manager.',
        'If the complaint is not resolved to your satisfaction, you may complain to the Reserve Bank of India ' +
          'under its Integrated Ombudsman Scheme at https://cms.rbi.org.in.',
      ],
    },
  ];
}

/** The Key Facts Statement: A4 portrait, as many pages as the schedule needs, numbered. */
export function keyFactsDocument(k: KeyFacts, aadharNumber: string): DocumentDefinition {
  return {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title: `Key Facts Statement ${k.loanId}`, subject: `Loan ${k.loanId}` },
    footer: (page, pages) => ({
      columns: [
        {
          text: `Key Facts Statement · ${k.loanId} · lending policy version ${k.policyVersion}`,
          style: 'muted',
        },
        { text: `Page ${page} of ${pages}`, style: 'muted', alignment: 'right' },
      ],
      margin: [36, 12, 36, 0],
    }),
    content: [
      header('Key Facts Statement', `Loan ${k.loanId} · sanctioned ${displayDate(k.sanctionDate)}`),
      loanFacts(k, maskAadhar(aadharNumber)),
      ...rateFacts(k),
      ...chargesSection(k),
      ...scheduleSection(k),
      ...aprComputation(k),
      ...ladderSection(k),
      ...termsSection(k),
      ...grievanceSection(k),
      {
        text:
          `These are the key facts of the loan as sanctioned on ${displayDate(k.sanctionDate)} under version ` +
          `${k.policyVersion} of the lender's lending policy. I have read them, or had them read to me, and understood them.`,
        margin: [0, 14, 0, 0],
      },
      {
        columns: [
          { text: '\n\n______________________\nBorrower', fontSize: 8 },
          { text: `\n\n______________________\nFor ${LENDER_NAME}`, fontSize: 8, alignment: 'right' },
        ],
        unbreakable: true,
      },
    ],
    styles: DOCUMENT_STYLES,
  };
}
