import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { site } from '@/config/site';
import { CONTACT_MESSAGES } from '../api/use-enquiry';
import styles from './forms.module.css';

/**
 * The success state of every enquiry form. It takes the form's place, often above the
 * screen on a phone: it is scrolled into view below the sticky header (its scroll margin)
 * and takes the focus, so screen readers read it out.
 */
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
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Focus alone scrolls only as far as it must, which can leave the message under the header.
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'start' });
  }, []);
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
