import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { formatStatus } from '@/lib/format';
import styles from './badge.module.css';

export type BadgeTone = 'success' | 'danger' | 'info' | 'neutral' | 'warning' | 'gold';

/**
 * The seeds' status colours: approved green, rejected red, active blue,
 * closed grey. Statuses the seeds do not colour take the nearest meaning.
 */
const TONES: Record<string, BadgeTone> = {
  approved: 'success',
  success: 'success',
  paid: 'success',
  returned: 'success',
  rejected: 'danger',
  overdue: 'danger',
  failed: 'danger',
  dead: 'danger',
  active: 'info',
  closed: 'neutral',
  cancelled: 'neutral',
  not_ready: 'neutral',
  pending: 'warning',
  scheduled: 'warning',
  ready_for_auction: 'warning',
  auction_scheduled: 'warning',
  auctioned: 'neutral',
  unclaimed: 'danger',
};

export function statusTone(status: string): BadgeTone {
  return TONES[status.toLowerCase()] ?? 'neutral';
}

interface BadgeProps {
  /** Picks the colour from the status and shows it capitalised, unless children say otherwise. */
  status?: string;
  tone?: BadgeTone;
  children?: ReactNode;
  className?: string;
}

export function Badge({ status, tone, children, className }: BadgeProps) {
  const shownTone = tone ?? (status ? statusTone(status) : 'neutral');
  return (
    <span className={cx(styles.badge, styles[shownTone], className)}>
      {children ?? (status ? formatStatus(status) : null)}
    </span>
  );
}
