import {
  loanStreamId,
  PAYMENT_REFERENCE_STREAM_TYPE,
  paymentReferenceStreamId,
  type EventMetadata,
  type PaymentReferenceEventType,
} from '@goldledger/contracts';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import { DomainError } from '../platform/decider.js';

/**
 * One online payment per bank transaction id (UTR), across all loans: the id is claimed
 * on a stream of its own before the payment is recorded, and released if recording fails
 * or the payment is later reversed. A second payment with the same id gets 409 naming
 * the loan that has it.
 */
interface ReferenceState {
  holder: { paymentId: string; loanId: string } | null;
}

const evolve = (s: ReferenceState, e: { type: string; data: Record<string, unknown> }): ReferenceState => {
  switch (e.type as PaymentReferenceEventType) {
    case 'PaymentReferenceClaimed':
      return { holder: { paymentId: String(e.data.paymentId), loanId: String(e.data.loanId) } };
    case 'PaymentReferenceReleased':
      return s.holder?.paymentId === e.data.paymentId ? { holder: null } : s;
    default:
      return s;
  }
};

interface Payment {
  transactionId: string;
  paymentId: string;
  loanStreamId: string;
  loanId: string;
}

async function decideReference(
  { store, clock }: CommandDeps,
  transactionId: string,
  metadata: EventMetadata,
  decide: (
    state: ReferenceState,
  ) => { type: PaymentReferenceEventType; data: Record<string, unknown> } | null,
) {
  return handle<ReferenceState>(
    store,
    paymentReferenceStreamId(transactionId),
    ({ state }) => {
      const event = decide(state);
      return event ? [{ ...event, occurredAt: clock.now() }] : [];
    },
    { streamType: PAYMENT_REFERENCE_STREAM_TYPE, initialState: () => ({ holder: null }), evolve, metadata },
  );
}

/**
 * A claim whose payment never appeared on its loan this long after it was made: its
 * request died between the two writes (and was not retried with its Idempotency-Key,
 * which would have finished it). The id is then taken over instead of refused for good.
 * A minute is far beyond the milliseconds between the claim and the payment.
 */
export const ABANDONED_REFERENCE_AFTER_MS = 60_000;

/** The payment id of an abandoned claim on this transaction id, if it is one. */
async function abandonedClaim(deps: CommandDeps, transactionId: string): Promise<string | null> {
  const { events } = await deps.store.readStream(paymentReferenceStreamId(transactionId));
  const last = events.at(-1);
  if (last?.type !== 'PaymentReferenceClaimed') return null;
  if (deps.clock.now().getTime() - Date.parse(last.occurredAt) < ABANDONED_REFERENCE_AFTER_MS) return null;
  const paymentId = String(last.data.paymentId);
  const loan = await deps.store.readStream(String(last.data.loanStreamId));
  const recorded = loan.events.some((e) => e.type === 'PaymentRecorded' && e.data.paymentId === paymentId);
  return recorded ? null : paymentId;
}

/** Claims the transaction id for this payment; held by another payment → 409 naming its loan. */
async function claimReference(deps: CommandDeps, p: Payment, metadata: EventMetadata): Promise<boolean> {
  let claims = false;
  const abandoned = await abandonedClaim(deps, p.transactionId);
  await decideReference(deps, p.transactionId, metadata, (state) => {
    claims = false;
    if (state.holder?.paymentId === p.paymentId) return null;
    if (state.holder && state.holder.paymentId !== abandoned) {
      throw new DomainError(
        `Transaction ID ${p.transactionId} is already recorded on loan ${state.holder.loanId}`,
        'transaction_id_taken',
        409,
        { loanId: state.holder.loanId },
      );
    }
    claims = true;
    return {
      type: 'PaymentReferenceClaimed',
      data: { paymentId: p.paymentId, loanStreamId: p.loanStreamId, loanId: p.loanId },
    };
  });
  return claims;
}

/** Frees the transaction id if this payment holds it (reversed, or never recorded). */
export async function releasePaymentReference(
  deps: CommandDeps,
  transactionId: string,
  paymentId: string,
  metadata: EventMetadata = {},
): Promise<void> {
  await decideReference(deps, transactionId, metadata, (state) =>
    state.holder?.paymentId === paymentId ? { type: 'PaymentReferenceReleased', data: { paymentId } } : null,
  );
}

/**
 * Records a payment (`record`) holding its transaction id, if it has one: claimed first,
 * released again if the recording is refused.
 */
export async function withPaymentReference<T>(
  deps: CommandDeps,
  payment: Omit<Payment, 'transactionId'> & { transactionId: string | null | undefined },
  metadata: EventMetadata,
  record: () => Promise<T>,
): Promise<T> {
  const transactionId = payment.transactionId?.trim();
  if (!transactionId) return record();
  const claimed = await claimReference(deps, { ...payment, transactionId }, metadata);
  try {
    return await record();
  } catch (error) {
    if (claimed) await releasePaymentReference(deps, transactionId, payment.paymentId, metadata);
    throw error;
  }
}

/** The bank transaction id an online payment was recorded with (null: cash, or none). */
export async function onlineTransactionIdOf(
  deps: CommandDeps,
  loanUuid: string,
  paymentId: string,
): Promise<string | null> {
  const { events } = await deps.store.readStream(loanStreamId(loanUuid));
  const recorded = events.find((e) => e.type === 'PaymentRecorded' && e.data.paymentId === paymentId);
  const transactionId = recorded?.data.transactionId;
  return recorded?.data.method === 'online' && typeof transactionId === 'string' && transactionId.trim()
    ? transactionId.trim()
    : null;
}
