import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from '@/lib/class-names';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width (forms on small screens). */
  block?: boolean;
}

/** The button look, for elements that are not buttons (links that act as calls to action). */
export function buttonClass(
  { variant = 'primary', size = 'md', block = false }: Look,
  extra?: string,
): string {
  return cx(styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block, extra);
}

export interface ButtonProps extends ComponentProps<'button'>, Look {
  /** Shows a spinner and blocks further clicks while an action runs. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" label={null} />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & Look) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
