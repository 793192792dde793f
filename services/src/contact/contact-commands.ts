import type { ContactEvent, EventMetadata } from '@goldledger/contracts';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import {
  CONTACT_STREAM_TYPE,
  contactStreamId,
  decideContact,
  type ContactCommand,
} from './contact.decider.js';
import { evolveContact, initialContactState, type ContactState } from './contact.state.js';

export type ContactDeps = CommandDeps;

export function executeContactCommand(
  { store, clock }: ContactDeps,
  command: ContactCommand,
  metadata: EventMetadata = {},
) {
  return handle<ContactState>(
    store,
    contactStreamId(command.enquiryId),
    ({ state }) => decideContact(command, state).map((e) => ({ ...e, occurredAt: clock.now() })),
    {
      streamType: CONTACT_STREAM_TYPE,
      initialState: initialContactState,
      evolve: (s, e) => evolveContact(s, e as ContactEvent),
      metadata,
    },
  );
}
