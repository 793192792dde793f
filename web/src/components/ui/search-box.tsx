import { useEffect, useRef, type ComponentProps } from 'react';
import { Input } from './field';

type SearchBoxProps = Omit<ComponentProps<'input'>, 'type' | 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * Everything the search matches, said in full under the field ("Name, email or mobile");
   * the placeholder then names only the commonest, short enough to fit a phone's field.
   */
  matches?: string;
};

/**
 * The console's search field: `/` anywhere on the page focuses it (unless the
 * user is typing in another field), Esc clears it. Debounce the value where it feeds a
 * request (lib/use-debounced-value).
 */
export function SearchBox({ label, value, onChange, matches, ...rest }: SearchBoxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      ref.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Input
      ref={ref}
      type="search"
      label={label}
      value={value}
      autoComplete="off"
      hint={matches ? `Finds ${matches}. Press / to search` : 'Press / to search'}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) {
          event.stopPropagation();
          onChange('');
        }
      }}
      {...rest}
    />
  );
}
