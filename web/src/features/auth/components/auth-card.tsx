import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/ui/page-header';
import styles from './auth-card.module.css';

export { styles as authStyles };

interface AuthCardProps {
  title: string;
  /** e.g. 'Step 2 of 3'. */
  step?: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the sign-in, forgot-password and first-login screens. */
export function AuthCard({ title, step, description, children, footer }: AuthCardProps) {
  return (
    <div className={styles.wrap}>
      <DocumentTitle title={title} />
      <section className={styles.card} aria-labelledby="auth-title">
        {step && <p className={styles.step}>{step}</p>}
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {description && <p className={styles.description}>{description}</p>}
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </section>
    </div>
  );
}
