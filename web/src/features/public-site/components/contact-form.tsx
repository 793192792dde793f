import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { numberOrUndefined, useEnquiry } from '../api/use-enquiry';
import { EnquirySent } from './enquiry-sent';
import { EmailField, NameField, PhoneField } from './enquiry-fields';
import { EnquiryForm } from './enquiry-form';
import styles from './forms.module.css';

const EMPTY = { name: '', email: '', phone: '', gold: '', message: '' };

/** /contact: name, email, gold (grams), phone and message, all required. */
export function ContactForm() {
  const [form, setForm] = useState(EMPTY);
  const { status, errors, failure, submit, reset } = useEnquiry();
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  if (status === 'sent') {
    return (
      <EnquirySent
        againLabel="Send another message"
        onAgain={() => {
          setForm(EMPTY);
          reset();
        }}
      >
        Thank you, {form.name.trim()}. Our team will call you on {form.phone.trim()} and has sent an
        acknowledgement to {form.email.trim()}.
      </EnquirySent>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ ...form, gold: numberOrUndefined(form.gold) as number });
  };

  return (
    <EnquiryForm label="Contact form" onSubmit={onSubmit}>
      <NameField value={form.name} onChange={set('name')} error={errors.name} />
      <PhoneField
        value={form.phone}
        onChange={set('phone')}
        error={errors.phone}
        hint="10 digits; we call you back on this number."
      />
      <EmailField value={form.email} onChange={set('email')} error={errors.email} />
      <Input
        label="Gold weight (grams)"
        name="gold"
        inputMode="decimal"
        required
        value={form.gold}
        onChange={set('gold')}
        error={errors.gold}
        hint="An approximate weight is fine; enter 0 if your question is not about gold."
      />
      <div className={styles.wide}>
        <Textarea
          label="Your message"
          name="message"
          required
          value={form.message}
          onChange={set('message')}
          error={errors.message}
          maxLength={2000}
        />
      </div>
      <div className={styles.wide}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="accent" size="lg" loading={status === 'sending'}>
            Send message
          </Button>
          <p className={styles.note}>All fields are required.</p>
        </div>
      </div>
    </EnquiryForm>
  );
}
