import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { DomainError, type Decider } from './decider.js';

// A small decider to show the given/when/then helper at work.
type Event = { type: 'Opened' } | { type: 'Deposited'; paise: number } | { type: 'Closed' };
type Command = { type: 'Deposit'; paise: number } | { type: 'Close' };
type State = { open: boolean; balance: number };

const till: Decider<Command, Event, State> = {
  initialState: () => ({ open: false, balance: 0 }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'Opened':
        return { ...s, open: true };
      case 'Deposited':
        return { ...s, balance: s.balance + e.paise };
      case 'Closed':
        return { ...s, open: false };
      default: {
        const _exhaustive: never = e;
        return _exhaustive;
      }
    }
  },
  decide: (c, s) => {
    if (!s.open) throw new DomainError('Till is closed');
    switch (c.type) {
      case 'Deposit':
        if (c.paise <= 0) throw new DomainError('Amount must be positive');
        return [{ type: 'Deposited', paise: c.paise }];
      case 'Close':
        return [{ type: 'Closed' }];
      default: {
        const _exhaustive: never = c;
        return _exhaustive;
      }
    }
  },
};

describe('the decider test helper', () => {
  const spec = deciderSpec(till);

  it('checks the events a command decides', () => {
    spec
      .given([{ type: 'Opened' }])
      .when({ type: 'Deposit', paise: 500 })
      .then([{ type: 'Deposited', paise: 500 }]);
  });

  it('checks a refusal by message or by type', () => {
    spec
      .given([{ type: 'Opened' }, { type: 'Closed' }])
      .when({ type: 'Close' })
      .thenThrows('Till is closed');
    spec
      .given([{ type: 'Opened' }])
      .when({ type: 'Deposit', paise: 0 })
      .thenThrows(DomainError);
  });
});
