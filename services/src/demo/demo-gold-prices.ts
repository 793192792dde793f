import {
  addDays,
  GOLD_PRICES_STREAM_TYPE,
  goldPricesStreamId,
  LENDING_POLICY,
  type EventMetadata,
} from '@goldledger/contracts';
import { readCloses } from '../gold-prices/gold-price.queries.js';
import type { EventStore, NewEvent } from '../platform/event-store/event-store.js';
import type { Calendar } from './loan-book-plan.js';

/**
 * The closing prices the demo book's loans are valued at: every day from a month before
 * the book's first day to yesterday, each published purity at its window's 24K rate scaled
 * by fineness (999 at the rate). Days already priced are left alone, so a second run adds
 * only what is missing. Loans are valued at the register's prices and refused without a
 * price for the previous working day, so these are recorded before any loan is made.
 */
export async function recordDemoGoldPrices(
  store: EventStore,
  cal: Calendar,
  metadata: EventMetadata,
): Promise<number> {
  const from = addDays(cal.start, -(LENDING_POLICY.goldPrices.averageDays + 10));
  const to = addDays(cal.today, -1);
  const existing = await readCloses(store, from, to);
  const rateOn = (date: string) => {
    let w = 0;
    while (w + 1 < cal.windows.length && cal.windows[w + 1]! <= date) w += 1;
    return cal.goldRates[w]!;
  };
  const byMonth = new Map<string, NewEvent[]>();
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const rate = rateOn(d);
    for (const purity of LENDING_POLICY.goldPrices.publishedPurities) {
      if (existing.has(`${d}|${purity}`)) continue;
      const events = byMonth.get(goldPricesStreamId(d)) ?? [];
      events.push({
        type: 'GoldPriceRecorded',
        data: {
          date: d,
          purity,
          pricePerGramPaise: Math.round((rate * purity) / 999),
          previousPricePerGramPaise: null,
          source: 'import',
          importId: null,
        },
        occurredAt: new Date(`${d}T17:00:00+05:30`),
      });
      byMonth.set(goldPricesStreamId(d), events);
    }
  }
  let recorded = 0;
  for (const [streamId, events] of byMonth) {
    const version = await store.streamVersion(streamId);
    await store.append(streamId, events, {
      streamType: GOLD_PRICES_STREAM_TYPE,
      expectedVersion: version === 0 ? 'no_stream' : version,
      metadata,
    });
    recorded += events.length;
  }
  return recorded;
}
