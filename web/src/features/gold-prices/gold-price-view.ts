import { addDays, type GoldPriceDay, type RecordGoldPriceRequest } from '@goldledger/contracts';

/** `22K (916)`: the karat a jeweller says, then the fineness the register keeps. */
export function purityLabel(purity: number): string {
  const karat: Record<number, string> = { 999: '24K', 916: '22K', 750: '18K', 585: '14K' };
  return karat[purity] ? `${karat[purity]} (${purity})` : String(purity);
}

export type PriceRange = 'quarter' | 'year' | 'twoYears';

export const RANGES: ReadonlyArray<{ value: PriceRange; label: string; days: number }> = [
  { value: 'quarter', label: '3 months', days: 91 },
  { value: 'year', label: '1 year', days: 365 },
  { value: 'twoYears', label: '2 years', days: 731 },
];

/** The days a range covers, ending today (inclusive). */
export function rangeDates(range: PriceRange, today: string): { from: string; to: string } {
  const days = RANGES.find((r) => r.value === range)!.days;
  return { from: addDays(today, -(days - 1)), to: today };
}

/** One point of the chart: a day's close per purity (missing when none) and the reference valuation price. */
export type ChartPoint = { date: string; valuation: number | null } & Record<
  `p${number}`,
  number | undefined
>;

export function chartPoints(days: readonly GoldPriceDay[]): ChartPoint[] {
  return days.map((d) => {
    const point: ChartPoint = { date: d.date, valuation: d.valuation?.price ?? null };
    for (const c of d.closes) point[`p${c.purity}`] = c.pricePerGram;
    return point;
  });
}

/** The close of a purity on a day, if entered. */
export const closeOf = (day: GoldPriceDay, purity: number): number | undefined =>
  day.closes.find((c) => c.purity === purity)?.pricePerGram;

/** The latest close of each purity in the list (the form offers them as a start). */
export function latestCloses(days: readonly GoldPriceDay[]): Map<number, { date: string; price: number }> {
  const latest = new Map<number, { date: string; price: number }>();
  for (const d of days)
    for (const c of d.closes) latest.set(c.purity, { date: d.date, price: c.pricePerGram });
  return latest;
}

export interface DayForm {
  date: string;
  /** What was typed for each purity ('' when left out). */
  prices: Readonly<Record<number, string>>;
}

export type DayFormErrors = Partial<Record<'date' | `p${number}` | 'form', string>>;

/** A price as typed: rupees a gram, at most 2 decimals, above 0, at most ₹1,00,000; digit grouping allowed. */
export function priceFromText(text: string): number | string {
  const plain = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return 'Enter rupees a gram, with at most 2 decimals';
  const n = Number(plain);
  if (n <= 0) return 'Price per gram must be a positive number';
  if (n > 100_000) return 'Price per gram must be at most ₹1,00,000';
  return n;
}

/**
 * The day's form as the API takes it ({date, prices}), or the reasons it cannot be sent.
 * Purities left empty are left out; at least one price is needed. The server checks again.
 */
export function dayRequest(
  form: DayForm,
  purities: readonly number[],
  today: string,
): { body: RecordGoldPriceRequest } | { errors: DayFormErrors } {
  const errors: DayFormErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) errors.date = 'Please choose the date';
  else if (form.date > today) errors.date = 'Date cannot be in the future';
  const prices: Array<{ purity: number; pricePerGram: number }> = [];
  for (const purity of purities) {
    const text = form.prices[purity] ?? '';
    if (text.trim() === '') continue;
    const price = priceFromText(text);
    if (typeof price === 'string') errors[`p${purity}`] = price;
    else prices.push({ purity, pricePerGram: price });
  }
  if (prices.length === 0 && !purities.some((p) => errors[`p${p}`])) {
    errors.form = 'Enter the price of at least one purity';
  }
  return Object.keys(errors).length > 0 ? { errors } : { body: { date: form.date, prices } };
}

/** Data rows of a CSV text (lines after the header that are not blank): the progress line counts them. */
export function csvDataRows(text: string): number {
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');
  return Math.max(0, lines.length - 1);
}

/** A file to start from: the header and a day's prices for each purity. */
export function sampleCsv(purities: readonly number[], date: string): string {
  const example: Record<number, string> = {
    999: '7638.00',
    995: '7607.00',
    916: '7003.00',
    750: '5734.00',
    585: '4473.00',
  };
  const rows = purities.map((p) => `${date},${p},${example[p] ?? '7000.00'}`);
  return ['date,purity,pricePerGram', ...rows].join('\n') + '\n';
}
