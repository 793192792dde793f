import { installmentPlaceText, type InstallmentPlace } from '@goldledger/contracts';
import { formatLongDate } from '@/lib/format';
import styles from './installment-place.module.css';

/**
 * An installment as people count it: `2 of 3`, and under it which upgrade's schedule that
 * is (after an upgrade the installments are renumbered from its new schedule, issue 19).
 * The words come from the same function as reminders and documents (`installmentPlaceText`).
 */
export function InstallmentPlaceCell({ place }: { place: InstallmentPlace }) {
  return (
    <span title={installmentPlaceText(place)} data-testid="installment-place">
      {place.n} of {place.of}
      {place.upgradedOn && (
        <small className={styles.upgrade}>after the upgrade on {formatLongDate(place.upgradedOn)}</small>
      )}
    </span>
  );
}
