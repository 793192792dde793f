import { requireBranch } from '../branches/branch.state.js';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CASH_DAY_STREAM_TYPE,
  CASH_REGISTER_STREAM_TYPE,
  businessDate,
  cashDayStreamId,
  cashRegisterStreamId,
  type CashDirection,
  type DenominationCount,
  type EventMetadata,
  formatBusinessDate,
} from '@goldledger/contracts';
import type { Kysely } from 'kysely';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import { DomainError } from '../platform/decider.js';
import { ConcurrencyError } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { decideCashDay, type CashDayCommand } from './cash-day.decider.js';
import {
  evolveCashDay,
  evolveCashRegister,
  initialCashDay,
  initialCashRegister,
  loadCashDay,
  loadCashRegister,
} from './cash-day.state.js';
import { earlierOpenDay } from './cash-book.queries.js';

export interface CashBookDeps extends CommandDeps {
  db: Kysely<Database>;
}

interface Person {
  id: string;
  name: string;
}

/** The branch's name for messages; an unknown branch is 404. */
export const branchNamed = (deps: CommandDeps, branchId: string) => requireBranch(deps.store, branchId);

/** An admin starts a branch's book with the cash in its drawer at the start of a day; once. */
export async function startCashBook(
  deps: CommandDeps,
  branchId: string,
  input: { startDate: string; openingPaise: number; by: Person },
  metadata: EventMetadata,
) {
  const branch = await branchNamed(deps, branchId);
  const today = businessDate(deps.clock.now());
  if (input.startDate > today) {
    throw new DomainError('The cash book cannot start on a day still to come', 'cash_day_future');
  }
  return handle(
    deps.store,
    cashRegisterStreamId(branchId),
    ({ state }) => {
      if (state.start) {
        throw new DomainError(
          `The cash book of ${branch.name} was started on ${formatBusinessDate(state.start.startDate)}; its opening cash is fixed`,
          'cash_book_started',
          409,
        );
      }
      return [
        {
          type: 'CashBookStarted',
          data: {
            branchId,
            startDate: input.startDate,
            openingPaise: input.openingPaise,
            startedBy: input.by,
          },
          occurredAt: deps.clock.now(),
        },
      ];
    },
    {
      streamType: CASH_REGISTER_STREAM_TYPE,
      initialState: initialCashRegister,
      evolve: evolveCashRegister,
      metadata,
    },
  );
}

type DayInput =
  | {
      type: 'RecordCashEntry';
      entryId: string;
      direction: CashDirection;
      amountPaise: number;
      reason: string;
    }
  | { type: 'CountCash'; count: DenominationCount };

/** An entry of the book's own, or a count, on one day (refused into a closed or future day). */
export async function onCashDay(
  deps: CommandDeps,
  branchId: string,
  date: string,
  input: DayInput & { by: Person },
  metadata: EventMetadata,
) {
  const branch = await branchNamed(deps, branchId);
  const ref = { branchId, branchName: branch.name, date, today: businessDate(deps.clock.now()) };
  return handle(
    deps.store,
    cashDayStreamId(branchId, date),
    ({ state }) =>
      decideCashDay({ ...ref, ...input } as CashDayCommand, state).map((e) => ({
        ...e,
        occurredAt: deps.clock.now(),
      })),
    { streamType: CASH_DAY_STREAM_TYPE, initialState: initialCashDay, evolve: evolveCashDay, metadata },
  );
}

const MAX_RETRIES = 30;

/**
 * Day-end close: the day's stream and the branch's register in one transaction, each at
 * the version it was decided from. A payment booked into the day meanwhile makes the close
 * conflict; it then decides again with that payment counted (or, when the person sent the
 * version they saw, is refused with 409 so they look again).
 */
export async function closeCashDay(
  deps: CashBookDeps,
  branchId: string,
  date: string,
  input: { reason: string | null; expectedVersion?: number; by: Person },
  metadata: EventMetadata,
) {
  const branch = await branchNamed(deps, branchId);
  const today = businessDate(deps.clock.now());
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.store.transaction(async (trx) => {
        const register = await loadCashRegister(trx, branchId);
        const day = await loadCashDay(trx, branchId, date);
        if (input.expectedVersion !== undefined && input.expectedVersion !== day.version) {
          throw new DomainError(
            `The cash book of ${branch.name} for ${date} has changed since you opened it (cash was entered or counted). Reload it, check the count, then close again.`,
            'stale_version',
            409,
            { expectedVersion: input.expectedVersion, currentVersion: day.version },
          );
        }
        const lastClose = register.state.closes.at(-1)?.date ?? null;
        const command: CashDayCommand = {
          type: 'CloseCashDay',
          branchId,
          branchName: branch.name,
          date,
          today,
          reason: input.reason,
          by: input.by,
          register: register.state,
          earlierOpenDay: await earlierOpenDay(deps.db, branchId, date, {
            lastClose,
            start: register.state.start?.startDate ?? null,
          }),
        };
        const now = deps.clock.now();
        const events = decideCashDay(command, day.state).map((e) => ({ ...e, occurredAt: now }));
        const closed = events[0]!.data as { countedPaise: number };
        await trx.append(cashDayStreamId(branchId, date), events, {
          streamType: CASH_DAY_STREAM_TYPE,
          expectedVersion: day.version === 0 ? 'no_stream' : day.version,
          metadata,
        });
        await trx.append(
          cashRegisterStreamId(branchId),
          [
            {
              type: 'CashDayCloseRegistered',
              data: { businessDate: date, closingPaise: closed.countedPaise },
              occurredAt: now,
            },
          ],
          { streamType: CASH_REGISTER_STREAM_TYPE, expectedVersion: register.version, metadata },
        );
        const at = now.toISOString();
        return {
          ...day,
          state: events.reduce((st, e) => evolveCashDay(st, { ...e, occurredAt: at }), day.state),
        };
      });
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt > MAX_RETRIES) throw error;
      await sleep(Math.random() * 4 * 2 ** Math.min(attempt, 6));
    }
  }
}
