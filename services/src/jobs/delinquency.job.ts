import { DelinquencyClass } from '@goldledger/contracts';
import { borrowerNpaLoans, loanOwnDelinquency, type BorrowerLoan } from '../lending/delinquency.rules.js';
import { executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import type { JobContext, JobDefinition, JobResult } from '../platform/scheduler/scheduler.js';
import { lendingFor, metadataFor } from './job-support.js';

interface Candidate {
  loan_uuid: string;
  loan_id: string;
  customer_id: string;
  status: string;
}

/**
 * Delinquency by the day (issue 18): every open loan classified standard, SMA-0/1/2 or NPA
 * from its days past due, borrower-wise. First the own class of each loan of a borrower with
 * several open loans (read from its stream, the same function the decider uses), then each
 * loan classified with the borrower's NPA loan, if any: so the answer does not depend on the
 * order loans are visited in. A loan repaid or renewed while not standard is set back to
 * standard. Each loan's command carries `delinquency:<loan>:<day>` as its key: a re-run of
 * the day appends nothing new. The run reports the open loans in each class.
 */
export const delinquencyJob: JobDefinition = {
  name: 'delinquency',
  displayName: 'Delinquency classes (SMA / NPA)',
  description:
    'Classifies every open loan by days past due: SMA-0 (1–30), SMA-1 (31–60), SMA-2 (61–90), NPA (over 90), borrower-wise; records DelinquencyClassChanged when a class changes.',
  schedule: '30 0 * * *',
  run: classifyAll,
};

async function classifyAll(ctx: JobContext): Promise<JobResult> {
  const today = ctx.businessDate;
  const candidates: Candidate[] = await loanBook(ctx.db)
    .selectFrom('loans')
    .select(['loan_uuid', 'loan_id', 'customer_id', 'status'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'active'),
        // Left the book while in arrears: repaid or renewed ones go back to standard.
        eb.and([eb('delinquency_class', '<>', 'standard'), eb('status', 'in', ['closed', 'renewed'])]),
      ]),
    )
    .orderBy('loan_uuid')
    .execute();

  const npaOf = await borrowerNpaLoansOf(ctx, today, candidates);
  const counts = Object.fromEntries(DelinquencyClass.options.map((c) => [c, 0])) as Record<
    DelinquencyClass,
    number
  >;
  let ok = 0;
  let failed = 0;
  for (const loan of candidates) {
    try {
      const borrowerNpaLoanId = npaOf.get(loan.loan_uuid);
      if (borrowerNpaLoanId === undefined) throw new Error('own classes of the borrower’s loans unknown');
      const result = await executeLoanCommand(
        lendingFor(ctx),
        loan.loan_uuid,
        { type: 'ClassifyDelinquency', today, borrowerNpaLoanId },
        metadataFor(ctx, loan.loan_uuid),
      );
      if (result.eventIds.length > 0 && !result.duplicate) ok += 1;
      if (result.state.status === 'active') counts[result.state.delinquency.class] += 1;
    } catch (error) {
      failed += 1;
      ctx.log.warn({ subject: loan.loan_uuid, err: error }, 'job step failed');
    }
  }
  return { ok, failed, processed: candidates.length, summary: counts };
}

/**
 * For each candidate, the borrower's other loan that is NPA on its own (or null). Only a
 * borrower with several open loans needs their loans' own classes; one whose loans could
 * not all be read is left out (its loans fail this run rather than be classified wrongly).
 */
async function borrowerNpaLoansOf(
  ctx: JobContext,
  today: string,
  candidates: readonly Candidate[],
): Promise<Map<string, string | null>> {
  const open = candidates.filter((c) => c.status === 'active');
  const byBorrower = new Map<string, Candidate[]>();
  for (const c of open) byBorrower.set(c.customer_id, [...(byBorrower.get(c.customer_id) ?? []), c]);
  const result = new Map<string, string | null>(candidates.map((c) => [c.loan_uuid, null]));
  for (const loans of byBorrower.values()) {
    if (loans.length < 2) continue;
    try {
      const own: BorrowerLoan[] = [];
      for (const l of loans) {
        const { state } = await loadLoan(ctx.store, l.loan_uuid);
        if (state.status === 'active')
          own.push({ loanId: state.loanId, ownClass: loanOwnDelinquency(state, today).ownClass });
      }
      const npa = borrowerNpaLoans(own);
      for (const l of loans) result.set(l.loan_uuid, npa.get(l.loan_id) ?? null);
    } catch (error) {
      ctx.log.warn({ customer: loans[0]!.customer_id, err: error }, 'borrower’s loans could not be read');
      for (const l of loans) result.delete(l.loan_uuid);
    }
  }
  return result;
}
