import { Input, type InputProps } from '@/components/ui/field';
import { MOBILE_INPUT_PROPS } from '@/lib/mobile-input';
import styles from './employees.module.css';

type FieldProps = Pick<InputProps, 'name' | 'value' | 'error' | 'onChange'>;

/** Mobile (required) and Alternate Mobile (optional), side by side: the add and edit dialogs. */
export function StaffMobileFields({ mobile, alternate }: { mobile: FieldProps; alternate: FieldProps }) {
  return (
    <div className={styles.formGrid}>
      <Input label="Mobile" required {...MOBILE_INPUT_PROPS} {...mobile} />
      <Input label="Alternate Mobile" {...MOBILE_INPUT_PROPS} hint="Optional" {...alternate} />
    </div>
  );
}
