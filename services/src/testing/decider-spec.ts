import { expect } from 'vitest';
import { fold, type Decider } from '../platform/decider.js';

type ErrorCheck = (new (...args: never[]) => Error) | string | RegExp;

/**
 * given(events).when(command).then(events) for pure deciders:
 *   spec.given([LoanCreated]).when(RecordPayment).then([PaymentRecorded])
 *   spec.given([LoanClosed]).when(RecordPayment).thenThrows('Loan is already closed')
 */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: readonly Event[]) {
      const state = fold(decider.evolve, decider.initialState(), events);
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: readonly Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(check: ErrorCheck) {
              expect(run).toThrow(check);
            },
          };
        },
      };
    },
  };
}
