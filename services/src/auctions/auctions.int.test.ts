// Over 400 lines: one auction walked end to end through the API (listing, notice, schedule,
// public notice, costs, bidders, sale, refund, PDFs) shares its loan and clock from step to step.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashDayStreamId, DEFAULT_BRANCH_ID, loanStreamId } from '@goldledger/contracts';
import { listDevOutbox } from '../messaging/outbox-queries.js';
import { operationsSupport } from '../testing/operations-test-support.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';

let t: TestDatabase;
let api: TestApi;
let ops: ReturnType<typeof operationsSupport>;

beforeAll(async () => {
  t = await createTestDatabase('auctions');
  api = await createTestApi(t);
  ops = operationsSupport(api, '2');
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const eventCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);
const typesOf = async (loanUuid: string) =>
  (await api.store.readStream(loanStreamId(loanUuid))).events.map((e) => e.type);
const notices = async (to: string) =>
  (await listDevOutbox(t.db, { to, limit: 50 })).filter((m) => m.purpose.startsWith('auction')).reverse();
/** An auction step; the clock ticks a second after each, so the outbox keeps their order. */
async function action(loan: string, step: string, body?: object) {
  const res = await ops.call('admin', 'POST', `/api/admin/loans/${loan}/${step}`, body);
  api.clock.advance(1000);
  return res;
}
const fileOf = async (loan: string) => {
  const res = await ops.call('admin', 'GET', `/api/admin/loans/${loan}/auction`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const auctionList = async (query = '') => {
  await api.project();
  const res = await ops.call('admin', 'GET', `/api/admin/auction-loans${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rowOf = async (loanId: string) =>
  (await auctionList()).data.find((r: { loanId: string }) => r.loanId === loanId);

/** The default branch's address names Bengaluru: a venue there is in the branch's town. */
const VENUE = { address: 'Town Hall, JC Road', town: 'Bengaluru' };
const PAPERS = (publishedOn: string) => [
  { name: 'Prajavani', kind: 'vernacular', language: 'Kannada', publishedOn },
  { name: 'The Hindu', kind: 'national', language: 'English', publishedOn },
];
const BIDDER = {
  name: 'Manjunath Bullion',
  idType: 'pan',
  idNumber: 'ABCPM1234K',
  address: '14 Avenue Road, Bengaluru',
  mobile: '9845012345',
  relationship: 'none',
};

// 29 g net of 22K at the valuation price ₹6,418.42/g: ₹1,86,134.18; 90 % is ₹1,67,520.77.
const GOLD_VALUE = 1_86_134.18;
const MINIMUM_RESERVE = 1_67_520.77;

/** Writes a PDF where a person can render and look at it (AUCTION_PDF_DIR). */
function keep(name: string, bytes: Buffer) {
  const dir = process.env.AUCTION_PDF_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
}

describe('an auction by the rules', () => {
  type Loan = { loanUuid: string; loanId: string };
  let defaulted: Loan;
  let current: Loan;
  let customer: Awaited<ReturnType<typeof ops.newCustomer>>;
  let winnerId: string;
  let runnerUpId: string;

  it('lists loans in default as not ready, valued at the day’s valuation price', async () => {
    ops.setDay('2026-11-21');
    expect(await auctionList()).toMatchObject({
      success: true,
      data: [],
      message: 'No loans ready for auction',
    });
    customer = await ops.newCustomer();
    // Made 1 May 2026 for 3 months at 18 %: matured 1 Aug, still open.
    defaulted = await ops.openLoan(customer.customerUuid, '2026-05-01');
    current = await ops.openLoan((await ops.newCustomer()).customerUuid, '2026-11-01');
    const list = await auctionList();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      _id: defaulted.loanUuid,
      loanId: defaulted.loanId,
      auctionStatus: 'not_ready',
      finalAuctionDate: '2027-06-01',
      outstandingAmount: 50_000,
      totalGoldWeight: 29,
      goldValue: GOLD_VALUE,
      minimumReservePrice: MINIMUM_RESERVE,
      failedAuctions: 0,
      earliestAuctionDate: null,
    });
    const res = await action(current.loanId, 'mark-ready-for-auction', {});
    expect(res.json().message).toBe(
      'Only a loan past maturity or with an overdue installment can be put up for auction',
    );
  });

  it('lists the loan, then refuses to schedule before the borrower has been given notice', async () => {
    const res = await action(defaulted.loanId, 'mark-ready-for-auction', { notes: 'Three calls unanswered' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await notices(customer.mobile)).map((m) => m.purpose)).toEqual(['auction_ready']);
    const early = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-30',
      venue: VENUE,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Send the auction notice to the borrower first (SMS, email and registered post)',
    );
    expect((await fileOf(defaulted.loanId)).nextSteps[0]).toBe(
      'Send the notice to the borrower (SMS, email and registered post)',
    );
  });

  it('sends the notice by SMS and email through the outbox, with the registered post recorded, in English', async () => {
    const missing = await action(defaulted.loanId, 'auction-notice', { postedOn: '2026-11-21' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Registered post reference is required');
    const res = await action(defaulted.loanId, 'auction-notice', {
      postedOn: '2026-11-21',
      postReference: 'RK123456789IN',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Auction notice sent to the borrower by SMS, email and registered post; the auction may be held from 21 Dec 2026.',
    );
    expect(res.json().data.notice).toEqual({
      noticeDate: '2026-11-21',
      auctionNotBefore: '2026-12-21',
      postedOn: '2026-11-21',
      postReference: 'RK123456789IN',
      language: 'en',
      channels: ['sms', 'email', 'registered_post'],
    });
    const sms = (await notices(customer.mobile)).at(-1)!;
    expect(sms).toMatchObject({ purpose: 'auction_notice', channel: 'sms' });
    expect(sms.text).toContain('sold at a public auction on or after 21 Dec 2026 (30 days from this notice)');
    expect(sms.text).toContain('registered post (ref. RK123456789IN)');
    expect((await notices(customer.email!)).map((m) => m.purpose)).toContain('auction_notice');
    const again = await action(defaulted.loanId, 'auction-notice', {
      postedOn: '2026-11-21',
      postReference: 'RK999',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The auction notice was already sent on 21 Nov 2026');
  });

  it('refuses a date inside the 30 days, a reserve under 90 %, a venue out of town, appending nothing', async () => {
    const before = await eventCount();
    const short = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-20',
      venue: VENUE,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(
      "The auction cannot be held before 21 Dec 2026: the borrower must have 30 days' notice (notice sent 21 Nov 2026)",
    );
    const low = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-21',
      reservePrice: 1_60_000,
      venue: VENUE,
    });
    expect(low.json().message).toBe(
      "Reserve price must be at least ₹1,67,521 (90% of the gold's value ₹1,86,134 at the valuation price of 21 Nov 2026)",
    );
    const noVenue = await action(defaulted.loanId, 'schedule-auction', { auctionDate: '2026-12-21' });
    expect(noVenue.json().message).toBe('Auction venue is required');
    const away = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-21',
      venue: { address: 'Kalyana Mantapa', town: 'Mysuru' },
    });
    expect(away.json().message).toBe(
      "The venue must be in the branch's town (GoldLedger Main Branch: Main Road, Bengaluru, Karnataka 560001) or its taluka: give the taluka for a venue in Mysuru",
    );
    for (const body of [{}, { auctionDate: '' }]) {
      const res = await action(defaulted.loanId, 'schedule-auction', body);
      expect(res.json().message).toBe('Auction date is required');
    }
    expect(await eventCount()).toBe(before);
  });

  it('schedules on the 30th day at 90 % unless told, and tells the customer the date', async () => {
    const res = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-21',
      venue: VENUE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Auction scheduled for 21 Dec 2026; the customer has been notified.',
      data: { auctionStatus: 'auction_scheduled', auctionDate: '2026-12-21', reservePrice: MINIMUM_RESERVE },
    });
    const moved = await action(defaulted.loanId, 'schedule-auction', {
      auctionDate: '2026-12-22',
      reservePrice: '175000',
      venue: { ...VENUE, taluka: null },
    });
    expect(moved.json().data).toMatchObject({ auctionDate: '2026-12-22', reservePrice: 1_75_000 });
    const file = await fileOf(defaulted.loanId);
    expect(file).toMatchObject({
      venue: { address: 'Town Hall, JC Road', town: 'Bengaluru', taluka: null },
      reserveBasis: { asOf: '2026-11-21', goldValue: GOLD_VALUE, floorPercent: 90, floor: MINIMUM_RESERVE },
    });
    expect((await rowOf(defaulted.loanId)).earliestAuctionDate).toBe('2026-12-21');
  });

  it('records the public notice in a vernacular and a national newspaper, and the costs', async () => {
    ops.setDay('2026-11-25');
    const one = await action(defaulted.loanId, 'auction-public-notice', {
      newspapers: [PAPERS('2026-11-25')[0]],
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(
      'The public notice needs two newspapers: one vernacular and one national',
    );
    const res = await action(defaulted.loanId, 'auction-public-notice', { newspapers: PAPERS('2026-11-25') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.publicNotice).toEqual({ round: 1, newspapers: PAPERS('2026-11-25') });
    for (const cost of [
      {
        kind: 'newspaper',
        description: 'Prajavani and The Hindu notices',
        amount: 3_000,
        incurredOn: '2026-11-25',
      },
      { kind: 'valuer', description: 'Valuer’s certificate', amount: '1500', incurredOn: '2026-11-24' },
    ]) {
      const c = await action(defaulted.loanId, 'auction-costs', cost);
      expect(c.statusCode, c.body).toBe(200);
    }
    expect((await fileOf(defaulted.loanId)).totalCosts).toBe(4_500);
  });

  it('refuses staff and the borrower’s related parties as bidders, and registers others', async () => {
    const staff = (await ops.call('admin', 'GET', '/api/admin/employees')).json().data;
    const employee = staff.find((s: { role: string }) => s.role === 'employee');
    const refusals: Array<[object, string]> = [
      [
        { mobile: employee.primaryMobile },
        `Bidder refused: matches ${employee.name}, a member of the lender's staff (same mobile); staff may not bid at the lender's auctions`,
      ],
      [
        { mobile: `8${'2001'.padStart(9, '0')}` },
        `Bidder refused: 8${'2001'.padStart(9, '0')} is the borrower's emergency contact (Sister); related parties may not bid`,
      ],
      [
        { relationship: 'Brother-in-law' },
        'Bidder refused: a related party of the borrower (declared relationship: Brother-in-law) may not bid',
      ],
      [{ name: customer.name }, 'Bidder refused: the borrower may not bid for their own gold'],
    ];
    const before = await eventCount();
    for (const [change, message] of refusals) {
      const res = await action(defaulted.loanId, 'auction-bidders', { ...BIDDER, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await eventCount()).toBe(before);
    const first = await action(defaulted.loanId, 'auction-bidders', BIDDER);
    expect(first.statusCode, first.body).toBe(200);
    const second = await action(defaulted.loanId, 'auction-bidders', {
      ...BIDDER,
      name: 'Lakshmi Jewellers',
      idType: 'aadhaar',
      idNumber: '9999 8888 7777',
      mobile: '9845098450',
    });
    const bidders = second.json().data.bidders;
    expect(bidders.map((b: { name: string }) => b.name)).toEqual(['Manjunath Bullion', 'Lakshmi Jewellers']);
    winnerId = bidders[0].bidderId;
    runnerUpId = bidders[1].bidderId;
    // Auditors read the register with ID numbers masked.
    const token = await api.tokenFor('auditor');
    const seen = await api.app.inject({
      method: 'GET',
      url: `/api/admin/loans/${defaulted.loanId}/auction`,
      headers: { 'x-auth-token': token },
    });
    expect(seen.json().data.bidders[1].idNumber).toBe('••••••••7777');
  });

  it('sells to the highest registered bidder: costs, interest, principal; the surplus due in 7 working days', async () => {
    ops.setDay('2026-12-22');
    const stranger = await action(defaulted.loanId, 'mark-auctioned', {
      saleAmount: 1_80_000,
      winningBidderId: '0b1d0000-0000-4000-8000-00000000dead',
    });
    expect(stranger.json().message).toBe(
      'The winning bid must come from a bidder registered for this auction',
    );
    const low = await action(defaulted.loanId, 'mark-auctioned', {
      saleAmount: 1_70_000,
      winningBidderId: winnerId,
    });
    expect(low.json().message).toBe('Sale amount is below the reserve price of ₹1,75,000');
    const res = await action(defaulted.loanId, 'mark-auctioned', {
      saleAmount: 1_80_000,
      winningBidderId: winnerId,
      otherBids: [{ bidderId: runnerUpId, amount: 1_76_500 }],
      notes: 'Lot 7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      auctionStatus: 'auctioned',
      loanStatus: 'closed',
      saleAmount: 1_80_000,
    });
    const { sale } = await fileOf(defaulted.loanId);
    expect(sale).toMatchObject({
      auctionDate: '2026-12-22',
      winningBidder: { bidderId: winnerId, name: 'Manjunath Bullion' },
      bids: [
        { name: 'Manjunath Bullion', amount: 1_80_000 },
        { name: 'Lakshmi Jewellers', amount: 1_76_500 },
      ],
      valuation: { asOf: '2026-12-22', floorPercent: 90 },
      settled: { costs: 4_500, principal: 50_000 },
      shortfall: 0,
      // Tue 22 Dec: 23, 24, (25 Christmas), 26, (27 Sunday), 28, 29, 30, 31.
      surplusRefundDueBy: '2026-12-31',
      surplusRefunded: 0,
      surplusPaidOn: null,
    });
    expect(sale.settled.interest).toBe(sale.owed.interest);
    expect(sale.owed.total + sale.surplus).toBe(1_80_000);
    // The loan and the refunds list show the surplus owed back, with its due date.
    await api.project();
    const loan = (await ops.call('admin', 'GET', `/api/loans/${defaulted.loanUuid}`)).json().data;
    expect(loan.refund).toMatchObject({ due: sale.surplus, auctionSurplus: sale.surplus });
    await api.project();
    const refunds = (await ops.call('admin', 'GET', '/api/admin/refunds')).json();
    expect(refunds.data.find((r: { loanId: string }) => r.loanId === defaulted.loanId)).toMatchObject({
      due: sale.surplus,
      auctionSurplus: sale.surplus,
      dueBy: '2026-12-31',
    });
    const sold = (await notices(customer.mobile)).at(-1)!;
    expect(sold.text).toContain('will be refunded by 31 Dec 2026');
  });

  it('pays the surplus out in cash: the refund closes it, the days are counted and the cash book shows it', async () => {
    ops.setDay('2026-12-28');
    const { version, sale } = await fileOf(defaulted.loanId);
    const res = await ops.call('admin', 'POST', `/api/admin/loans/${defaulted.loanUuid}/refunds`, {
      method: 'cash',
      reference: 'Voucher 88',
      expectedVersion: version,
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await fileOf(defaulted.loanId)).sale;
    expect(after).toMatchObject({
      surplusRefunded: sale.surplus,
      surplusPaidOn: '2026-12-28',
      workingDaysTaken: 4,
      refundOverdue: false,
      payouts: [{ paidOn: '2026-12-28', amount: sale.surplus, method: 'cash', reference: 'Voucher 88' }],
    });
    const day = await api.store.readStream(cashDayStreamId(DEFAULT_BRANCH_ID, '2026-12-28'));
    expect(day.events.map((e) => e.data)).toContainEqual(
      expect.objectContaining({
        kind: 'refund',
        direction: 'out',
        amountPaise: Math.round(sale.surplus * 100),
      }),
    );
    expect((await rowOf(defaulted.loanId)).surplusRefunded).toBe(true);
  });

  it('prints the borrower’s statement and the auction report', async () => {
    for (const [doc, name] of [
      ['statement', 'AuctionStatement'],
      ['report', 'AuctionReport'],
    ] as const) {
      const res = await ops.call('admin', 'GET', `/api/admin/loans/${defaulted.loanId}/auction/${doc}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${name}_${defaulted.loanId}.pdf"`,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      keep(`${name}.pdf`, res.rawPayload);
    }
    const notSold = await ops.call('admin', 'GET', `/api/admin/loans/${current.loanId}/auction/statement`);
    expect(notSold.statusCode).toBe(409);
    expect(notSold.json().message).toBe('The statement is made once the gold is sold');
  });
});

describe('failed auctions (Must show: 90 % then 85 % after two)', () => {
  it('counts each failure and lowers the reserve floor to 85 % after the second', async () => {
    ops.setDay('2027-01-04');
    const customer = await ops.newCustomer(false);
    // ₹1,50,000 against the same 29 g: after its default, more is owed than the gold fetches.
    const loan = await ops.openLoan(customer.customerUuid, '2026-06-01', 3, 1_50_000_00);
    await api.project();
    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    expect(
      (
        await action(loan.loanId, 'auction-notice', {
          postedOn: '2027-01-04',
          postReference: 'RK1',
          language: 'kn',
        })
      ).statusCode,
    ).toBe(200);
    /** One round: scheduled on `on` for `date`, announced the next day, failed on the date. */
    async function failedRound(on: string, date: string, failure: object) {
      ops.setDay(on);
      const s = await action(loan.loanId, 'schedule-auction', { auctionDate: date, venue: VENUE });
      expect(s.statusCode, s.body).toBe(200);
      const day = `${on.slice(0, 8)}${String(+on.slice(8) + 1).padStart(2, '0')}`;
      ops.setDay(day);
      expect(
        (await action(loan.loanId, 'auction-public-notice', { newspapers: PAPERS(day) })).statusCode,
      ).toBe(200);
      ops.setDay(date);
      const f = await action(loan.loanId, 'auction-failed', failure);
      expect(f.statusCode, f.body).toBe(200);
      return { scheduled: s.json().data, failed: f.json() };
    }
    const r1 = await failedRound('2027-02-03', '2027-02-10', { reason: 'no_bids' });
    expect(r1.scheduled.reservePrice).toBe(MINIMUM_RESERVE);
    expect(r1.failed.message).toBe(
      'Auction recorded as failed (1 so far); the loan is back on the auction list for a new date.',
    );
    const r2 = await failedRound('2027-02-11', '2027-02-18', {
      reason: 'below_reserve',
      highestBid: 1_60_000,
    });
    // One failure is not two: still 90 %.
    expect(r2.scheduled.reservePrice).toBe(MINIMUM_RESERVE);
    expect(r2.failed.data.failedAuctions).toEqual([
      {
        auctionDate: '2027-02-10',
        round: 1,
        reason: 'no_bids',
        highestBid: null,
        reservePrice: MINIMUM_RESERVE,
      },
      {
        auctionDate: '2027-02-18',
        round: 2,
        reason: 'below_reserve',
        highestBid: 1_60_000,
        reservePrice: MINIMUM_RESERVE,
      },
    ]);
    // After two failed auctions: 85 % of ₹1,86,134.18 is ₹1,58,214.06.
    const row = await rowOf(loan.loanId);
    expect(row).toMatchObject({
      failedAuctions: 2,
      auctionStatus: 'ready_for_auction',
      minimumReservePrice: 1_58_214.06,
    });
    ops.setDay('2027-02-19');
    const r3 = await action(loan.loanId, 'schedule-auction', { auctionDate: '2027-02-26', venue: VENUE });
    expect(r3.json().data.reservePrice).toBe(1_58_214.06);
    expect((await fileOf(loan.loanId)).reserveFloorPercent).toBe(85);
    expect(await typesOf(loan.loanUuid)).toEqual(
      expect.arrayContaining(['AuctionFailed', 'AuctionNoticeSent']),
    );

    // Sold at the 85 % reserve: less than is owed, so a shortfall stays owed on the loan.
    ops.setDay('2027-02-20');
    await action(loan.loanId, 'auction-public-notice', { newspapers: PAPERS('2027-02-20') });
    const bidder = await action(loan.loanId, 'auction-bidders', BIDDER);
    const winner = bidder.json().data.bidders.at(-1).bidderId;
    ops.setDay('2027-02-26');
    const sold = await action(loan.loanId, 'mark-auctioned', {
      saleAmount: 1_58_214.06,
      winningBidderId: winner,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const { sale } = await fileOf(loan.loanId);
    expect(sale.surplus).toBe(0);
    expect(sale.shortfall).toBeGreaterThan(0);
    expect(sale.valuation.floorPercent).toBe(85);
    await api.project();
    const view = (await ops.call('admin', 'GET', `/api/loans/${loan.loanUuid}`)).json().data;
    expect(view.auctionShortfall).toBe(sale.shortfall);
    await api.project();
    const listed = (await ops.call('admin', 'GET', `/api/admin/loans?search=${loan.loanId}`)).json().data;
    expect(listed.find((l: { loanId: string }) => l.loanId === loan.loanId).auctionShortfall).toBe(
      sale.shortfall,
    );
  });

  it('never sells straight from the list: the auction must be scheduled and announced', async () => {
    ops.setDay('2027-03-01');
    const customer = await ops.newCustomer();
    const loan = await ops.openLoan(customer.customerUuid, '2026-06-10');
    await api.project();
    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    const res = await action(loan.loanId, 'mark-auctioned', { saleAmount: 1_80_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Schedule the auction first: gold is sold at its notified date and venue',
    );
  });

  it('answers 404 for a loan that does not exist, for the file and both PDFs', async () => {
    const unknown = 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF';
    for (const path of ['auction', 'auction/statement', 'auction/report']) {
      const res = await ops.call('admin', 'GET', `/api/admin/loans/${unknown}/${path}`);
      expect([path, res.statusCode, res.json().message]).toEqual([path, 404, 'Loan not found']);
    }
  });

  it('is for admins; auditors read the file', async () => {
    expect((await ops.call('employee', 'GET', '/api/admin/auction-loans')).statusCode).toBe(403);
    expect((await ops.call('employee', 'POST', `/api/admin/loans/x/auction-notice`, {})).statusCode).toBe(
      403,
    );
  });
});

describe('a loan taken off the auction list (the seeds’ cancelled state)', () => {
  it('by an admin, from ready or from scheduled, goes back to not ready and starts afresh', async () => {
    ops.setDay('2027-03-02');
    const customer = await ops.newCustomer(false);
    const loan = await ops.openLoan(customer.customerUuid, '2026-07-10');
    await api.project(); // the loan number is looked up in the loan book
    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    const cancelled = await action(loan.loanId, 'cancel-auction', { notes: 'Customer promised to pay' });
    expect(cancelled.json()).toMatchObject({
      message: 'Auction cancelled.',
      data: { auctionStatus: 'not_ready' },
    });
    const again = await action(loan.loanId, 'cancel-auction');
    expect(again.json().message).toBe('This loan is not on the auction list');

    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    await action(loan.loanId, 'auction-notice', { postedOn: '2027-03-02', postReference: 'RK2' });
    const scheduled = await action(loan.loanId, 'schedule-auction', {
      auctionDate: '2027-04-05',
      venue: VENUE,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await action(loan.loanUuid, 'cancel-auction')).statusCode).toBe(200);

    const row = await rowOf(loan.loanId);
    expect(row).toMatchObject({
      auctionStatus: 'not_ready',
      auctionDate: null,
      reservePrice: null,
      earliestAuctionDate: null,
    });
    expect(row.history.map((h: { status: string; reason: string | null }) => [h.status, h.reason])).toEqual([
      ['ready_for_auction', null],
      ['cancelled', 'admin'],
      ['ready_for_auction', null],
      ['auction_scheduled', null],
      ['cancelled', 'admin'],
    ]);
    // A cancelled listing's notice does not carry over: listed again, a new notice is needed.
    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    expect((await fileOf(loan.loanId)).notice).toBeNull();
    // No email on file: SMS only.
    expect((await notices(customer.mobile)).map((m) => m.purpose)).toEqual([
      'auction_ready',
      'auction_cancelled',
      'auction_ready',
      'auction_notice',
      'auction_scheduled',
      'auction_cancelled',
      'auction_ready',
    ]);
  });

  it('by a repayment, which cancels a scheduled auction', async () => {
    ops.setDay('2027-03-02');
    const customer = await ops.newCustomer();
    const loan = await ops.openLoan(customer.customerUuid, '2026-07-10');
    await api.project();
    expect((await action(loan.loanId, 'mark-ready-for-auction')).statusCode).toBe(200);
    await action(loan.loanId, 'auction-notice', { postedOn: '2027-03-02', postReference: 'RK3' });
    expect(
      (await action(loan.loanId, 'schedule-auction', { auctionDate: '2027-04-05', venue: VENUE })).statusCode,
    ).toBe(200);
    const quote = (
      await ops.call('admin', 'POST', `/api/loans/${loan.loanUuid}/calculate-early-repayment`, {})
    ).json();
    const paid = await ops.call('employee', 'POST', `/api/loans/${loan.loanUuid}/payment`, {
      amount: quote.minimumTotalDue,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await typesOf(loan.loanUuid)).slice(-2)).toEqual(['AuctionCancelled', 'PaymentRecorded']);
    const row = await rowOf(loan.loanId);
    expect(row).toMatchObject({ auctionStatus: 'not_ready', auctionDate: null });
    expect(row.history.at(-1)).toMatchObject({ status: 'cancelled', reason: 'repayment' });
  });
});
