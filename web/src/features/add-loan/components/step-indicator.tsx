import { cx } from '@/lib/class-names';
import styles from './add-loan.module.css';

export const STEPS = ['Customer Info', 'Verify OTP', 'Loan Details & Photos'] as const;
export type WizardStep = 1 | 2 | 3;

/** The wizard's three steps; the current one carries aria-current="step". */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <nav aria-label="Add loan steps">
      <ol className={styles.steps}>
        {STEPS.map((label, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'upcoming';
          return (
            <li
              key={label}
              className={cx(
                styles.step,
                state === 'current' && styles.current,
                state === 'done' && styles.done,
              )}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.stepNumber} aria-hidden="true">
                {state === 'done' ? '✓' : number}
              </span>
              <span className={styles.stepLabel}>
                {label}
                {state === 'done' && <span className="visually-hidden"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
