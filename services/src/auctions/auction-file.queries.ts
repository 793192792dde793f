import type { Kysely } from 'kysely';
import { businessDate, loanStreamId, type AuctionFile, type Role } from '@goldledger/contracts';
import { loadBranch } from '../branches/branch.state.js';
import { loadCustomer } from '../customers/customer-commands.js';
import type { BorrowerPeople, StaffMember } from '../lending/auction.rules.js';
import { withBranchPolicy } from '../lending/loan-commands.js';
import { loanNotFound } from '../lending/loan.rules.js';
import { evolveLoan, initialLoanState, type LoanState } from '../lending/loan.state.js';
import type { LoanEvent } from '@goldledger/contracts';
import { fold } from '../platform/decider.js';
import type { Clock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';
import { readPolicyVersions } from '../policy/policy-versions.js';
import { branchCalendars } from '../holidays/holiday-calendar.js';
import { customerContact } from '../operations/customer-notice.js';
import { auctionFile } from './auction-file.js';

export interface AuctionFileDeps {
  store: EventStore;
  clock: Clock;
}

/** The loan's stream folded with its policy attached, and its recorded events. */
export async function loadLoanWithEvents(store: EventStore, loanUuid: string) {
  const [{ version, events }, versions, calendars] = await Promise.all([
    store.readStream(loanStreamId(loanUuid)),
    readPolicyVersions(store),
    branchCalendars(store),
  ]);
  const state = await withBranchPolicy(
    fold(
      (s: LoanState, e: { type: string; data: unknown }) => evolveLoan(s, e as LoanEvent),
      initialLoanState(),
      events,
    ),
    versions,
    calendars,
  );
  return { state, version, events };
}

/** The branch a loan belongs to, as the file and the documents name it. */
export async function branchOf(store: EventStore, s: LoanState) {
  const { state } = await loadBranch(store, s.branchId);
  return state
    ? { name: state.name, address: state.address, state: state.state }
    : { name: 'Branch', address: '', state: '' };
}

/** The auction file of a loan as of now (the loan read straight from its stream: always current). */
export async function readAuctionFile(
  deps: AuctionFileDeps,
  loanUuid: string,
  role: Role,
): Promise<{ file: AuctionFile; state: LoanState }> {
  const { state, version, events } = await loadLoanWithEvents(deps.store, loanUuid);
  if (state.status === 'none') throw loanNotFound();
  const [branch, contact] = await Promise.all([
    branchOf(deps.store, state),
    customerContact(deps.store, state),
  ]);
  const file = auctionFile({
    loanUuid,
    version,
    state,
    events,
    branch,
    customer: {
      name: contact.name,
      customerId: state.customer?.customerId ?? '',
      mobile: contact.mobile,
      email: contact.email,
    },
    today: businessDate(deps.clock.now()),
    maskIds: role !== 'admin',
  });
  return { file, state };
}

/** The lender's admins and employees now (the bidder check refuses them). */
export async function staffMembers(db: Kysely<Database>): Promise<StaffMember[]> {
  const rows = await readModel(db, 'rm_users')
    .selectFrom('users')
    .select(['name', 'primary_mobile', 'secondary_mobile', 'aadhar_number'])
    .where('role', 'in', ['admin', 'employee'])
    .where('removed', '=', false)
    .execute();
  return rows.map((r) => ({
    name: r.name,
    mobiles: [r.primary_mobile, r.secondary_mobile].filter((m): m is string => !!m),
    aadharNumber: r.aadhar_number,
  }));
}

/** The borrower's profile now (staff may have changed a number since the loan was made). */
export async function borrowerNow(store: EventStore, s: LoanState): Promise<BorrowerPeople | null> {
  if (!s.customer) return null;
  const { state } = await loadCustomer(store, s.customer.customerStreamId.replace(/^customer-/, ''));
  const p = state?.profile;
  return p
    ? {
        name: p.name,
        aadharNumber: p.aadharNumber,
        mobiles: [p.primaryMobile, ...(p.secondaryMobile ? [p.secondaryMobile] : [])],
        emergencyContact: p.emergencyContact,
      }
    : null;
}
