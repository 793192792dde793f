import type { PaymentMethod } from '@goldledger/contracts';

/** How payment methods and types read on every screen: the repay form, the payment histories. */

export const PAYMENT_METHODS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'handcash', label: 'Hand Cash' },
  { value: 'online', label: 'Online Payment' },
];

/** `Hand Cash`, `Online Payment`; an unknown method as it is. */
export const paymentMethodLabel = (method: string): string =>
  PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method;

/** `Total`, `Interest`, `Principal`; an unknown type as it is. */
export const paymentTypeLabel = (type: string): string =>
  ({ total: 'Total', interest: 'Interest', principal: 'Principal' })[type] ?? type;
