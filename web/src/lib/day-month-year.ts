/**
 * Dates people type: dd/mm/yyyy, whatever the browser's language (a native date input
 * follows the browser's locale, so a US browser would ask for mm/dd/yyyy). The API speaks
 * ISO business dates (`YYYY-MM-DD`); these convert between the two.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const isRealDate = (y: number, m: number, d: number) => {
  if (m < 1 || m > 12 || d < 1 || y < 1000) return false;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= last;
};

/** `2027-01-05` → `05/01/2027`; anything else → ''. */
export function isoToDayMonthYear(iso: string | null | undefined): string {
  const m = iso ? ISO.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** `05/01/2027` or `5/1/2027` → `2027-01-05`; not a whole, real date → null. */
export function dayMonthYearToIso(text: string): string | null {
  const m = DMY.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isRealDate(y, mo, d)) return null;
  return `${m[3]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * What the field shows as a person types: digits only, slashes put in after the day and
 * the month (`05012027` → `05/01/2027`), at most eight digits. Typed or pasted slashes,
 * dots and dashes count as separators, so `5/1/2027` and `05-01-2027` read the same;
 * a pasted ISO date `2027-01-05` reads as `05/01/2027`.
 */
export function maskDayMonthYear(typed: string): string {
  // A pasted ISO date (from a report or a spreadsheet) reads as the date it is.
  if (ISO.test(typed.trim())) return isoToDayMonthYear(typed.trim());
  const parts = typed.split(/[/.\-\s]+/).map((p) => p.replace(/\D/g, ''));
  // A one-digit day or month closed by a separator the person typed: `5/1/` is `05/01/`.
  const digits = parts
    .map((p, k) => (k < parts.length - 1 && p.length === 1 ? `0${p}` : p))
    .join('')
    .slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
