import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { useEnquiry } from '../api/use-enquiry';
import { EnquirySent } from './enquiry-sent';
import { EmailField, NameField, PhoneField } from './enquiry-fields';
import { EnquiryForm } from './enquiry-form';
import styles from './forms.module.css';

/** The seeds' sign-up roles, in the visitor's words. */
const ROLES = [
  {
    value: 'customer',
    label: 'A customer',
    hint: 'I want to borrow against my gold or use your other services.',
  },
  { value: 'agent', label: 'An agent', hint: 'I want to introduce customers to you.' },
] as const;
type RoleChoice = (typeof ROLES)[number]['value'];

const EMPTY = { name: '', email: '', phone: '', role: 'customer' as RoleChoice, notes: '' };

/**
 * A sign-up screen (name, email, password, role) turned into an enquiry: only staff
 * open accounts, so this asks for no password and
 * sends a contact enquiry that says what the visitor wants.
 */
export function RegisterEnquiryForm() {
  const [form, setForm] = useState(EMPTY);
  const { status, errors, failure, submit, reset } = useEnquiry();
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  if (status === 'sent') {
    return (
      <EnquirySent
        againLabel="Send another request"
        onAgain={() => {
          setForm(EMPTY);
          reset();
        }}
      >
        Thank you, {form.name.trim()}. A member of our staff will call you on {form.phone.trim()} to open your
        account. Once it is open, you sign in with a one-time code sent to your email or mobile.
      </EnquirySent>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const role = ROLES.find((r) => r.value === form.role)!;
    void submit({
      name: form.name,
      email: form.email,
      phone: form.phone,
      gold: 0,
      message: [
        `Account request: ${role.label.toLowerCase()} account.`,
        form.notes.trim() ? `Notes: ${form.notes.trim()}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    });
  };

  return (
    <EnquiryForm label="Account request" onSubmit={onSubmit}>
      <NameField label="Full name" value={form.name} onChange={set('name')} error={errors.name} />
      <EmailField value={form.email} onChange={set('email')} error={errors.email} />
      <PhoneField value={form.phone} onChange={set('phone')} error={errors.phone} />
      <fieldset className={`${styles.choices} ${styles.wide}`}>
        <legend>I am</legend>
        {ROLES.map((r) => (
          <label key={r.value} className={styles.choice}>
            <input
              type="radio"
              name="role"
              value={r.value}
              checked={form.role === r.value}
              onChange={() => setForm((f) => ({ ...f, role: r.value }))}
            />
            <span>
              <strong>{r.label}</strong>: {r.hint}
            </span>
          </label>
        ))}
      </fieldset>
      <div className={styles.wide}>
        <Textarea
          label="Anything else we should know"
          name="notes"
          value={form.notes}
          onChange={set('notes')}
          error={errors.message}
          hint="Optional."
          maxLength={1500}
        />
      </div>
      <div className={styles.wide}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="accent" size="lg" loading={status === 'sending'}>
            Request an account
          </Button>
          <p className={styles.note}>Name, email and mobile number are required.</p>
        </div>
      </div>
    </EnquiryForm>
  );
}
