import { describe, expect, it } from 'vitest';
import { createLoan } from '../lending/loan-commands.js';
import { onLoanDay } from '../testing/loan-day.js';
import type { SliceDeps } from '../slice-deps.js';
import { APPROVAL_RESUME_AFTER_MS } from './approval-commands.js';
import { approvalExecutorFor } from './approval-executors.js';
import { executeApprovalCommand, runAsApproval } from './approval-gate.js';
import { approvalsKit } from './approvals-test-kit.js';
import { BANK_PAYOUT } from '../testing/gold-prices-kit.js';

/** Carrying out approved commands: upgrades, auction sales, and an approval resumed after a crash. */
const { kit, call, newLoan, asChecker, loanEvents, cashPayment, checker } = approvalsKit('approval_runs');

describe('a manual rate upgrade and an auction sale', () => {
  it('each waits for another admin, then runs once as the maker asked', async () => {
    const { loanUuid } = await createLoan(onLoanDay(kit.api, '2026-04-10'), {
      customerRef: kit.api.customers.demo,
      goldItems: [{ description: 'Chain', grossWeightMg: 30_000, netWeightMg: 29_000, purityKarat: 22 }],
      ...BANK_PAYOUT,
      principalPaise: 1_00_000_00,
      annualRateBps: 1800,
      termMonths: 3,
      loanDate: '2026-04-10',
      createdBy: { id: kit.api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
    });
    const upgrade = await call('admin', 'POST', `/api/admin/loans/${loanUuid}/upgrade-rate`, {});
    expect(upgrade.statusCode, upgrade.body).toBe(202);
    expect((await loanEvents(loanUuid)).some((e) => e.type === 'RateUpgraded')).toBe(false);
    const upgraded = await asChecker('POST', `/api/admin/approvals/${upgrade.json().approvalId}/approve`, {});
    expect(upgraded.json().message, upgraded.body).toMatch(
      /^Approved and carried out\. Interest rate upgraded to \d+%\.$/,
    );
    const rate = (await loanEvents(loanUuid)).filter((e) => e.type === 'RateUpgraded');
    expect(rate).toHaveLength(1);
    expect(rate[0]!.data.upgradedBy).toMatchObject({ type: 'admin', name: 'Asha Admin' });

    const listed = await call('admin', 'POST', `/api/admin/loans/${loanUuid}/mark-ready-for-auction`, {});
    expect(listed.statusCode, listed.body).toBe(200);
    // The auction by the rules (issue 18): notice, a date 30 days on, newspapers, a registered bidder.
    const steps: Array<[string, object]> = [
      ['auction-notice', { postedOn: '2026-11-21', postReference: 'RK1' }],
      ['schedule-auction', { auctionDate: '2026-12-21', venue: { address: 'Town Hall', town: 'Bengaluru' } }],
      [
        'auction-public-notice',
        {
          newspapers: [
            { name: 'Prajavani', kind: 'vernacular', language: 'Kannada', publishedOn: '2026-11-21' },
            { name: 'The Hindu', kind: 'national', language: 'English', publishedOn: '2026-11-21' },
          ],
        },
      ],
      [
        'auction-bidders',
        {
          name: 'Lot Buyer',
          idType: 'pan',
          idNumber: 'ABCPB1234K',
          address: 'Market Road',
          mobile: '9845000001',
        },
      ],
    ];
    let bidderId = '';
    await kit.api.project(); // the bidder check reads the staff list
    for (const [step, body] of steps) {
      const res = await call('admin', 'POST', `/api/admin/loans/${loanUuid}/${step}`, body);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
      if (step === 'auction-bidders') bidderId = res.json().data.bidders[0].bidderId;
    }
    kit.api.clock.set('2026-12-21T04:30:00Z');
    const sale = await call('admin', 'POST', `/api/admin/loans/${loanUuid}/mark-auctioned`, {
      saleAmount: 2_00_000,
      winningBidderId: bidderId,
      notes: 'Lot 3',
    });
    expect(sale.statusCode, sale.body).toBe(202);
    expect((await loanEvents(loanUuid)).some((e) => e.type === 'Auctioned')).toBe(false);
    kit.api.clock.advance(24 * 3600_000);
    const sold = await asChecker('POST', `/api/admin/approvals/${sale.json().approvalId}/approve`, {});
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data.outcome).toBe('executed');
    const auctioned = (await loanEvents(loanUuid)).filter((e) => e.type === 'Auctioned');
    expect(auctioned).toHaveLength(1);
    // Sold on the day the maker said (their today), though approved the day after.
    expect(auctioned[0]!.data).toMatchObject({ auctionDate: '2026-12-21', salePaise: 2_00_000_00 });
  });
});

describe('approval interrupted between the command and its outcome', () => {
  it('is resumed by approving again: the command is found, not run twice', async () => {
    const loan = await newLoan();
    const paid = await cashPayment(loan._id);
    const paymentId = paid.json().data.payment._id;
    const held = await call('admin', 'POST', `/api/loans/${loan._id}/payments/${paymentId}/reverse`, {
      reason: 'Wrong customer',
    });
    const { approvalId } = held.json();
    // What an approval does up to a crash: approved, the command run, no outcome recorded.
    const deps = { store: kit.api.store, clock: kit.api.clock } as unknown as SliceDeps;
    const checkerStaff = { id: checker.id, name: 'Chandra Checker', role: 'admin' };
    const granted = await executeApprovalCommand(
      { ...deps, config: { APPROVALS_OFF_UNTIL_SET: true } },
      approvalId,
      { type: 'ApproveRequest', checker: checkerStaff },
    );
    await runAsApproval(approvalId, () =>
      approvalExecutorFor('reverse_payment')!(deps, granted.state.command, {
        approvalId,
        maker: granted.state.maker!,
        metadata: {},
      }),
    );
    expect((await loanEvents(loan._id)).filter((e) => e.type === 'PaymentReversed')).toHaveLength(1);

    // Another approval at once is told it is being carried out.
    const soon = await asChecker('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(soon.statusCode, soon.body).toBe(409);
    expect(soon.json().code).toBe('approval_in_progress');

    kit.api.clock.advance(APPROVAL_RESUME_AFTER_MS + 1000);
    const resumed = await asChecker('POST', `/api/admin/approvals/${approvalId}/approve`, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ status: 'approved', outcome: 'executed' });
    expect((await loanEvents(loan._id)).filter((e) => e.type === 'PaymentReversed')).toHaveLength(1);
  });
});
