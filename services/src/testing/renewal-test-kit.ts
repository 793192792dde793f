import {
  addDays,
  GOLD_PRICES_STREAM_TYPE,
  goldPricesStreamId,
  type EventMetadata,
} from '@goldledger/contracts';
import { loadCustomer } from '../customers/customer-commands.js';
import { loadLoan } from '../lending/loan-commands.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { confirmLoan } from './loan-confirmation-kit.js';
import type { TestApi } from './test-api.js';

/**
 * A closing price for every day from `from` to `to` at one purity, appended to the
 * register's month streams as its own commands would (until the register's routes exist
 * on every branch, tests record prices this way). Run first: loans sanctioned at today's
 * valuation price need the previous working day's close and the 30 days before it.
 */
export async function recordTestPrices(
  store: EventStore,
  { from, to, purity = 916, pricePaise }: { from: string; to: string; purity?: number; pricePaise: number },
  metadata: EventMetadata = {},
): Promise<void> {
  const byMonth = new Map<string, string[]>();
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const days = byMonth.get(goldPricesStreamId(d)) ?? [];
    days.push(d);
    byMonth.set(goldPricesStreamId(d), days);
  }
  for (const [streamId, days] of byMonth) {
    const version = await store.streamVersion(streamId);
    await store.append(
      streamId,
      days.map((date) => ({
        type: 'GoldPriceRecorded',
        data: {
          date,
          purity,
          pricePerGramPaise: pricePaise,
          previousPricePerGramPaise: null,
          source: 'entry',
          importId: null,
        },
        occurredAt: new Date(`${date}T18:00:00+05:30`),
      })),
      {
        streamType: GOLD_PRICES_STREAM_TYPE,
        expectedVersion: version === 0 ? 'no_stream' : version,
        metadata,
      },
    );
  }
}

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
