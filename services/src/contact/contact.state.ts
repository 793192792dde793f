import type { ContactEvent } from '@goldledger/contracts';

export interface ContactState {
  received: boolean;
}

export const initialContactState = (): ContactState => ({ received: false });

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { ...state, received: true };
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
