import {
  LOAN_PHOTOS_STREAM_TYPE,
  loanPhotosStreamId,
  type EventMetadata,
  type PhotoEvent,
} from '@goldledger/contracts';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { decidePhotos, type PhotoCommand } from './photo.decider.js';
import { evolveLoanPhotos, initialLoanPhotosState, type LoanPhotosState } from './photo.state.js';

export type PhotoDeps = CommandDeps;

const evolve = (s: LoanPhotosState, e: { type: string; data: unknown; occurredAt?: string | Date }) =>
  evolveLoanPhotos(s, e as PhotoEvent & { occurredAt?: string | Date });

/** A loan's photos: one short stream per loan, folded on read (no read model needed). */
export async function loadLoanPhotos(store: EventStore, loanUuid: string): Promise<LoanPhotosState> {
  const { events } = await store.readStream(loanPhotosStreamId(loanUuid));
  return events.reduce(evolve, initialLoanPhotosState());
}

/** Load, decide, append; two uploads racing for the last free slot are serialised by the expected version. */
export function executePhotoCommand(
  { store, clock }: PhotoDeps,
  loanUuid: string,
  command: PhotoCommand,
  metadata: EventMetadata = {},
) {
  const occurredAt = clock.now();
  return handle<LoanPhotosState>(
    store,
    loanPhotosStreamId(loanUuid),
    ({ state }) => decidePhotos(command, state).map((e) => ({ ...e, occurredAt })),
    { streamType: LOAN_PHOTOS_STREAM_TYPE, initialState: initialLoanPhotosState, evolve, metadata },
  );
}
