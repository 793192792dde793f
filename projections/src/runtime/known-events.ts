import {
  ADMIN_NOTIFICATION_INBOX_STREAM_TYPE,
  ADMIN_NOTIFICATION_STREAM_TYPE,
  APPROVAL_POLICY_STREAM_TYPE,
  APPROVAL_STREAM_TYPE,
  AdminNotificationEvents,
  ApprovalEvents,
  ApprovalPolicyEvents,
  BRANCH_STREAM_TYPE,
  BranchEvents,
  CASH_DAY_STREAM_TYPE,
  CASH_REGISTER_STREAM_TYPE,
  CashDayEvents,
  CashRegisterEvents,
  AdminNotificationInboxEvents,
  CUSTOMER_STREAM_TYPE,
  ContactEvents,
  CustomerEvents,
  LOAN_STREAM_TYPE,
  LoanEvents,
  PACKET_STREAM_TYPE,
  PacketEvents,
  STAFF_LOOKUP_STREAM_TYPE,
  StaffLookupEvents,
  UserEvents,
  type AdminNotificationEvent,
  type AdminNotificationInboxEvent,
  type ApprovalEvent,
  type ApprovalPolicyEvent,
  type BranchEvent,
  type CashDayEvent,
  type CashRegisterEvent,
  type ContactEvent,
  type CustomerEvent,
  type LoanEvent,
  type PacketEvent,
  type RecordedEvent,
  type StaffLookupEvent,
  type UserEvent,
} from '@goldledger/contracts';

/**
 * The contract of each stream type a read model switches over. The audit log and the
 * stream stats are not here: they record every event, whatever its type, from the
 * envelope alone.
 */
const CONTRACTS = {
  [LOAN_STREAM_TYPE]: LoanEvents,
  [CUSTOMER_STREAM_TYPE]: CustomerEvents,
  user: UserEvents,
  contact: ContactEvents,
  [ADMIN_NOTIFICATION_STREAM_TYPE]: AdminNotificationEvents,
  [ADMIN_NOTIFICATION_INBOX_STREAM_TYPE]: AdminNotificationInboxEvents,
  [STAFF_LOOKUP_STREAM_TYPE]: StaffLookupEvents,
  [APPROVAL_STREAM_TYPE]: ApprovalEvents,
  [APPROVAL_POLICY_STREAM_TYPE]: ApprovalPolicyEvents,
  [PACKET_STREAM_TYPE]: PacketEvents,
  [BRANCH_STREAM_TYPE]: BranchEvents,
  [CASH_DAY_STREAM_TYPE]: CashDayEvents,
  [CASH_REGISTER_STREAM_TYPE]: CashRegisterEvents,
} as const;

/** Each stream type's discriminated union of events, as the contracts declare it. */
interface Unions {
  [LOAN_STREAM_TYPE]: LoanEvent;
  [CUSTOMER_STREAM_TYPE]: CustomerEvent;
  user: UserEvent;
  contact: ContactEvent;
  [ADMIN_NOTIFICATION_STREAM_TYPE]: AdminNotificationEvent;
  [ADMIN_NOTIFICATION_INBOX_STREAM_TYPE]: AdminNotificationInboxEvent;
  [STAFF_LOOKUP_STREAM_TYPE]: StaffLookupEvent;
  [APPROVAL_STREAM_TYPE]: ApprovalEvent;
  [APPROVAL_POLICY_STREAM_TYPE]: ApprovalPolicyEvent;
  [PACKET_STREAM_TYPE]: PacketEvent;
  [BRANCH_STREAM_TYPE]: BranchEvent;
  [CASH_DAY_STREAM_TYPE]: CashDayEvent;
  [CASH_REGISTER_STREAM_TYPE]: CashRegisterEvent;
}

export type KnownStreamType = keyof typeof CONTRACTS & keyof Unions;

type Envelope = Omit<RecordedEvent, 'streamType' | 'type' | 'data'>;
type Typed<S extends KnownStreamType, U> = U extends unknown ? Envelope & { streamType: S } & U : never;

/**
 * A recorded event of one of the stream types `S`, its `type` and `data` one member of
 * that stream's union. A switch over `type` narrows `data`; one that ends in
 * `const _exhaustive: never = event` stops compiling when the contract gains a type.
 */
export type EventOf<S extends KnownStreamType> = { [K in S]: Typed<K, Unions[K]> }[S];

export type LoanStreamEvent = EventOf<typeof LOAN_STREAM_TYPE>;
export type CustomerStreamEvent = EventOf<typeof CUSTOMER_STREAM_TYPE>;
export type UserStreamEvent = EventOf<'user'>;
/** What a read model with a row per loan that follows its customer's edits reads. */
export type LoanOrCustomerEvent = EventOf<typeof LOAN_STREAM_TYPE | typeof CUSTOMER_STREAM_TYPE>;

type Schemas = Readonly<Record<string, { parse(data: unknown): unknown }>>;

/**
 * Reads recorded events as their contracts say, once, at a read model's door: the
 * events of the stream types `streams` whose type the contract knows, with their data
 * parsed. An event of another stream, or of a type this code's contract does not
 * have yet (written by a newer version), is left out. Data that breaks its contract
 * throws, so the runner parks the event.
 */
export function eventReader<S extends KnownStreamType>(
  ...streams: S[]
): (events: readonly RecordedEvent[]) => EventOf<S>[] {
  const contracts = new Map<string, Schemas>(streams.map((s) => [s, CONTRACTS[s]]));
  return (events) => {
    const out: EventOf<S>[] = [];
    for (const e of events) {
      const schemas = contracts.get(e.streamType);
      if (!schemas || !Object.hasOwn(schemas, e.type)) continue;
      out.push({ ...e, data: schemas[e.type]!.parse(e.data) } as unknown as EventOf<S>);
    }
    return out;
  };
}

/** The events of one stream type among a read model's input, typed as that stream's. */
export const ofStream = <E extends { streamType: string }, S extends KnownStreamType>(
  events: readonly E[],
  streamType: S,
): Extract<E, { streamType: S }>[] =>
  events.filter((e): e is Extract<E, { streamType: S }> => e.streamType === streamType);
