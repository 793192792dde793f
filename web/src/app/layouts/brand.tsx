import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { cx } from '@/lib/class-names';
import styles from './brand.module.css';

function BrandMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0f3d2e" />
      <path d="M9 21h14l-2.2-8.5H11.2z" fill="#d4a72c" />
      <path
        d="M12.5 12.5 14 9h4l1.5 3.5"
        fill="none"
        stroke="#d4a72c"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The lender's name and mark, linking home. `compact` drops the tagline on small screens. */
export function Brand({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  return (
    <Link
      to={paths.home}
      className={cx(styles.brand, inverted && styles.inverted, compact && styles.compact)}
    >
      <BrandMark />
      <span className={styles.text}>
        <span className={styles.name}>{site.name}</span>
        <span className={styles.tagline}>{site.tagline}</span>
      </span>
    </Link>
  );
}
