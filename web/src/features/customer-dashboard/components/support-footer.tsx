import { site } from '@/config/site';
import styles from './customer-dashboard.module.css';

/** The support footer, with the customer-support reading of the hours. */
export function SupportFooter() {
  return (
    <aside className={styles.support} aria-labelledby="support-title">
      <h2 id="support-title" className={styles.supportTitle}>
        Need help with your loan?
      </h2>
      <ul className={styles.supportList}>
        <li>
          <span className={styles.supportLabel}>Phone</span>
          <a href={site.phoneHref}>{site.phone}</a>
        </li>
        <li>
          <span className={styles.supportLabel}>Email</span>
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </li>
        <li>
          <span className={styles.supportLabel}>Hours</span>
          <span>{site.supportHours}</span>
        </li>
      </ul>
    </aside>
  );
}
