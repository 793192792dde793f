import {
  businessDate,
  ErrorResponse,
  LoanDelinquencyResponse,
  LoanRefParams,
  paiseToRupees,
} from '@goldledger/contracts';
import { branchScopeOf, inBranchScope } from '../branches/branch-scope.js';
import { sessionOf, STAFF_READERS } from '../identity/access.plugin.js';
import { loanOwnDelinquency } from '../lending/delinquency.rules.js';
import { loadLoan } from '../lending/loan-commands.js';
import { customerIdOfUser, findLoan } from '../loan-queries/loan-book.queries.js';
import { delinquencyOf } from '../loan-queries/loan-list-row.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import type { SliceDeps } from '../slice-deps.js';

export type DelinquencyRouteDeps = Pick<SliceDeps, 'store' | 'db' | 'clock'>;

const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

/**
 * A loan's delinquency (issue 18): the class the daily job last recorded, and its own days
 * past due, oldest unpaid due date and arrears today, read from its stream (the job's
 * classification runs once a day; payments since move these figures at once). Staff see
 * their branches' loans, a customer their own.
 */
export function registerDelinquencyRoutes(app: App, deps: DelinquencyRouteDeps): void {
  app.get(
    '/api/loans/:id/delinquency',
    {
      config: { access: [...STAFF_READERS, 'customer'] },
      schema: { params: LoanRefParams, response: { 200: LoanDelinquencyResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const session = sessionOf(request);
      // The loan book finds it by either id (and has the recorded class); its stream the figures today.
      const row = await findLoan(deps.db, request.params.id, { kind: 'all' });
      if (!row) throw loanNotFound();
      if (session.role === 'customer') {
        if (row.customer_id !== (await customerIdOfUser(deps.db, session.userId))) throw loanNotFound();
      } else if (!inBranchScope(branchScopeOf(session), row.branch_id)) {
        throw loanNotFound();
      }
      const { state } = await loadLoan(deps.store, row.loan_uuid);
      const today = businessDate(deps.clock.now());
      const own = loanOwnDelinquency(state, today);
      const open = state.status === 'active';
      return {
        data: {
          _id: row.loan_uuid,
          loanId: row.loan_id,
          recorded: delinquencyOf(row),
          today: {
            date: today,
            daysPastDue: open ? own.daysPastDue : 0,
            oldestUnpaidDueDate: open ? own.oldestUnpaidDueDate : null,
            arrears: open ? paiseToRupees(own.arrearsPaise) : 0,
            ownClass: open ? own.ownClass : 'standard',
          },
        },
      };
    },
  );
}
