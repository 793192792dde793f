import {
  GOLD_PRICES_EARLIEST_DATE,
  MAX_GOLD_PRICE_PAISE_PER_GRAM,
  formatBusinessDate,
  goldPricesStreamId,
  type GoldPriceEvent,
  type GoldPriceOutcome,
  type GoldPriceSource,
  type LendingPolicy,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';

/**
 * The gold price register's rules, pure. The state is the closes of the month streams a
 * command touches: `date|purity` → paise per gram, the last entry for a day and purity winning.
 */
export type RegisterState = ReadonlyMap<string, number>;

export const closeKey = (date: string, purity: number) => `${date}|${purity}`;

export const initialRegisterState = (): RegisterState => new Map();

export function evolveRegister(state: RegisterState, event: GoldPriceEvent): RegisterState {
  switch (event.type) {
    case 'GoldPriceRecorded':
      return new Map(state).set(closeKey(event.data.date, event.data.purity), event.data.pricePerGramPaise);
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}

/** The same fold in one map: a month's stream or several, without copying per event. */
export function registerOf(events: Iterable<GoldPriceEvent>): RegisterState {
  const closes = new Map<string, number>();
  for (const e of events) closes.set(closeKey(e.data.date, e.data.purity), e.data.pricePerGramPaise);
  return closes;
}

/** One price to record; `line` is its line in an imported file (refusals name it). */
export interface PriceRow {
  date: string;
  purity: number;
  pricePerGramPaise: number;
  line?: number;
}

export interface RecordGoldPrices {
  type: 'RecordGoldPrices';
  rows: readonly PriceRow[];
  /** The business date: no price may be dated after it. */
  today: string;
  source: GoldPriceSource;
  importId: string | null;
}

/** Why a price may not be recorded, in words; null when it may. */
export function priceRowProblem(row: PriceRow, today: string, policy: LendingPolicy): string | null {
  if (row.date > today) return 'Date cannot be in the future';
  if (row.date < GOLD_PRICES_EARLIEST_DATE) {
    return `Date must be on or after ${formatBusinessDate(GOLD_PRICES_EARLIEST_DATE)}`;
  }
  const published = policy.goldPrices.publishedPurities;
  if (!published.includes(row.purity)) return `Purity must be one of ${published.join(', ')}`;
  if (!Number.isSafeInteger(row.pricePerGramPaise) || row.pricePerGramPaise <= 0) {
    return 'Price per gram must be a positive number';
  }
  if (row.pricePerGramPaise > MAX_GOLD_PRICE_PAISE_PER_GRAM)
    return 'Price per gram must be at most ₹1,00,000';
  return null;
}

const refusal = (row: PriceRow, message: string) =>
  new DomainError(
    row.line === undefined ? message : `Line ${row.line}: ${message}`,
    'gold_price_invalid',
    400,
    {
      ...(row.line === undefined ? {} : { line: row.line }),
    },
  );

/**
 * Every row checked before anything is decided (one bad row refuses them all, naming the
 * first), a day and purity at most once per command; then one GoldPriceRecorded per price
 * that is new or differs from the one recorded (which it names), nothing for an unchanged one.
 */
export function decideGoldPrices(
  command: RecordGoldPrices,
  state: RegisterState,
  policy: LendingPolicy,
): GoldPriceEvent[] {
  const seen = new Map<string, PriceRow>();
  for (const row of command.rows) {
    const problem = priceRowProblem(row, command.today, policy);
    if (problem) throw refusal(row, problem);
    const key = closeKey(row.date, row.purity);
    const earlier = seen.get(key);
    if (earlier) {
      const where = earlier.line === undefined ? 'earlier' : `on line ${earlier.line}`;
      throw refusal(row, `${row.date} at ${row.purity} is already given ${where}`);
    }
    seen.set(key, row);
  }
  const events: GoldPriceEvent[] = [];
  for (const row of command.rows) {
    const previous = state.get(closeKey(row.date, row.purity)) ?? null;
    if (previous === row.pricePerGramPaise) continue;
    events.push({
      type: 'GoldPriceRecorded',
      data: {
        date: row.date,
        purity: row.purity,
        pricePerGramPaise: row.pricePerGramPaise,
        previousPricePerGramPaise: previous,
        source: command.source,
        importId: command.importId,
      },
    });
  }
  return events;
}

/** What became of each row: recorded (new), corrected (replaced a price), unchanged. */
export function outcomesOf(
  rows: readonly PriceRow[],
  state: RegisterState,
): Array<PriceRow & { previousPricePerGramPaise: number | null; outcome: GoldPriceOutcome }> {
  return rows.map((row) => {
    const previous = state.get(closeKey(row.date, row.purity)) ?? null;
    const outcome: GoldPriceOutcome =
      previous === null ? 'recorded' : previous === row.pricePerGramPaise ? 'unchanged' : 'corrected';
    return { ...row, previousPricePerGramPaise: previous, outcome };
  });
}

/** The month streams a set of rows falls in, in order (appends lock them in this order: no deadlock). */
export const streamsOf = (rows: readonly { date: string }[]): string[] =>
  [...new Set(rows.map((r) => goldPricesStreamId(r.date)))].sort();
