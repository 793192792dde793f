import type { ComponentProps, ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import styles from './card.module.css';

interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  title?: ReactNode;
  /** The heading level that fits the page's outline. */
  titleAs?: 'h1' | 'h2' | 'h3';
  description?: ReactNode;
  /** Buttons or links at the top right. */
  actions?: ReactNode;
  padded?: boolean;
}

export function Card({
  title,
  titleAs: Heading = 'h2',
  description,
  actions,
  padded = true,
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <section className={cx(styles.card, padded && styles.padded, className)} {...rest}>
      {(title || actions) && (
        <header className={styles.header}>
          <div>
            {title && <Heading className={styles.title}>{title}</Heading>}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}
