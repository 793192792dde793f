import type { Kysely } from 'kysely';
import {
  withHolidays,
  GOLD_PRICES_STREAM_TYPE,
  MissingGoldPriceError,
  addDays,
  goldPricesStreamId,
  minDate,
  previousWorkingDay,
  valuationPrice,
  type CloseLookup,
  type GoldPriceEvent,
  type GoldPriceSource,
  type LendingPolicy,
  type RecordedEvent,
  type ValuationPrice,
} from '@goldledger/contracts';
import { nationalHolidays } from '../holidays/holiday-calendar.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { closeKey } from './gold-price.decider.js';

/**
 * Reads of the gold price register, for this slice and every other that prices gold
 * (loans, top-ups, the daily LTV job, the calculators). Straight from the month streams,
 * not a read model: a price prices loans, so an admin's entry holds for the very next
 * request, and a valuation reads at most three small streams (a month holds ~130 events).
 * Exported names and signatures are relied on by other slices: keep them.
 */

/** One close as the register holds it: the last entry for its day and purity. */
export interface RegisterClose {
  date: string;
  purity: number;
  pricePerGramPaise: number;
  source: GoldPriceSource;
  /** When it was entered, and by whom (null for a job's or the demo's without an actor). */
  occurredAt: string;
  actor: { id: string; name: string } | null;
}

/** The calendar months from `from` to `to`, as stream ids. */
export function monthStreamsBetween(from: string, to: string): string[] {
  const ids: string[] = [];
  for (let month = `${from.slice(0, 7)}-01`; month <= to;) {
    ids.push(goldPricesStreamId(month));
    const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
    month = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return ids;
}

function closesOf(events: readonly RecordedEvent[], into: Map<string, RegisterClose>): void {
  for (const recorded of events) {
    const e = recorded as unknown as GoldPriceEvent & RecordedEvent;
    if (e.type !== 'GoldPriceRecorded') continue;
    const actor = recorded.metadata.actor;
    into.set(closeKey(e.data.date, e.data.purity), {
      date: e.data.date,
      purity: e.data.purity,
      pricePerGramPaise: e.data.pricePerGramPaise,
      source: e.data.source,
      occurredAt: recorded.occurredAt,
      actor: actor ? { id: actor.id, name: actor.name } : null,
    });
  }
}

/** Every close dated `from` to `to` (inclusive), from the month streams covering them. */
export async function readCloses(
  store: EventStore,
  from: string,
  to: string,
): Promise<Map<string, RegisterClose>> {
  const months = await Promise.all(monthStreamsBetween(from, to).map((id) => store.readStream(id)));
  const closes = new Map<string, RegisterClose>();
  for (const { events } of months) closesOf(events, closes);
  for (const [key, c] of closes) if (c.date < from || c.date > to) closes.delete(key);
  return closes;
}

export const lookupOf =
  (closes: ReadonlyMap<string, RegisterClose>): CloseLookup =>
  (date, purity) =>
    closes.get(closeKey(date, purity))?.pricePerGramPaise;

/** The first and last day a valuation on `date` reads: the averaging window and the previous working day. */
export function valuationSpan(date: string, policy: LendingPolicy): { from: string; to: string } {
  const to = addDays(date, -1);
  return {
    from: minDate(addDays(date, -policy.goldPrices.averageDays), previousWorkingDay(date, policy)),
    to,
  };
}

/** "Gold prices for {date} have not been entered" (409): no close on the previous working day. */
export const goldPricesMissing = (date: string) =>
  new DomainError(`Gold prices for ${date} have not been entered`, 'gold_prices_missing', 409);

/** Runs a valuation, turning a missing close into the 409 every caller answers with. */
export function priced<T>(value: () => T): T {
  try {
    return value();
  } catch (error) {
    if (error instanceof MissingGoldPriceError) throw goldPricesMissing(error.date);
    throw error;
  }
}

/**
 * The valuation prices of `date` for any purity: reads the window's month streams once
 * (two, three at a year's turn), then prices each purity asked without reading again.
 * Throws DomainError 409 'gold_prices_missing' ("Gold prices for {date} have not been
 * entered") when the previous working day has no close, before answering the function.
 */
export async function pricesOn(
  store: EventStore,
  date: string,
  policy: LendingPolicy,
): Promise<(purity: number) => ValuationPrice> {
  // The register keeps the market's days: its previous working day is on the national
  // calendar, whichever branch's loan is valued (a state holiday closes a branch, not the market).
  const onRegister = withHolidays(policy, await nationalHolidays(store));
  const span = valuationSpan(date, onRegister);
  const lookup = lookupOf(await readCloses(store, span.from, span.to));
  const priceOf = (purity: number) => priced(() => valuationPrice(lookup, purity, date, onRegister));
  // Fail here, not at the first item priced: callers catch the 409 around this call.
  priceOf(onRegister.goldPrices.referencePurity);
  return priceOf;
}

/** The valuation price of one purity on `date` (throws DomainError 409 'gold_prices_missing'). */
export async function valuationOn(
  store: EventStore,
  purity: number,
  date: string,
  policy: LendingPolicy,
): Promise<ValuationPrice> {
  return (await pricesOn(store, date, policy))(purity);
}

export interface RegisterDay {
  date: string;
  /** The day's closes, purest first. */
  closes: RegisterClose[];
  /** The reference purity's valuation price for a loan made on the day; null without a previous close. */
  valuation: ValuationPrice | null;
}

/**
 * The register from `from` to `to`, oldest first, for the prices page and its chart: each
 * day with a close, and `to` itself when it has none but can be priced (today, before its
 * close is in), each with the reference purity's valuation price.
 */
export async function readRegisterDays(
  store: EventStore,
  from: string,
  to: string,
  policy: LendingPolicy,
): Promise<RegisterDay[]> {
  // The first day's valuation looks back a window and past any holidays before it.
  const closes = await readCloses(store, valuationSpan(from, policy).from, to);
  const lookup = lookupOf(closes);
  const purities = [...policy.goldPrices.publishedPurities].sort((a, b) => b - a);
  const days: RegisterDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const dayCloses = purities.flatMap((p) => closes.get(closeKey(date, p)) ?? []);
    let valuation: ValuationPrice | null = null;
    try {
      valuation = valuationPrice(lookup, policy.goldPrices.referencePurity, date, policy);
    } catch (error) {
      if (!(error instanceof MissingGoldPriceError)) throw error;
    }
    if (dayCloses.length > 0 || (date === to && valuation)) days.push({ date, closes: dayCloses, valuation });
  }
  return days;
}

/**
 * The latest close of a purity (by its date, not by when it was entered: importing old
 * history changes nothing here), or null when the register has none. Finds the months
 * that have prices from the streams table, newest first, and reads until one holds it.
 */
export async function latestClose(
  { store, db }: { store: EventStore; db: Kysely<Database> },
  purity: number,
): Promise<RegisterClose | null> {
  const months = await db
    .selectFrom('streams')
    .select('stream_id')
    .where('stream_type', '=', GOLD_PRICES_STREAM_TYPE)
    .orderBy('stream_id', 'desc')
    .execute();
  for (const { stream_id } of months) {
    const closes = new Map<string, RegisterClose>();
    closesOf((await store.readStream(stream_id)).events, closes);
    let latest: RegisterClose | null = null;
    for (const c of closes.values()) if (c.purity === purity && (!latest || c.date > latest.date)) latest = c;
    if (latest) return latest;
  }
  return null;
}
