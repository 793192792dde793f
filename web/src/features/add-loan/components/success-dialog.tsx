import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { loanCustodyPath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatAnnualRate, formatDate, formatMoney } from '@/lib/format';
import type { StaffArea } from '@/lib/staff-area';
import type { CreatedLoan } from '../api/create-loan';
import { getLoanSlip } from '../api/get-loan-slip';
import styles from './add-loan.module.css';

/** How long the slip's object URL stays alive for the new tab to load it. */
const SLIP_URL_LIFETIME_MS = 60_000;

interface SuccessDialogProps {
  area: StaffArea;
  loan: CreatedLoan;
  customerName: string;
  photoProblems: readonly string[];
  /** Closing the success view resets the whole wizard. */
  onClose(): void;
}

/** The loan exists: its figures, the slip, and the ways on. */
export function SuccessDialog({ area, loan, customerName, photoProblems, onClose }: SuccessDialogProps) {
  const [printing, setPrinting] = useState(false);
  const [slipError, setSlipError] = useState<string | null>(null);

  const printSlip = async () => {
    // Opened inside the click so no pop-up blocker refuses it; the PDF follows.
    const tab = window.open('', '_blank');
    setPrinting(true);
    setSlipError(null);
    try {
      const blob = await getLoanSlip(loan._id);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), SLIP_URL_LIFETIME_MS);
    } catch (error) {
      tab?.close();
      setSlipError(errorMessage(error, 'Failed to generate the loan slip'));
    } finally {
      setPrinting(false);
    }
  };

  const rows: Array<[string, string]> = [
    ['Loan ID', loan.loanId],
    ['Customer', customerName],
    ['Loan amount', formatMoney(loan.amount)],
    ['Monthly payment', formatMoney(loan.monthlyPayment)],
    ['Total payable', formatMoney(loan.totalPayment)],
    ['Term', `${loan.term} months at ${formatAnnualRate(loan.interestRate)}`],
    ['Loan date', formatDate(loan.disbursementDate)],
  ];

  return (
    <Dialog
      open
      onClose={onClose}
      title="Loan created"
      footer={
        <>
          <Button variant="secondary" loading={printing} onClick={() => void printSlip()}>
            Print Slip
          </Button>
          <ButtonLink variant="secondary" to={paths[area].dashboard}>
            Go to Dashboard
          </ButtonLink>
          <ButtonLink variant="accent" to={loanCustodyPath(area, loan._id)}>
            Seal the gold
          </ButtonLink>
          <Button variant="primary" onClick={onClose} autoFocus>
            Add another loan
          </Button>
        </>
      }
    >
      <div className={styles.success}>
        <Alert tone="success">Loan created successfully.</Alert>
        <Alert tone="warning" title="Gold not sealed">
          Seal the pledged gold in a packet now: two staff of the branch weigh and seal it, print its label
          and put it in the vault.
        </Alert>
        {photoProblems.length > 0 && (
          <Alert tone="warning" title="Some photos were not uploaded">
            {photoProblems.join(' ')} Add them later from the loan&apos;s photos.
          </Alert>
        )}
        {slipError && <Alert tone="error">{slipError}</Alert>}
        <dl className={styles.figures}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.figure}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Dialog>
  );
}
