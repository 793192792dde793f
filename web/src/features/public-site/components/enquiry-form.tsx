import type { FormEvent, ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import styles from './forms.module.css';

/**
 * A public enquiry form (contact, loan application, account request): the two-column grid,
 * the form's own checks instead of the browser's, and every field disabled until the
 * prerendered page has hydrated, so nothing is typed or sent into a page React does not own.
 */
export function EnquiryForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label} aria-busy={!hydrated}>
      <fieldset className={styles.fields} disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
