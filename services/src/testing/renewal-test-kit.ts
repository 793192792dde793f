import { addDays } from '@goldledger/contracts';
import { loadCustomer } from '../customers/customer-commands.js';
import { loadLoan } from '../lending/loan-commands.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { confirmLoan } from './loan-confirmation-kit.js';
import { recordTestPrices as recordPrices } from './gold-prices-test-kit.js';
import type { TestApi } from './test-api.js';

/**
 * A closing price for every day from `from` to `to` at one purity (22K unless told): the
 * register's test recorder (gold-prices-test-kit.ts) for a single purity. Run first: loans
 * sanctioned at today's valuation price need the previous working day's close and the 30
 * days before it.
 */
export const recordTestPrices = (
  store: EventStore,
  { from, to, purity = 916, pricePaise }: { from: string; to: string; purity?: number; pricePaise: number },
): Promise<void> => recordPrices(store, { from, to, pricePaise: { [purity]: pricePaise } });

/** The 40 days of 22K closes before `today` at one price: enough for any valuation on `today`. */
export const recordPricesBefore = (store: EventStore, today: string, pricePaise: number) =>
  recordTestPrices(store, { from: addDays(today, -40), to: addDays(today, -1), pricePaise });

/**
 * The borrower of a loan gives `role`'s member of staff their code (sent, read from the
 * dev outbox, entered): the renewal or top-up that member makes next records it.
 */
export async function confirmBorrower(
  api: TestApi,
  loanUuid: string,
  role: 'admin' | 'employee' = 'admin',
): Promise<void> {
  const { state: loan } = await loadLoan(api.store, loanUuid);
  const customerUuid = loan.customer!.customerStreamId.replace(/^customer-/, '');
  const { state: customer } = await loadCustomer(api.store, customerUuid);
  await confirmLoan(api, await api.tokenFor(role), {
    id: customerUuid,
    mobile: customer?.profile.primaryMobile ?? loan.customer!.primaryMobile,
  });
}
