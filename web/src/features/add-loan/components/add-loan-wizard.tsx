import type { CustomerDetails } from '@goldledger/contracts';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useStaffArea } from '@/lib/staff-area';
import type { CreatedLoan } from '../api/create-loan';
import { EMPTY_CUSTOMER, type CustomerFormValues } from '../customer-form';
import { CustomerStep } from './customer-step';
import { LoanStep } from './loan-step';
import { OtpStep, type OtpMode, type OtpSent } from './otp-step';
import { StepIndicator, type WizardStep } from './step-indicator';
import { SuccessDialog } from './success-dialog';
import styles from './add-loan.module.css';

interface Otp {
  mode: OtpMode;
  sent: OtpSent | null;
}

/** One run of the wizard; a new key starts a fresh one. */
function WizardRun({ onReset }: { onReset(): void }) {
  const area = useStaffArea();
  const [step, setStep] = useState<WizardStep>(1);
  const [values, setValues] = useState<CustomerFormValues>(EMPTY_CUSTOMER);
  const [customer, setCustomer] = useState<CustomerDetails | null>(null);
  const [otp, setOtp] = useState<Otp | null>(null);
  const [created, setCreated] = useState<{ loan: CreatedLoan; photoProblems: string[] } | null>(null);

  return (
    <div className={styles.page}>
      <StepIndicator current={step} />
      {step === 1 && (
        <CustomerStep
          area={area}
          initial={values}
          onExisting={(found, filled) => {
            setValues(filled);
            setCustomer(found);
            setOtp({ mode: 'loan', sent: null });
            setStep(2);
          }}
          onCreated={(answer, filled) => {
            setValues(filled);
            setCustomer(answer.customer);
            setOtp({ mode: 'registration', sent: answer });
            setStep(2);
          }}
        />
      )}
      {step === 2 && customer && otp && (
        <OtpStep
          area={area}
          customer={customer}
          mode={otp.mode}
          sent={otp.sent}
          onVerified={(verified) => {
            setCustomer(verified);
            setStep(3);
          }}
          onStartOver={onReset}
        />
      )}
      {step === 3 && customer && (
        <LoanStep
          area={area}
          customer={customer}
          onCreated={(loan, photoProblems) => setCreated({ loan, photoProblems })}
        />
      )}
      {created && customer && (
        <SuccessDialog
          area={area}
          loan={created.loan}
          customerName={customer.name}
          photoProblems={created.photoProblems}
          onClose={onReset}
        />
      )}
    </div>
  );
}

/**
 * The add-loan wizard, shared by /admin/add-loan and /employee/add-loan:
 * Customer Info → Verify OTP → Loan Details & Photos, then the success view.
 */
export function AddLoanWizard() {
  const [run, setRun] = useState(0);
  return (
    <>
      <PageHeader
        title="Add Loan"
        description="Find or register the customer, confirm with the OTP sent to their mobile, then record the gold and the loan."
      />
      <WizardRun key={run} onReset={() => setRun((n) => n + 1)} />
    </>
  );
}
