import type { ContactEvent } from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { evolveContact, initialContactState, type ContactState } from './contact.state.js';

export type ContactCommand = {
  type: 'ReceiveContactMessage';
  enquiryId: string;
  name: string;
  email: string;
  goldMilligrams: number;
  phone: string;
  message: string;
};

export function decideContact(command: ContactCommand, state: ContactState): ContactEvent[] {
  switch (command.type) {
    case 'ReceiveContactMessage': {
      if (state.received) throw new DomainError('This enquiry was already received', 'enquiry_exists', 409);
      if (!Number.isSafeInteger(command.goldMilligrams)) {
        throw new DomainError('Gold weight must be a whole number of milligrams', 'gold_weight_invalid');
      }
      if (command.goldMilligrams < 0) {
        throw new DomainError('Gold weight cannot be negative', 'gold_weight_invalid');
      }
      const { type: _type, ...data } = command;
      return [{ type: 'ContactMessageReceived', data }];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  initialState: initialContactState,
  evolve: evolveContact,
  decide: decideContact,
};

/** One stream per enquiry: later issues add replies and follow-ups to it. */
export const contactStreamId = (enquiryId: string) => `contact-${enquiryId}`;
export const CONTACT_STREAM_TYPE = 'contact';
