import { Input, type InputProps } from '@/components/ui/field';
import { STAFF_MAX_LENGTH } from '../staff-form';
import styles from './employees.module.css';

type FieldProps = Pick<InputProps, 'name' | 'value' | 'error' | 'onChange'>;

/** Mobile (required) and Alternate Mobile (optional), side by side: the add and edit dialogs. */
export function StaffMobileFields({ mobile, alternate }: { mobile: FieldProps; alternate: FieldProps }) {
  return (
    <div className={styles.formGrid}>
      <Input
        label="Mobile"
        required
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        maxLength={STAFF_MAX_LENGTH.mobile}
        {...mobile}
      />
      <Input
        label="Alternate Mobile"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        maxLength={STAFF_MAX_LENGTH.mobile}
        hint="Optional"
        {...alternate}
      />
    </div>
  );
}
