import type { CustomerRow } from '@goldledger/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { MOBILE_INPUT_PROPS, tidyMobile } from '@/lib/mobile-input';
import type { StaffArea } from '@/lib/staff-area';
import { customerKey, updateCustomer } from '../api/update-customer';
import {
  checkCustomerForm,
  CUSTOMER_FIELDS,
  formFromCustomer,
  type CustomerField,
  type CustomerFormState,
} from '../customer-form';
import styles from './customers.module.css';

/** The message when the server gives no reason, word for word. */
export const UPDATE_FAILED = 'Failed to update customer';

interface EditCustomerDialogProps {
  area: StaffArea;
  /** The customer being edited; null when the dialog is closed. */
  customer: CustomerRow | null;
  onClose(): void;
  /** The server's answer: the customer's new list row and its message. */
  onSaved(row: CustomerRow, message: string): void;
}

/** The customer's details, Close and Save ('Saving...'). */
export function EditCustomerDialog({ area, customer, onClose, onSaved }: EditCustomerDialogProps) {
  return (
    <Dialog open={customer !== null} onClose={onClose} title="Edit Customer" size="lg">
      {/* A fresh form per customer: nothing typed for one leaks into the next. */}
      {customer && (
        <EditCustomerForm
          key={customer._id}
          area={area}
          customer={customer}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function EditCustomerForm({
  area,
  customer,
  onClose,
  onSaved,
}: EditCustomerDialogProps & { customer: CustomerRow }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<CustomerFormState>(() => formFromCustomer(customer));
  const [errors, setErrors] = useState<Partial<Record<CustomerField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const masked = !/^\d{12}$/.test(customer.aadharNumber);

  const field = (name: CustomerField) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = /mobile/i.test(name) ? tidyMobile(event.target.value) : event.target.value;
      setForm((f) => ({ ...f, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const check = checkCustomerForm(form);
    if (!check.ok) {
      setErrors(check.errors);
      setProblem(check.message);
      const first = CUSTOMER_FIELDS.find((f) => check.errors[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const saved = await updateCustomer(area, customerKey(customer), check.values);
      onSaved(saved.data, saved.message);
    } catch (error) {
      setProblem(errorMessage(error, UPDATE_FAILED));
      setSaving(false);
    }
  };

  return (
    <>
      <form id={formId} ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        {problem && (
          <Alert tone="error" className={styles.formAlert}>
            {problem}
          </Alert>
        )}
        <p className={styles.formNote}>
          {customer.customerId}. Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        <div className={styles.formGrid}>
          <Input label="Name" required autoComplete="off" maxLength={100} {...field('name')} />
          <Input label="Email" type="email" autoComplete="off" maxLength={254} {...field('email')} />
          <Input
            label="Aadhar Number"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            hint={
              masked
                ? 'Shown masked. Leave it as it is to keep the number, or type all 12 digits to change it.'
                : '12 digits'
            }
            {...field('aadharNumber')}
          />
          <Input
            label="Primary Mobile"
            required
            {...MOBILE_INPUT_PROPS}
            hint="10 digits"
            {...field('primaryMobile')}
          />
          <Input label="Secondary Mobile" {...MOBILE_INPUT_PROPS} {...field('secondaryMobile')} />
          <Input
            label="Emergency Contact Mobile"
            required
            {...MOBILE_INPUT_PROPS}
            {...field('emergencyMobile')}
          />
          <Input
            label="Emergency Contact Relation"
            required
            autoComplete="off"
            maxLength={50}
            {...field('emergencyRelation')}
          />
        </div>
        <div className={styles.formGrid}>
          <Textarea label="Present Address" required rows={3} maxLength={500} {...field('presentAddress')} />
          <Textarea
            label="Permanent Address"
            required
            rows={3}
            maxLength={500}
            {...field('permanentAddress')}
          />
        </div>
      </form>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Close
        </Button>
        <Button type="submit" form={formId} loading={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </>
  );
}
