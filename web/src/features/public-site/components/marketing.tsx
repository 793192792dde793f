import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/ui/page-header';
import { cx } from '@/lib/class-names';
import styles from './marketing.module.css';

interface HeroProps {
  /** The page's h1, and the tab's title unless `documentTitle` says otherwise. */
  title: string;
  documentTitle?: string;
  eyebrow?: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
  /** Beside the text on wide screens (the calculator, a figure panel). */
  aside?: ReactNode;
}

/** The top of a public page: one h1, a promise in plain words, the next step. */
export function Hero({ title, documentTitle, eyebrow, lead, actions, aside }: HeroProps) {
  return (
    <section className={cx(styles.hero, aside !== undefined && styles.heroSplit)}>
      <DocumentTitle title={documentTitle ?? title} />
      <div className={styles.heroText}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.heroTitle}>{title}</h1>
        <div className={styles.lead}>{lead}</div>
        {actions && <div className="cluster">{actions}</div>}
      </div>
      {aside && <div className={styles.heroAside}>{aside}</div>}
    </section>
  );
}

interface SectionProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  tinted?: boolean;
}

export function Section({ title, lead, children, tinted }: SectionProps) {
  const id = useId();
  return (
    <section className={cx(styles.section, tinted && styles.tinted)} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lead && <p className={styles.sectionLead}>{lead}</p>}
      {children}
    </section>
  );
}

export interface Feature {
  title: string;
  text: ReactNode;
  /** A figure shown large above the text (`from 7.5% p.a.`). */
  figure?: ReactNode;
  /** The card becomes a link. */
  to?: string;
  linkLabel?: string;
  icon?: string;
}

/** Cards in a grid that goes from one column at 360 px to `columns` on desktop. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={cx(styles.grid, styles[`cols${columns}`])}>
      {items.map((item) => (
        <li key={item.title} className={styles.feature}>
          {item.icon && (
            <span className={styles.icon} aria-hidden="true">
              {item.icon}
            </span>
          )}
          <h3 className={styles.featureTitle}>{item.title}</h3>
          {item.figure && <p className={styles.figure}>{item.figure}</p>}
          <div className={styles.featureText}>{item.text}</div>
          {item.to && (
            <Link to={item.to} className={styles.more}>
              {item.linkLabel ?? 'Learn more'}
              <span className="visually-hidden"> about {item.title}</span>
              <span aria-hidden="true"> →</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Large figures with a caption each (About's statistics). */
export function Stats({ items }: { items: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <dl className={styles.stats}>
      {items.map((s) => (
        <div key={s.label} className={styles.stat}>
          <dt className={styles.statLabel}>{s.label}</dt>
          <dd className={cx(styles.statValue, 'numeric')}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Numbered steps of a process. */
export function Steps({ items }: { items: ReadonlyArray<{ title: string; text: ReactNode }> }) {
  return (
    <ol className={styles.steps}>
      {items.map((s) => (
        <li key={s.title} className={styles.step}>
          <h3 className={styles.featureTitle}>{s.title}</h3>
          <div className={styles.featureText}>{s.text}</div>
        </li>
      ))}
    </ol>
  );
}

/** A list with gold check marks. */
export function Checklist({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className={styles.checklist}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** The closing call to action of a page. */
export function CallToAction({
  title,
  text,
  actions,
}: {
  title: string;
  text: ReactNode;
  actions: ReactNode;
}) {
  const id = useId();
  return (
    <section className={styles.cta} aria-labelledby={id}>
      <div>
        <h2 id={id} className={styles.ctaTitle}>
          {title}
        </h2>
        <p className={styles.ctaText}>{text}</p>
      </div>
      <div className="cluster">{actions}</div>
    </section>
  );
}
