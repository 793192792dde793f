import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BusinessDate,
  LoanIdParams,
  loanStreamId,
  maskAadhar,
  UpgradeHistoryResponse,
  type LedgerSnapshot,
  type LoanEvent,
  businessDate,
} from '@goldledger/contracts';
import { branchScopeOf, inBranchScope } from '../branches/branch-scope.js';
import { sessionOf } from '../identity/access.plugin.js';
import { DomainError, fold } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import type { LendingDeps } from './loan-commands.js';
import { loanView } from './loan-command-answer.js';
import { evolveLoan, initialLoanState } from './loan.state.js';
import { upgradeHistory } from './upgrade-history.js';

const AsOfQuery = z.object({
  date: z.union([z.iso.datetime({ offset: true }), BusinessDate], {
    error: 'date must be an ISO date-time or YYYY-MM-DD',
  }),
  /**
   * `recorded` (default): what the books held at that moment. `occurred`: the events that
   * happened by then, whenever they were written (history entered later, the demo book).
   */
  basis: z
    .enum(['recorded', 'occurred'], { error: 'basis must be recorded or occurred' })
    .default('recorded'),
});

/** A business date means the end of that day in Asia/Kolkata. */
const momentOf = (date: string) =>
  date.length === 10 ? new Date(`${date}T23:59:59.999+05:30`) : new Date(date);

const evolve = (s: ReturnType<typeof initialLoanState>, e: { type: string; data: unknown }) =>
  evolveLoan(s, e as LoanEvent);

/** The loan's events, if it exists at one of the caller's branches (another branch's is not found). */
async function readLoanEvents(deps: LendingDeps, request: FastifyRequest, loanUuid: string) {
  const { events } = await deps.store.readStream(loanStreamId(loanUuid));
  // A deleted loan keeps its history: auditors still read it.
  const first = events[0] && fold(evolve, initialLoanState(), [events[0]]);
  if (!first || !inBranchScope(branchScopeOf(sessionOf(request)), first.branchId)) {
    throw new DomainError('Loan not found', 'loan_not_found', 404);
  }
  return events;
}

/**
 * Event data as a reader may see it: an auditor reads every event, but an Aadhar number
 * in it (the customer snapshot) masked, as everywhere but for admins.
 */
function maskedForReader(data: unknown, fullAadhar: boolean): unknown {
  if (fullAadhar || data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) return data.map((d) => maskedForReader(d, false));
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) =>
      key === 'aadharNumber' && typeof value === 'string'
        ? [key, maskAadhar(value)]
        : [key, maskedForReader(value, false)],
    ),
  );
}

/** Upgrade history for staff; the event log and point-in-time replay for admins and auditors. */
export function registerLoanAuditRoutes(app: App, deps: LendingDeps): void {
  for (const prefix of ['admin', 'employee'] as const) {
    app.get(
      `/api/${prefix}/loans/:id/upgrade-history`,
      {
        config: {
          access: prefix === 'admin' ? ['admin', 'auditor'] : ['admin', 'employee', 'auditor'],
        },
        schema: { params: LoanIdParams },
      },
      async (request) => {
        const events = await readLoanEvents(deps, request, request.params.id);
        const state = fold(evolve, initialLoanState(), events);
        if (state.status === 'deleted') throw new DomainError('Loan not found', 'loan_not_found', 404);
        const history = upgradeHistory(events, state, businessDate(deps.clock.now()));
        // The answer is the contract's (the console parses it with the same schema).
        return UpgradeHistoryResponse.parse({
          success: true,
          data: { upgradeHistory: history, timeline: history.timeline },
        });
      },
    );
  }

  app.get(
    '/api/loans/:id/events',
    { config: { access: ['admin', 'auditor'] }, schema: { params: LoanIdParams } },
    async (request) => {
      const events = await readLoanEvents(deps, request, request.params.id);
      const fullAadhar = sessionOf(request).role === 'admin';
      return {
        loanId: String(events[0]!.data.loanId ?? ''),
        units: 'Amounts in events are integer paise, weights integer milligrams, rates basis points.',
        data: events.map((e) => ({
          version: e.streamPosition,
          eventId: e.eventId,
          type: e.type,
          schemaVersion: e.schemaVersion,
          occurredAt: e.occurredAt,
          recordedAt: e.recordedAt,
          actor: e.metadata.actor ?? null,
          correlationId: e.metadata.correlationId ?? null,
          data: maskedForReader(e.data, fullAadhar),
        })),
      };
    },
  );

  app.get(
    '/api/loans/:id/as-of',
    { config: { access: ['admin', 'auditor'] }, schema: { params: LoanIdParams, querystring: AsOfQuery } },
    async (request) => {
      const moment = momentOf(request.query.date);
      const all = await readLoanEvents(deps, request, request.params.id);
      // What the books held at that moment (events recorded by then) or what had happened
      // by then, in stream order.
      const timeOf = (e: (typeof all)[number]) =>
        new Date(request.query.basis === 'occurred' ? e.occurredAt : e.recordedAt);
      const known = all.filter((e) => timeOf(e) <= moment);
      if (known.length === 0) {
        throw new DomainError('The loan did not exist yet at that time', 'loan_not_yet', 404);
      }
      const state = fold(evolve, initialLoanState(), known);
      const lastLedger = [...known]
        .reverse()
        .map((e) => (e.data as { ledger?: LedgerSnapshot }).ledger)
        .find((l) => l !== undefined);
      const asOfDate = businessDate(moment);
      return {
        asOf: moment.toISOString(),
        basis: request.query.basis,
        eventCount: known.length,
        lastEvent: {
          version: known.at(-1)!.streamPosition,
          type: known.at(-1)!.type,
          occurredAt: known.at(-1)!.occurredAt,
          recordedAt: known.at(-1)!.recordedAt,
        },
        /** The loan replayed to the moment, its books run to that day. */
        loan: loanView(
          request.params.id,
          state,
          asOfDate < state.disbursementDate ? state.disbursementDate : asOfDate,
          known.at(-1)!.streamPosition,
        ),
        /** The books as the last event before the moment recorded them (paise). */
        recordedLedger: lastLedger ?? {
          // Nothing has moved the money yet: the books as the loan was made.
          asOf: state.disbursementDate,
          principalOutstandingPaise: state.principalPaise,
          interestOutstandingPaise: 0,
          totalPaidPaise: 0,
          interestPaidPaise: 0,
          principalPaidPaise: 0,
        },
      };
    },
  );
}
