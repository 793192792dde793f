import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import styles from './field.module.css';

interface FieldOwnProps {
  label: ReactNode;
  /** Shown under the control, read with it, and marks it invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Keeps the label for screen readers only, where the layout already says what the field is. */
  hideLabel?: boolean;
  /** Marks the control valid (green), e.g. a verified OTP. */
  valid?: boolean;
  /** Marks the control invalid without a message of its own (the form's alert says why). */
  invalid?: boolean;
}

interface ShellProps extends FieldOwnProps {
  id: string;
  required?: boolean;
  className?: string | undefined;
  children: (control: {
    id: string;
    className: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** Label, control, hint and error, wired together (labels on every input). */
function FieldShell({
  id,
  label,
  error,
  hint,
  hideLabel,
  valid,
  invalid,
  required,
  className,
  children,
}: ShellProps) {
  const isInvalid = Boolean(error) || invalid === true;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({
        id,
        className: cx(
          styles.control,
          isInvalid && styles.invalid,
          !isInvalid && valid && styles.valid,
          className,
        ),
        'aria-invalid': isInvalid ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export type InputProps = FieldOwnProps & ComponentProps<'input'>;

export function Input({ label, error, hint, hideLabel, valid, invalid, id, className, ...rest }: InputProps) {
  const autoId = useId();
  return (
    <FieldShell
      id={id ?? autoId}
      {...{ label, error, hint, hideLabel, valid, invalid, className }}
      required={rest.required}
    >
      {(control) => <input {...rest} {...control} />}
    </FieldShell>
  );
}

export type TextareaProps = FieldOwnProps & ComponentProps<'textarea'>;

export function Textarea({
  label,
  error,
  hint,
  hideLabel,
  valid,
  invalid,
  id,
  className,
  ...rest
}: TextareaProps) {
  const autoId = useId();
  return (
    <FieldShell
      id={id ?? autoId}
      {...{ label, error, hint, hideLabel, valid, invalid, className }}
      required={rest.required}
    >
      {(control) => <textarea {...rest} {...control} />}
    </FieldShell>
  );
}

export type SelectProps = FieldOwnProps & ComponentProps<'select'>;

export function Select({
  label,
  error,
  hint,
  hideLabel,
  valid,
  invalid,
  id,
  className,
  children,
  ...rest
}: SelectProps) {
  const autoId = useId();
  return (
    <FieldShell
      id={id ?? autoId}
      {...{ label, error, hint, hideLabel, valid, invalid, className }}
      required={rest.required}
    >
      {(control) => (
        <select {...rest} {...control}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}
