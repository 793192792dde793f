import {
  formatInr,
  roundHalfAwayFromZero,
  rupeesToPaise,
  type Milligrams,
  type Paise,
} from '@goldledger/contracts';

/** `₹1,00,000` from paise (Indian digit grouping, whole rupees: amounts are never shown with paise). */
export const inr = (paise: Paise): string => formatInr(paise);
/** The same from the rupees a loan view speaks. */
export const inrOfRupees = (rupees: number): string => formatInr(rupeesToPaise(rupees));

/**
 * Grams to 2 decimals, as the slip shows weights, rounded half away from zero in
 * whole numbers: `(12.345).toFixed(2)` would give 12.34, the double being just below.
 */
export const grams = (mg: Milligrams): string => {
  const centigrams = roundHalfAwayFromZero(mg / 10);
  const sign = centigrams < 0 ? '-' : '';
  const abs = Math.abs(centigrams);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** `21 May 2026` from a business date `2026-05-21`. */
export const displayDate = (date: string | null | undefined): string =>
  date ? dateFormat.format(new Date(`${date.slice(0, 10)}T00:00:00Z`)) : '-';

/**
 * Free text cut to `max` characters, an ellipsis marking the cut. pdfmake lays out a long
 * unbroken word in time and memory that grow faster than its length, so text a document
 * prints from older events (recorded before their request had a bound) is cut first.
 */
export const clip = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
};

export const METHOD_LABELS: Record<string, string> = { handcash: 'Cash', online: 'Online' };
export const STATUS_LABELS: Record<string, string> = {
  success: 'Received',
  pending: 'Pending approval',
  reversed: 'Reversed',
};
