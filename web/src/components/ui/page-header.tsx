import type { ReactNode } from 'react';
import { site } from '@/config/site';
import styles from './page-header.module.css';

/** `About · GoldLedger` in the tab (React 19 moves <title> into <head>). */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${site.name}`}</title>;
}

interface PageHeaderProps {
  /** The page's h1, and its tab title unless `documentTitle` says otherwise. */
  title: string;
  documentTitle?: string;
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The top of a page: one h1 per page, with the tab's title kept in step. */
export function PageHeader({ title, documentTitle, eyebrow, description, actions }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <DocumentTitle title={documentTitle ?? title} />
      <div>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
