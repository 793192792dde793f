import type { RegisterPacketStatus, RegisterLoanStatus } from '@goldledger/contracts';
import { fromLocalInputValue } from '@/lib/local-date-time';

/** Where a packet is, in words. */
export const PACKET_STATUS_TEXT: Record<RegisterPacketStatus, string> = {
  sealed: 'Sealed, not yet stored',
  in_vault: 'In vault',
  out_for_inspection: 'Out for inspection',
  out_for_release: 'Out for release',
  out_for_auction: 'Out for auction',
  out_for_transfer: 'Out for transfer',
  released: 'Released',
  sent_to_auction: 'Sent to auction',
  in_transit: 'In transit',
};

export const LOAN_STATUS_TEXT: Record<RegisterLoanStatus, string> = {
  active: 'Open',
  closed: 'Closed',
  renewed: 'Renewed',
  deleted: 'Deleted',
  unknown: 'No such loan',
};

/**
 * Grams to the milligram, as the vault weighs: `30.250 g`. The figure is whole milligrams,
 * so the digits are built from the integer (toFixed can round a double the wrong way).
 */
export function formatVaultGrams(grams: number): string {
  const mg = Math.round(grams * 1000);
  const sign = mg < 0 ? '−' : '';
  const abs = Math.abs(mg);
  const whole = new Intl.NumberFormat('en-IN').format(Math.floor(abs / 1000));
  return `${sign}${whole}.${String(abs % 1000).padStart(3, '0')} g`;
}

/**
 * The packet number in what a camera read from a label's QR code (the number itself, or a
 * text that holds it); null when there is none.
 */
export function packetNumberFrom(text: string): string | null {
  const match = /PK\d{8}(?!\d)/i.exec(text.trim());
  return match ? match[0].toUpperCase() : null;
}

/**
 * The moment an as-of picker names, for the server: never later than `now` (a picked
 * minute means its end, which may still be to come). Null when the value is unreadable.
 */
export function asOfMoment(value: string, now: Date): string | null {
  const iso = fromLocalInputValue(value);
  if (!iso) return null;
  return new Date(iso) > now ? now.toISOString() : iso;
}
