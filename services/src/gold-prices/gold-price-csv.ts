import { MAX_GOLD_PRICE_IMPORT_ROWS } from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import type { PriceRow } from './gold-price.decider.js';

/**
 * The import file (docs/decisions.md, "Gold prices by purity"): a header row naming the
 * columns `date,purity,pricePerGram` (any order, any case), then one price a row:
 * `2026-11-20,916,7250.50`. Dates `YYYY-MM-DD`; purity a fineness (999, 995, 916, 750,
 * 585); the price in rupees a gram with at most 2 decimals (a quoted "7,250.50" may group
 * digits). Blank lines are skipped; a byte-order mark and Windows line ends are fine. The
 * first line that cannot be read refuses the whole file, by its number (the header is 1).
 * The rules every price must meet (no future date, a published purity, the bounds) are the
 * decider's, which names the line too.
 */
export const CSV_COLUMNS = ['date', 'purity', 'pricePerGram'] as const;

const bad = (line: number, message: string) =>
  new DomainError(`Line ${line}: ${message}`, 'gold_price_csv_invalid', 400, { line });

/** Splits one line on commas, honouring double quotes ("" is a quote inside a quoted field). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field.trim());
      field = '';
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}

const isRealDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** Rupees with at most 2 decimals as exact paise (no float arithmetic), or null. */
export function rupeesTextToPaise(text: string): number | null {
  const m = /^(?:₹\s*)?([\d,]+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const whole = m[1]!;
  // Digits grouped the Indian way (7,250 or 1,00,000) or the Western way (100,000); a
  // decimal comma (7250,5) is no grouping and is refused rather than read as thousands.
  const grouped = /^\d{1,3}(?:,\d{2})*,\d{3}$/.test(whole) || /^\d{1,3}(?:,\d{3})+$/.test(whole);
  if (whole.includes(',') && !grouped) return null;
  const digits = whole.replaceAll(',', '');
  if (digits.length > 9) return null;
  return Number(digits) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function parseGoldPriceCsv(text: string): PriceRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  if (headerAt < 0) throw new DomainError('The file is empty', 'gold_price_csv_invalid', 400);
  const header = csvFields(lines[headerAt]!).map((h) => h.toLowerCase());
  const columns = CSV_COLUMNS.map((c) => header.indexOf(c.toLowerCase()));
  if (header.length !== CSV_COLUMNS.length || columns.some((i) => i < 0)) {
    throw bad(headerAt + 1, `the header must name the columns ${CSV_COLUMNS.join(',')}`);
  }
  const [dateAt, purityAt, priceAt] = columns as [number, number, number];
  const rows: PriceRow[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const line = i + 1;
    const fields = csvFields(raw);
    if (fields.length !== CSV_COLUMNS.length) {
      throw bad(
        line,
        `expected ${CSV_COLUMNS.length} values (${CSV_COLUMNS.join(',')}), found ${fields.length}`,
      );
    }
    const date = fields[dateAt]!;
    if (!isRealDate(date)) throw bad(line, `date "${date}" is not a date in the form YYYY-MM-DD`);
    const purityText = fields[purityAt]!;
    if (!/^\d{1,3}$/.test(purityText)) {
      throw bad(line, `purity "${purityText}" must be a fineness such as 916`);
    }
    const priceText = fields[priceAt]!;
    const paise = rupeesTextToPaise(priceText);
    if (paise === null) {
      throw bad(line, `price "${priceText}" must be rupees a gram with at most 2 decimals, such as 7250.50`);
    }
    if (rows.length === MAX_GOLD_PRICE_IMPORT_ROWS) {
      throw bad(line, `a file may hold at most ${MAX_GOLD_PRICE_IMPORT_ROWS.toLocaleString('en-IN')} prices`);
    }
    rows.push({ date, purity: Number(purityText), pricePerGramPaise: paise, line });
  }
  if (rows.length === 0) {
    throw new DomainError(
      'The file has no prices: add one row per price under the header',
      'gold_price_csv_invalid',
      400,
    );
  }
  return rows;
}
