import { Input } from '@/components/ui/field';

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

export const PhoneField = ({ label = 'Mobile number', ...p }: FieldProps) => (
  <Input label={label} name="phone" type="tel" inputMode="tel" autoComplete="tel" required {...p} />
);

export const EmailField = ({ label = 'Email address', ...p }: FieldProps) => (
  <Input label={label} name="email" type="email" autoComplete="email" required {...p} />
);
