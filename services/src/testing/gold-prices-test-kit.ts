import { addDays, GOLD_PRICES_STREAM_TYPE, goldPricesStreamId } from '@goldledger/contracts';
import type { EventStore, NewEvent } from '../platform/event-store/event-store.js';

export interface TestPrices {
  /** First and last day, inclusive (every calendar day: the register skips none it is given). */
  from: string;
  to: string;
  /** Closing price per gram in paise, by fineness: e.g. { 916: 6_000_00, 999: 6_540_00 }; or one per day. */
  pricePaise: Record<number, number> | ((date: string) => Record<number, number>);
}

/**
 * Closing prices recorded in the gold price register as its entries do (`GoldPriceRecorded`
 * on the month streams), for tests: until the register's own commands exist, and so a test
 * can lay down a price history of any length in one call. A later call for the same days
 * corrects them, as a re-entered price does.
 */
export async function recordTestPrices(store: EventStore, { from, to, pricePaise }: TestPrices) {
  const byMonth = new Map<string, NewEvent[]>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const month = goldPricesStreamId(day);
    const events = byMonth.get(month) ?? [];
    const prices = typeof pricePaise === 'function' ? pricePaise(day) : pricePaise;
    for (const [purity, price] of Object.entries(prices)) {
      events.push({
        type: 'GoldPriceRecorded',
        data: {
          date: day,
          purity: Number(purity),
          pricePerGramPaise: price,
          previousPricePerGramPaise: null,
          source: 'entry',
          importId: null,
        },
        occurredAt: new Date(`${day}T12:30:00Z`),
      });
    }
    byMonth.set(month, events);
  }
  for (const [streamId, events] of byMonth) {
    const version = await store.streamVersion(streamId);
    await store.append(streamId, events, {
      streamType: GOLD_PRICES_STREAM_TYPE,
      expectedVersion: version === 0 ? 'no_stream' : version,
    });
  }
}

/** 22K and 24K closes in proportion to their fineness, from a 22K price in rupees a gram. */
export const pricesFrom22k = (rupees22k: number): Record<number, number> => ({
  916: rupees22k * 100,
  999: Math.round((rupees22k * 100 * 999) / 916),
});
