import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { site } from '@/config/site';
import { CONTACT_MESSAGES } from '../api/use-enquiry';
import styles from './forms.module.css';

/** The success state of every enquiry form; focus moves here so screen readers hear it. */
export function EnquirySent({
  children,
  onAgain,
  againLabel,
}: {
  children: ReactNode;
  onAgain(): void;
  againLabel: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className={styles.success}>
      <Alert tone="success" title={CONTACT_MESSAGES.success}>
        <p>{children}</p>
        <p>
          We call back during branch hours ({site.businessHours}). In a hurry? Call{' '}
          <a href={site.phoneHref}>{site.phone}</a>.
        </p>
      </Alert>
      <Button variant="secondary" onClick={onAgain}>
        {againLabel}
      </Button>
    </div>
  );
}
