import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { dayMonthYearToIso, isoToDayMonthYear, maskDayMonthYear } from '@/lib/day-month-year';
import { Input } from './field';
import styles from './date-input.module.css';

export interface DateInputProps {
  label: ReactNode;
  /** The date as the API takes it, `YYYY-MM-DD`; '' for none. */
  value: string;
  /** Called with `YYYY-MM-DD`, or '' while what is typed is not a whole, real date. */
  onChange: (event: { target: { value: string } }) => void;
  min?: string | undefined;
  max?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  name?: string | undefined;
  id?: string | undefined;
  error?: string | null | undefined;
  hint?: ReactNode;
  hideLabel?: boolean | undefined;
  /** Marks the field invalid without a message of its own (the form's alert says why). */
  invalid?: boolean | undefined;
  className?: string | undefined;
  'data-testid'?: string;
}

const outside = (iso: string, min?: string, max?: string) =>
  (min && iso < min) || (max && iso > max)
    ? `Enter a date${min ? ` from ${isoToDayMonthYear(min)}` : ''}${max ? ` ${min ? 'to' : 'up to'} ${isoToDayMonthYear(max)}` : ''}`
    : '';

/**
 * A date field that shows and takes dd/mm/yyyy whatever the browser's language (a native
 * `<input type=date>` follows the locale), with a calendar button that opens the browser's
 * own picker. Slashes go in as digits are typed; a date that does not exist makes the
 * field invalid, so the form will not submit it; one outside min/max is said under the
 * field and left to the form's and the server's checks.
 */
export function DateInput({ value, onChange, min, max, disabled, className, ...rest }: DateInputProps) {
  const autoId = useId();
  const id = rest.id ?? autoId;
  const [text, setText] = useState(() => isoToDayMonthYear(value));
  const field = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  // Follow a value set from outside (a reset, a default, the picker), not a half-typed one.
  useEffect(() => {
    const typed = dayMonthYearToIso(text);
    if (value && value !== typed) setText(isoToDayMonthYear(value));
    if (!value && typed) setText('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value changes
  }, [value]);

  // Only a date that does not exist blocks the form. A real date outside min/max is handed
  // on, so the form's own checks and the server say why it is refused, in their words; the
  // field says which days it takes meanwhile.
  const malformed = (shown: string) =>
    shown && !dayMonthYearToIso(shown) ? 'Enter the date as dd/mm/yyyy' : '';

  useEffect(() => {
    field.current?.setCustomValidity(malformed(text));
  });

  const take = (shown: string) => {
    setText(shown);
    const next = dayMonthYearToIso(shown) ?? '';
    if (next !== value) onChange({ target: { value: next } });
  };

  // A whole date that cannot be taken says why under the field (a half-typed one waits).
  const typed = dayMonthYearToIso(text);
  const refused = text.length === 10 ? malformed(text) || (typed ? outside(typed, min, max) : '') : '';
  return (
    <div className={cx(styles.wrap, rest.hideLabel && styles.noLabel, className)}>
      <Input
        {...rest}
        error={rest.error || refused || undefined}
        id={id}
        ref={field}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        pattern="\d{2}/\d{2}/\d{4}"
        maxLength={10}
        value={text}
        disabled={disabled}
        data-date-input=""
        onChange={(e) => take(maskDayMonthYear(e.target.value))}
      />
      <button
        type="button"
        className={styles.calendar}
        aria-label="Choose from a calendar"
        title="Choose from a calendar"
        disabled={disabled}
        onClick={() => {
          const p = picker.current;
          if (!p) return;
          p.value = dayMonthYearToIso(text) ?? value ?? '';
          try {
            p.showPicker();
          } catch {
            p.focus();
          }
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        className={styles.picker}
        tabIndex={-1}
        aria-hidden="true"
        min={min}
        max={max}
        onChange={(e) => {
          if (e.target.value) take(isoToDayMonthYear(e.target.value));
        }}
      />
    </div>
  );
}
