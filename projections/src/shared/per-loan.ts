import {
  CUSTOMER_STREAM_TYPE,
  LOAN_STREAM_TYPE,
  type CustomerProfile,
  type GoldItemRecord,
  type RecordedEvent,
} from '@goldledger/contracts';
import type { EvolveRowsSpec } from '../runtime/evolve-rows.js';
import type { LoanOrCustomerEvent } from '../runtime/known-events.js';
import type { RowColumnKinds } from '../runtime/row-columns.js';

/** What read models with a row per loan share: its key, its customer, its gold. */

export const loanUuidOf = (streamId: string) => streamId.replace(/^loan-/, '');

/** The customer's stream id as the store names it (`customer-<uuid>`), whichever form the snapshot used. */
export const customerStreamKey = (id: string) => (id.startsWith('customer-') ? id : `customer-${id}`);

/** Σ net weight of the pledged items, in milligrams. */
export const totalNetMg = (items: readonly GoldItemRecord[]) =>
  items.reduce((sum, i) => sum + i.netWeightMg, 0);

/** The customer's whole profile as row columns. */
export interface ProfileColumns {
  name: string;
  email: string | null;
  aadhar_number: string;
  primary_mobile: string;
  secondary_mobile: string | null;
  emergency_contact: { mobile: string; relation: string };
  present_address: string;
  permanent_address: string;
}

/**
 * The customer's profile as row columns: from the loan's customer snapshot when the
 * loan is made, then from each CustomerUpdated.
 */
export const profileColumns = (p: CustomerProfile): ProfileColumns => ({
  name: p.name,
  email: p.email,
  aadhar_number: p.aadharNumber,
  primary_mobile: p.primaryMobile,
  secondary_mobile: p.secondaryMobile,
  emergency_contact: p.emergencyContact,
  present_address: p.presentAddress,
  permanent_address: p.permanentAddress,
});

/** How a list naming the loan's customer reaches them: their name and primary mobile. */
export const customerContactColumns = (p: Pick<CustomerProfile, 'name' | 'primaryMobile'>) => ({
  customer_name: p.name,
  customer_mobile: p.primaryMobile,
});

/**
 * The spec of the read models with one row per loan that follow the customer's later
 * edits: a loan's events touch its own row, a `CustomerUpdated` every row of that customer.
 */
export function perLoanFollowingCustomer<
  Row extends object,
  E extends Pick<RecordedEvent, 'streamType' | 'streamId' | 'type'> = LoanOrCustomerEvent,
>(
  table: string,
  columns: RowColumnKinds<Row>,
  evolve: EvolveRowsSpec<Row, E>['evolve'],
  onEvolved?: EvolveRowsSpec<Row, E>['onEvolved'],
): EvolveRowsSpec<Row, E> {
  return {
    table,
    key: 'loan_uuid' as keyof Row & string,
    columns,
    keyOf: (e) => (e.streamType === LOAN_STREAM_TYPE ? loanUuidOf(e.streamId) : undefined),
    fanOut: {
      column: 'customer_stream_id' as keyof Row & string,
      valueOf: (e) =>
        e.streamType === CUSTOMER_STREAM_TYPE && e.type === 'CustomerUpdated' ? e.streamId : undefined,
    },
    evolve,
    ...(onEvolved ? { onEvolved } : {}),
  };
}
