import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import styles from './customers.module.css';

interface DisabledButtonWithTooltipProps {
  /** The button's text, e.g. 'Edit'. */
  children: string;
  /** The accessible name when the text alone is ambiguous (one per table row). */
  'aria-label'?: string;
  /** Why it cannot be used, shown on hover and keyboard focus and read with the button. */
  tooltip: string;
}

/**
 * A button that cannot be used now but says why. A `disabled` button takes no focus,
 * so its reason would be out of keyboard reach: this one stays focusable with
 * aria-disabled, does nothing when pressed, and shows its tooltip on hover or focus
 * (Esc hides it, WCAG 1.4.13).
 */
export function DisabledButtonWithTooltip({
  children,
  tooltip,
  'aria-label': ariaLabel,
}: DisabledButtonWithTooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className={styles.tipAnchor} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
        aria-disabled="true"
        aria-label={ariaLabel}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </button>
      <span role="tooltip" id={id} className={styles.tooltip} hidden={!open}>
        {tooltip}
      </span>
    </span>
  );
}
