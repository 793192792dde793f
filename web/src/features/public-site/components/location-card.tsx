import { Card } from '@/components/ui/card';
import { site } from '@/config/site';
import type { PublicBranch } from '../api/get-branches';
import { SITE_BRANCH, telHref } from '../branch-choice';
import styles from './location-card.module.css';

/** A map search for the address: a link the visitor chooses to open, never an embed (no third-party requests). */
export const mapHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** /location: a branch's name, address, phone and hours, and a link that opens a map. */
export function LocationCard({
  branch = SITE_BRANCH,
  titleAs = 'h2',
}: {
  branch?: PublicBranch;
  titleAs?: 'h2' | 'h3';
}) {
  return (
    <Card title={branch.name} titleAs={titleAs} className={styles.card}>
      <dl className={styles.details}>
        <div>
          <dt>Address</dt>
          <dd>
            <address>{branch.address}</address>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(branch.phone)}>{branch.phone}</a>
          </dd>
        </div>
        <div>
          <dt>WhatsApp</dt>
          <dd>
            <a href={site.whatsappHref}>{site.whatsapp}</a>
          </dd>
        </div>
        <div>
          <dt>Branch hours</dt>
          <dd>{branch.hours}</dd>
        </div>
        <div>
          <dt>Customer support</dt>
          <dd>{site.supportHours}</dd>
        </div>
      </dl>
      <a className={styles.mapLink} href={mapHref(branch.address)} target="_blank" rel="noopener noreferrer">
        Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
        <span aria-hidden="true"> ↗</span>
      </a>
    </Card>
  );
}
