import type { ReactNode } from 'react';
import { site } from '@/config/site';
import styles from './page-layout.module.css';

/** A form beside its side note: one column on phones, two from 960 px. */
export function Split({ children }: { children: ReactNode }) {
  return <div className={styles.split}>{children}</div>;
}

/** A tinted side panel (what happens next, already a customer). */
export function SideNote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <aside className={styles.hours} aria-label={label}>
      {children}
    </aside>
  );
}

/** Phone, WhatsApp, email, both readings of the hours and the branch: one tap each on a phone. */
export function ContactChannels() {
  return (
    <aside className={styles.channels} aria-label="Other ways to reach us">
      <a className={styles.channel} href={site.phoneHref}>
        <span className={styles.channelLabel}>Call us</span>
        <span className={styles.channelValue}>{site.phone}</span>
      </a>
      <a className={styles.channel} href={site.whatsappHref}>
        <span className={styles.channelLabel}>WhatsApp</span>
        <span className={styles.channelValue}>{site.whatsapp}</span>
      </a>
      <a className={styles.channel} href={`mailto:${site.email}`}>
        <span className={styles.channelLabel}>Email</span>
        <span className={styles.channelValue}>{site.email}</span>
      </a>
      <div className={styles.hours}>
        <p>
          <strong>Branch hours</strong>
          <br />
          {site.businessHours}
        </p>
        <p>
          <strong>Customer support</strong>
          <br />
          {site.supportHours}
        </p>
        <p>
          <strong>{site.branch.name}</strong>
          <br />
          {site.branch.address}
        </p>
      </div>
    </aside>
  );
}
