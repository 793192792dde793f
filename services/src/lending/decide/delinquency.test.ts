import { describe, expect, it } from 'vitest';
import type { LoanEvent, LoanEventData } from '@goldledger/contracts';
import { fold } from '../../platform/decider.js';
import { after, created, pay, spec } from '../../testing/loan-decider-fixtures.js';
import { decideLoan } from '../loan.decider.js';
import { quoteLoan } from '../loan.rules.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';

/**
 * The shared loan: EMI ₹18,210.91 from 31 Jan 2026, the first due on Saturday 28 Feb (no
 * grace), so 1 March is 1 day past due, 31 March 31, 30 April 61 and 30 May 91.
 */
const EMI = 18_210_91;
const classify = (today: string, borrowerNpaLoanId: string | null = null) =>
  ({ type: 'ClassifyDelinquency', today, borrowerNpaLoanId }) as const;
const changed = (data: Partial<LoanEventData<'DelinquencyClassChanged'>>): LoanEvent => ({
  type: 'DelinquencyClassChanged',
  data: {
    from: 'standard',
    to: 'standard',
    asOf: '2026-03-01',
    daysPastDue: 0,
    oldestUnpaidDueDate: null,
    arrearsPaise: 0,
    reason: 'days_past_due',
    npaLoanId: null,
    ...data,
  },
});
/** The events after classifying on each day in turn. */
const classifiedOn = (events: LoanEvent[], ...days: string[]) =>
  days.reduce((es, day) => after(es, classify(day)), events);
const lastClass = (events: LoanEvent[]) => fold(evolveLoan, initialLoanState(), events).delinquency.class;

describe('classifying a loan by its days past due', () => {
  it('records nothing while nothing is past due', () => {
    spec.given(created).when(classify('2026-02-28')).then([]);
  });

  it('turns SMA-0 the day after an unpaid installment falls due, from its due date', () => {
    spec
      .given(created)
      .when(classify('2026-03-01'))
      .then([
        changed({
          to: 'sma_0',
          asOf: '2026-03-01',
          daysPastDue: 1,
          oldestUnpaidDueDate: '2026-02-28',
          arrearsPaise: EMI,
        }),
      ]);
  });

  it('records nothing more while the class stays the same, and nothing twice for a day', () => {
    const sma0 = classifiedOn(created, '2026-03-01');
    spec.given(sma0).when(classify('2026-03-30')).then([]);
    spec.given(sma0).when(classify('2026-03-01')).then([]);
  });

  it('walks SMA-0 → SMA-1 at 31 days, SMA-2 at 61, NPA at 91, with the arrears of every installment past due', () => {
    const sma0 = classifiedOn(created, '2026-03-01');
    spec
      .given(sma0)
      .when(classify('2026-03-31'))
      .then([
        changed({
          from: 'sma_0',
          to: 'sma_1',
          asOf: '2026-03-31',
          daysPastDue: 31,
          oldestUnpaidDueDate: '2026-02-28',
          arrearsPaise: EMI,
        }),
      ]);
    const sma1 = classifiedOn(sma0, '2026-03-31');
    spec
      .given(sma1)
      .when(classify('2026-04-30'))
      .then([
        changed({
          from: 'sma_1',
          to: 'sma_2',
          asOf: '2026-04-30',
          daysPastDue: 61,
          oldestUnpaidDueDate: '2026-02-28',
          arrearsPaise: 2 * EMI,
        }),
      ]);
    const sma2 = classifiedOn(sma1, '2026-04-30');
    spec
      .given(sma2)
      .when(classify('2026-05-30'))
      .then([
        changed({
          from: 'sma_2',
          to: 'npa',
          asOf: '2026-05-30',
          daysPastDue: 91,
          oldestUnpaidDueDate: '2026-02-28',
          arrearsPaise: 3 * EMI,
        }),
      ]);
  });

  it('keeps an NPA loan NPA when a part payment brings its days past due down to 20', () => {
    const npa = classifiedOn(created, '2026-03-01', '2026-03-31', '2026-04-30', '2026-05-30');
    expect(lastClass(npa)).toBe('npa');
    // Three installments paid on 20 June: the fourth (due 31 May) is 20 days past due.
    const partly = after(npa, pay((3 * EMI) / 100, '2026-06-20'));
    spec.given(partly).when(classify('2026-06-20')).then([]);
  });

  it('returns an NPA loan to standard when all its arrears are paid', () => {
    const npa = classifiedOn(created, '2026-03-01', '2026-05-30');
    const cleared = after(npa, pay((4 * EMI) / 100, '2026-06-20'));
    spec
      .given(cleared)
      .when(classify('2026-06-20'))
      .then([changed({ from: 'npa', to: 'standard', asOf: '2026-06-20', reason: 'arrears_cleared' })]);
  });

  it('returns an SMA loan to standard when its arrears are paid', () => {
    const sma0 = classifiedOn(created, '2026-03-01');
    spec
      .given(after(sma0, pay(EMI / 100, '2026-03-05')))
      .when(classify('2026-03-05'))
      .then([changed({ from: 'sma_0', to: 'standard', asOf: '2026-03-05', reason: 'arrears_cleared' })]);
  });

  it('finds NPA the job never saw: 95 days past due, then a part payment, is still NPA on the first look', () => {
    // Nothing recorded before: on 3 June the first installment was 95 days past due.
    const paidLate = after(created, pay((3 * EMI) / 100, '2026-06-04'));
    const [event] = decideLoan(classify('2026-06-10'), fold(evolveLoan, initialLoanState(), paidLate));
    expect(event).toEqual(
      changed({
        to: 'npa',
        asOf: '2026-06-10',
        daysPastDue: 10,
        oldestUnpaidDueDate: '2026-05-31',
        arrearsPaise: EMI,
      }),
    );
  });

  it('never cures arrears by a reschedule: days past due run on from the first schedule after a rate upgrade', () => {
    const upgraded = after(created, {
      type: 'UpgradeRate',
      today: '2026-03-10',
      upgradedBy: { type: 'admin', id: 'admin-1', name: 'Asha' },
      earlyReason: 'Borrower asked to reschedule',
    });
    expect(upgraded.at(-1)!.type).toBe('RateUpgraded');
    const [event] = decideLoan(classify('2026-04-05'), fold(evolveLoan, initialLoanState(), upgraded));
    expect(event).toMatchObject({
      type: 'DelinquencyClassChanged',
      data: { to: 'sma_1', daysPastDue: 36, oldestUnpaidDueDate: '2026-02-28' },
    });
  });

  it('leaves a class recorded for a later day alone when asked about an earlier one', () => {
    spec.given(classifiedOn(created, '2026-03-31')).when(classify('2026-03-01')).then([]);
  });
});

describe('borrower-wise', () => {
  it('makes a standard loan NPA when another of the borrower’s loans is NPA, naming it', () => {
    spec
      .given(created)
      .when(classify('2026-02-10', 'GL260100009'))
      .then([
        changed({
          to: 'npa',
          asOf: '2026-02-10',
          reason: 'borrower_npa',
          npaLoanId: 'GL260100009',
        }),
      ]);
  });

  it('returns it to its own class when that loan is no longer NPA', () => {
    const byBorrower = after(created, classify('2026-02-10', 'GL260100009'));
    spec
      .given(byBorrower)
      .when(classify('2026-03-02'))
      .then([
        changed({
          from: 'npa',
          to: 'sma_0',
          asOf: '2026-03-02',
          daysPastDue: 2,
          oldestUnpaidDueDate: '2026-02-28',
          arrearsPaise: EMI,
        }),
      ]);
    spec
      .given(byBorrower)
      .when(classify('2026-02-20'))
      .then([changed({ from: 'npa', to: 'standard', asOf: '2026-02-20', reason: 'arrears_cleared' })]);
  });

  it('keeps an NPA of its own NPA after the borrower’s other loan clears, while it has arrears', () => {
    const own = classifiedOn(created, '2026-05-30');
    const alsoOther = after(own, classify('2026-06-01', 'GL260100009'));
    expect(alsoOther).toHaveLength(own.length);
    spec.given(own).when(classify('2026-06-02')).then([]);
  });

  it('ignores its own loan id given as the borrower’s NPA loan', () => {
    spec.given(created).when(classify('2026-02-10', 'GL260100001')).then([]);
  });
});

describe('a loan that left the book', () => {
  const npa = classifiedOn(created, '2026-05-30');

  it('is standard once repaid, its arrears cleared', () => {
    const { totalDuePaise } = quoteLoan(fold(evolveLoan, initialLoanState(), npa), '2026-06-01');
    const repaid = after(npa, pay(totalDuePaise / 100, '2026-06-01'));
    expect(fold(evolveLoan, initialLoanState(), repaid).status).toBe('closed');
    spec
      .given(repaid)
      .when(classify('2026-06-02'))
      .then([changed({ from: 'npa', to: 'standard', asOf: '2026-06-02', reason: 'arrears_cleared' })]);
  });

  it('records nothing for a deleted loan', () => {
    spec
      .given(after(npa, { type: 'DeleteLoan', reason: 'entered twice' }))
      .when(classify('2026-06-02'))
      .then([]);
  });
});
