import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Select, Textarea } from '@/components/ui/field';
import { formatGrams, formatMoney } from '@/lib/format';
import { DEFAULT_PURITY_KARAT, PURITY_OPTIONS_KARAT } from '@/lib/lending-options';
import { numberOrUndefined, useEnquiry } from '../api/use-enquiry';
import { EnquirySent } from './enquiry-sent';
import { EmailField, NameField, PhoneField } from './enquiry-fields';
import { EnquiryForm } from './enquiry-form';
import styles from './forms.module.css';

const LOAN_KINDS = [
  'Gold Loan',
  'Bank Buy-Back',
  'Home Loan',
  'Business Loan',
  'Personal Loan',
  'Vehicle Loan',
] as const;
const EMPTY = {
  name: '',
  email: '',
  phone: '',
  kind: 'Gold Loan',
  gold: '',
  karat: String(DEFAULT_PURITY_KARAT),
  amount: '',
  notes: '',
};

/** The enquiry staff read: says plainly that it is a loan application, with its figures. */
export function applicationMessage(a: {
  kind: string;
  grams: number;
  karat: string;
  amount?: number;
  notes: string;
}): string {
  return [
    `Loan application: ${a.kind}.`,
    `Gold: ${formatGrams(a.grams)} of ${a.karat}K.`,
    `Amount wanted: ${a.amount ? formatMoney(a.amount) : 'not stated'}.`,
    a.notes.trim() ? `Notes: ${a.notes.trim()}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * /apply-loan: an application that reaches staff as a contact enquiry (the admin bell
 * shows enquiries); the loan itself is made at the branch once the gold is evaluated.
 */
export function ApplyLoanForm() {
  const [form, setForm] = useState(EMPTY);
  const { status, errors, failure, submit, reset } = useEnquiry();
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));
  const [amountError, setAmountError] = useState<string | null>(null);

  if (status === 'sent') {
    return (
      <EnquirySent
        againLabel="Send another application"
        onAgain={() => {
          setForm(EMPTY);
          reset();
        }}
      >
        Thank you, {form.name.trim()}. Your application has reached our loan team; we will call you on{' '}
        {form.phone.trim()} to book a time for the free evaluation of your gold.
      </EnquirySent>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amount = numberOrUndefined(form.amount);
    const badAmount = amount !== undefined && !(Number.isFinite(amount) && amount > 0);
    setAmountError(badAmount ? 'Please enter the amount in rupees, or leave it empty' : null);
    const grams = numberOrUndefined(form.gold);
    void submit(
      {
        name: form.name,
        email: form.email,
        phone: form.phone,
        gold: grams as number,
        message: applicationMessage({
          kind: form.kind,
          grams: grams ?? 0,
          karat: form.karat,
          amount,
          notes: form.notes,
        }),
      },
      badAmount,
    );
  };

  return (
    <EnquiryForm label="Loan application" onSubmit={onSubmit}>
      <NameField value={form.name} onChange={set('name')} error={errors.name} />
      <PhoneField value={form.phone} onChange={set('phone')} error={errors.phone} />
      <EmailField value={form.email} onChange={set('email')} error={errors.email} />
      <Select label="Loan you are applying for" name="kind" value={form.kind} onChange={set('kind')}>
        {LOAN_KINDS.map((k) => (
          <option key={k}>{k}</option>
        ))}
      </Select>
      <Input
        label="Gold weight (grams)"
        name="gold"
        inputMode="decimal"
        required
        value={form.gold}
        onChange={set('gold')}
        error={errors.gold}
        hint="Approximate is fine; we weigh it at the branch."
      />
      <Select label="Purity (karat)" name="karat" value={form.karat} onChange={set('karat')}>
        {PURITY_OPTIONS_KARAT.map((k) => (
          <option key={k} value={k}>
            {k}K
          </option>
        ))}
      </Select>
      <Input
        label="Amount you need (₹)"
        name="amount"
        inputMode="numeric"
        value={form.amount}
        onChange={set('amount')}
        error={amountError}
        hint="Optional."
      />
      <div className={styles.wide}>
        <Textarea
          label="Anything else we should know"
          name="notes"
          value={form.notes}
          onChange={set('notes')}
          error={errors.message}
          hint="Optional: a good time to call, or the bank holding your gold for a buy-back."
          maxLength={1500}
        />
      </div>
      <div className={styles.wide}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="accent" size="lg" loading={status === 'sending'}>
            Send application
          </Button>
          <p className={styles.note}>Name, mobile number, email and gold weight are required.</p>
        </div>
      </div>
    </EnquiryForm>
  );
}
