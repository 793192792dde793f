import { Link } from 'react-router-dom';
import { site } from '@/config/site';
import { formatMoney } from '@/lib/format';
import { usePublicGoldRate } from '@/features/public-site/api/public-reads';
import { Brand } from './brand';
import { mainNav, serviceNav } from './nav-links';
import styles from './public-footer.module.css';

/** The latest 22K closing price a gram (issue 17); ₹7,000 when it cannot be had. */
function GoldRate() {
  const { rate, isLoading } = usePublicGoldRate();
  return (
    <p className={styles.rate} aria-live="polite">
      <span className={styles.rateLabel}>Today&apos;s gold rate (22K)</span>
      <span className={styles.rateValue} data-testid="footer-gold-rate">
        {isLoading ? '…' : `${formatMoney(rate)} / gram`}
      </span>
    </p>
  );
}

export function PublicFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div>
          <Brand inverted />
          <p className={styles.about}>
            Loans against your gold since 2011: fair rates, quick approval and your jewellery kept safe.
          </p>
          <GoldRate />
        </div>
        <nav aria-label="Our services">
          <h2 className={styles.heading}>Our services</h2>
          <ul className={styles.list}>
            {serviceNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className={styles.heading}>Company</h2>
          <ul className={styles.list}>
            {mainNav.slice(1).map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label="Contact">
          <h2 className={styles.heading}>Contact</h2>
          <ul className={styles.list}>
            <li>
              Phone: <a href={site.phoneHref}>{site.phone}</a>
            </li>
            <li>
              WhatsApp: <a href={site.whatsappHref}>{site.whatsapp}</a>
            </li>
            <li>
              Email: <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>{site.businessHours}</li>
          </ul>
        </section>
      </div>
      <div className={`container ${styles.bottom}`}>
        {/* The year of the prerender at build, until the page hydrates. */}
        <span suppressHydrationWarning>© {new Date().getFullYear()}</span> {site.name}. Gold loans, gold
        purchase and bank buy-back.
      </div>
    </footer>
  );
}
