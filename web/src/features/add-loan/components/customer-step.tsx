import type { CreateCustomerResponse, CustomerDetails } from '@goldledger/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useRegistrationBranches } from '@/lib/branches';
import { MOBILE_INPUT_PROPS } from '@/lib/mobile-input';
import type { StaffArea } from '@/lib/staff-area';
import { checkAadhar } from '../api/check-aadhar';
import { createCustomer } from '../api/create-customer';
import {
  AADHAR_LENGTH,
  addCustomerLabel,
  checkCustomerForm,
  tidyField,
  valuesFromCustomer,
  type CustomerField,
  type CustomerFormValues,
} from '../customer-form';
import { errorLines } from '../errors';
import { ErrorList } from './error-list';
import styles from './add-loan.module.css';

/** The wizard moves on 1.5 s after it finds the customer. */
export const AUTO_ADVANCE_MS = 1_500;

type Lookup =
  | { state: 'idle' }
  | { state: 'checking'; aadhar: string }
  | { state: 'found'; aadhar: string; customer: CustomerDetails }
  | { state: 'new'; aadhar: string }
  | { state: 'failed'; aadhar: string; lines: string[] };

interface CustomerStepProps {
  area: StaffArea;
  initial: CustomerFormValues;
  /** The customer exists: the wizard sends the loan OTP and moves to step 2. */
  onExisting(customer: CustomerDetails, values: CustomerFormValues): void;
  /** The customer was registered, and texted a code. */
  onCreated(answer: z.infer<typeof CreateCustomerResponse>, values: CustomerFormValues): void;
}

/** Step 1: find the customer by Aadhar, or register them. */
export function CustomerStep({ area, initial, onExisting, onCreated }: CustomerStepProps) {
  const [values, setValues] = useState(initial);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CustomerField, string>>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [sameAddress, setSameAddress] = useState(false);
  // Which branch the relationship belongs to, when the person has a choice ('' = none chosen).
  const branches = useRegistrationBranches();
  const [branchId, setBranchId] = useState('');
  const onExistingRef = useRef(onExisting);
  onExistingRef.current = onExisting;

  const aadhar = values.aadharNumber;

  // When the Aadhar reaches 12 digits, ask whether the customer exists.
  useEffect(() => {
    if (aadhar.length !== AADHAR_LENGTH) {
      setLookup({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLookup({ state: 'checking', aadhar });
    checkAadhar(area, aadhar, controller.signal).then(
      (answer) => {
        if (answer.exists && answer.customerDetails) {
          setLookup({ state: 'found', aadhar, customer: answer.customerDetails });
          setValues(valuesFromCustomer(aadhar, answer.customerDetails));
          setFieldErrors({});
          setErrors([]);
        } else {
          setLookup({ state: 'new', aadhar });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLookup({ state: 'failed', aadhar, lines: errorLines(error, 'Failed to check Aadhar number') });
      },
    );
    return () => controller.abort();
  }, [area, aadhar]);

  // An existing customer: show the notice, then move on by itself.
  const found = lookup.state === 'found' ? lookup : null;
  useEffect(() => {
    if (!found) return;
    const timer = setTimeout(
      () => onExistingRef.current(found.customer, valuesFromCustomer(found.aadhar, found.customer)),
      AUTO_ADVANCE_MS,
    );
    return () => clearTimeout(timer);
  }, [found]);

  const change = (field: CustomerField, raw: string) => {
    const value = tidyField(field, raw);
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (sameAddress && field === 'presentAddress') next.permanentAddress = value;
      return next;
    });
    if (fieldErrors[field]) setFieldErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || found || lookup.state === 'checking') return;
    const checked = checkCustomerForm(values);
    if (!checked.ok) {
      setFieldErrors(checked.fieldErrors);
      setErrors(checked.messages);
      return;
    }
    if (branches.required && !branchId) {
      setErrors(['Choose the branch this customer belongs to']);
      return;
    }
    setFieldErrors({});
    setErrors([]);
    setBusy(true);
    try {
      const answer = await createCustomer(area, { ...checked.body, ...(branchId ? { branchId } : {}) });
      onCreated(answer, values);
    } catch (error) {
      setErrors(errorLines(error, 'Failed to add customer'));
      setBusy(false);
    }
  };

  const input = (field: CustomerField, label: string, extra: Partial<Parameters<typeof Input>[0]> = {}) => (
    <Input
      label={label}
      name={field}
      value={values[field]}
      error={fieldErrors[field]}
      onChange={(event) => change(field, event.target.value)}
      {...extra}
    />
  );
  const mobile = MOBILE_INPUT_PROPS;
  const locked = busy || found !== null;

  return (
    <Card
      title="Customer Info"
      description="Enter the customer's Aadhar number first: an existing customer is found and filled in."
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Customer Info">
        {errors.length > 0 && (
          <Alert tone="error">
            <ErrorList lines={errors} />
          </Alert>
        )}
        {lookup.state === 'failed' && (
          <Alert tone="error">
            <ErrorList lines={lookup.lines} />
          </Alert>
        )}
        {found && (
          <Alert tone="success" title="Existing Customer Found">
            {found.customer.name} ({found.customer.customerId}). Sending an OTP to confirm the loan...
          </Alert>
        )}
        <fieldset className={styles.fieldset} disabled={locked}>
          <div className={styles.grid}>
            {branches.options.length > 0 && (
              <Select
                label="Branch"
                required={branches.required}
                value={branchId}
                onChange={(event) => setBranchId(event.target.value)}
                hint="The branch this customer and their loans belong to"
              >
                <option value="">{branches.required ? 'Choose a branch' : 'Main branch (default)'}</option>
                {branches.options.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.label}
                  </option>
                ))}
              </Select>
            )}
            {input('aadharNumber', 'Aadhar Number', {
              required: true,
              inputMode: 'numeric',
              autoComplete: 'off',
              maxLength: AADHAR_LENGTH,
              pattern: '[0-9]*',
              autoFocus: true,
              hint:
                lookup.state === 'checking' ? (
                  <>
                    <Spinner size="sm" label={null} /> Checking Aadhar number...
                  </>
                ) : lookup.state === 'new' ? (
                  'New customer: fill in the details below.'
                ) : (
                  '12 digits'
                ),
            })}
            {input('name', 'Full Name', { required: true, autoComplete: 'off' })}
            {input('primaryMobile', 'Primary Mobile', {
              required: true,
              ...mobile,
              hint: 'The OTP is sent here by SMS.',
            })}
            {input('secondaryMobile', 'Secondary Mobile', mobile)}
            {input('email', 'Email (optional)', { type: 'email', autoComplete: 'off' })}
            <div />
            {input('emergencyMobile', 'Emergency Contact Number', { required: true, ...mobile })}
            {input('emergencyRelation', 'Emergency Contact Relation', {
              required: true,
              autoComplete: 'off',
            })}
            <div className={styles.wide}>
              <Textarea
                label="Present Address"
                name="presentAddress"
                required
                rows={3}
                value={values.presentAddress}
                error={fieldErrors.presentAddress}
                onChange={(event) => change('presentAddress', event.target.value)}
              />
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={sameAddress}
                  onChange={(event) => {
                    setSameAddress(event.target.checked);
                    if (event.target.checked)
                      setValues((v) => ({ ...v, permanentAddress: v.presentAddress }));
                  }}
                />
                Permanent address is the same
              </label>
              <Textarea
                label="Permanent Address"
                name="permanentAddress"
                required
                rows={3}
                value={values.permanentAddress}
                readOnly={sameAddress}
                error={fieldErrors.permanentAddress}
                onChange={(event) => change('permanentAddress', event.target.value)}
              />
            </div>
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={busy} disabled={lookup.state === 'checking'}>
              {addCustomerLabel(values, busy)}
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
