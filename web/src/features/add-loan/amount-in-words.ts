/**
 * An amount of rupees in words, in the Indian system (thousand, lakh, crore), as the
 * loan form shows it under the amount: 150000 → 'One Lakh Fifty Thousand Rupees'.
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99. */
function twoDigits(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]!} ${ONES[unit]!}`;
}

/** 1 to 999. */
function threeDigits(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]!} Hundred`);
  if (rest > 0) parts.push(twoDigits(rest));
  return parts.join(' ');
}

/** A whole number ≥ 1 in words: crores (themselves in words, so 100 crore works), lakhs, thousands, the rest. */
export function numberInWords(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '';
  const whole = Math.floor(n);
  if (whole === 0) return 'Zero';
  const crore = Math.floor(whole / 10_000_000);
  const lakh = Math.floor((whole % 10_000_000) / 100_000);
  const thousand = Math.floor((whole % 100_000) / 1_000);
  const rest = whole % 1_000;
  const parts: string[] = [];
  if (crore > 0) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${twoDigits(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${twoDigits(thousand)} Thousand`);
  if (rest > 0) parts.push(threeDigits(rest));
  return parts.join(' ');
}

/**
 * `One Lakh Fifty Thousand Rupees`; paise when there are any (`… Rupees and Fifty Paise`).
 * Empty for a negative or non-finite amount.
 */
export function amountInWords(rupees: number): string {
  if (!Number.isFinite(rupees) || rupees < 0) return '';
  const totalPaise = Math.round(rupees * 100);
  const whole = Math.floor(totalPaise / 100);
  const paise = totalPaise % 100;
  const main = `${numberInWords(whole)} ${whole === 1 ? 'Rupee' : 'Rupees'}`;
  return paise > 0 ? `${main} and ${twoDigits(paise)} Paise` : main;
}
