import { Link } from 'react-router-dom';
import type { PublicBranch } from '../api/get-branches';
import styles from './location-card.module.css';

/** The branches as links (`?branch=CODE`), the selected one marked: shown when there is more than one. */
export function BranchPicker({
  branches,
  selected,
}: {
  branches: readonly PublicBranch[];
  selected: PublicBranch;
}) {
  return (
    <nav aria-label="Our branches" className={styles.picker}>
      <ul>
        {branches.map((b) => {
          const current = b._id === selected._id;
          return (
            <li key={b._id}>
              <Link
                to={{ search: `?branch=${encodeURIComponent(b.code)}` }}
                aria-current={current ? 'true' : undefined}
                className={current ? styles.current : undefined}
                replace
                preventScrollReset
              >
                <strong>{b.name}</strong>
                <span>{b.address}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
