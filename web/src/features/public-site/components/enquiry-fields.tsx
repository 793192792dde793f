import { Input } from '@/components/ui/field';
import { MOBILE_INPUT_PROPS, tidyMobile } from '@/lib/mobile-input';

interface FieldProps {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
  label?: string;
  hint?: string;
}

/** The name, mobile and email every enquiry form asks for, with the same autofill hints everywhere. */
export const NameField = ({ label = 'Your name', ...p }: FieldProps) => (
  <Input label={label} name="name" autoComplete="name" required {...p} />
);

/** A pasted `+91 98450 12345` shows as `9845012345` (the contracts' mobile normaliser). */
export const PhoneField = ({ label = 'Mobile number', onChange, ...p }: FieldProps) => (
  <Input
    label={label}
    name="phone"
    type="tel"
    inputMode="tel"
    autoComplete="tel"
    maxLength={MOBILE_INPUT_PROPS.maxLength}
    required
    onChange={(event) => onChange({ target: { value: tidyMobile(event.target.value) } })}
    {...p}
  />
);

export const EmailField = ({ label = 'Email address', ...p }: FieldProps) => (
  <Input label={label} name="email" type="email" autoComplete="email" required {...p} />
);
