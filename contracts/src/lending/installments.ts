import type { InstallmentRecord } from './loan-events.js';
import type { Paise } from './money.js';

export interface InstallmentView {
  number: number;
  dueDate: string;
  amountPaise: Paise;
  amountPaidPaise: Paise;
  status: 'paid' | 'unpaid';
}

/**
 * Successful payments fill installments in order, so a payment larger than the one due
 * rolls forward into the next. A closed loan has every installment settled.
 */
export function fillInstallments(
  schedule: readonly InstallmentRecord[],
  totalPaidPaise: Paise,
  closed = false,
): InstallmentView[] {
  let left = totalPaidPaise;
  return schedule.map((i) => {
    const paid = closed ? i.amountPaise : Math.max(0, Math.min(i.amountPaise, left));
    left -= paid;
    return {
      number: i.number,
      dueDate: i.dueDate,
      amountPaise: i.amountPaise,
      amountPaidPaise: paid,
      status: paid >= i.amountPaise ? 'paid' : 'unpaid',
    };
  });
}
