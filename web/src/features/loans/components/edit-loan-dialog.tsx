import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { MOBILE_MESSAGE, normaliseMobile } from '@goldledger/contracts';
import { errorMessage } from '@/lib/api-client';
import { MOBILE_INPUT_PROPS, tidyMobile } from '@/lib/mobile-input';
import { formatDate, formatMoney } from '@/lib/format';
import type { StaffArea } from '@/lib/staff-area';
import { updateLoan, type LoanEdit } from '../api/update-loan';
import { uploadBankReceipt } from '../api/upload-bank-receipt';
import { goldItemsError, goldItemsPayload, type GoldItemDraft, type Loan } from '../derive';
import styles from './loans.module.css';
import { DateInput } from '@/components/ui/date-input';

interface EditLoanDialogProps {
  loan: Loan;
  area: StaffArea;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const draftOf = (loan: Loan): GoldItemDraft[] =>
  loan.goldItems.map((i) => ({
    description: i.description,
    grossWeight: String(i.grossWeight),
    netWeight: String(i.netWeight),
    purityKarat: String(i.purityKarat),
  }));

const EMPTY_ITEM: GoldItemDraft = { description: '', grossWeight: '', netWeight: '', purityKarat: '22' };

/**
 * 'Edit Loan Details': gold items for every role, the bank fields
 * for admins only; the loan amount, loan ID and date are read-only.
 */
export function EditLoanDialog({ loan, area, open, onClose, onSaved }: EditLoanDialogProps) {
  const toast = useToast();
  const formId = useId();
  const isAdmin = area === 'admin';
  const [items, setItems] = useState<GoldItemDraft[]>(() => draftOf(loan));
  const [bank, setBank] = useState(() => ({
    depositedBank: loan.depositedBank ?? '',
    renewalDate: loan.renewalDate?.slice(0, 10) ?? '',
    bankMobileNumber: loan.bankMobileNumber ?? '',
    bankLoanAmount: loan.bankLoanAmount != null ? String(loan.bankLoanAmount) : '',
  }));
  const [receipt, setReceipt] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const setItem = (index: number, patch: Partial<GoldItemDraft>) =>
    setItems((all) => all.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = goldItemsError(items);
    if (problem) {
      setError(problem);
      return;
    }
    if (isAdmin && bank.bankMobileNumber.trim() && !normaliseMobile(bank.bankMobileNumber)) {
      setError(MOBILE_MESSAGE);
      return;
    }
    if (receipt && !receipt.type.startsWith('image/')) {
      setError('Please select valid image files');
      return;
    }
    const edit: LoanEdit = { goldItems: goldItemsPayload(items), expectedVersion: loan.version };
    if (isAdmin) {
      edit.depositedBank = bank.depositedBank.trim() || null;
      edit.renewalDate = bank.renewalDate || null;
      edit.bankMobileNumber = bank.bankMobileNumber.trim() || null;
      edit.bankLoanAmount = bank.bankLoanAmount.trim() === '' ? null : Number(bank.bankLoanAmount);
    }
    setError(null);
    setSaving(true);
    try {
      await updateLoan(area, loan._id, edit);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to update loan'));
      setSaving(false);
      return;
    }
    try {
      if (isAdmin && receipt) {
        await uploadBankReceipt(loan._id, receipt);
        toast.show('Loan updated successfully! Bank receipt photo has been saved.', 'success');
      } else {
        toast.show('Loan updated successfully!', 'success');
      }
      onSaved();
      onClose();
    } catch (failure) {
      // The edit is saved; only the photo failed: say so and let them try the photo again.
      onSaved();
      setReceipt(null);
      setError(`Loan updated successfully! ${errorMessage(failure, 'Upload failed')}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !saving && onClose()}
      title="Edit Loan Details"
      description={`${loan.loanId} · ${loan.name}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save Changes
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <dl className={styles.readOnly} aria-label="Read-only loan details">
          <div>
            <dt>Loan ID</dt>
            <dd className={styles.mono}>{loan.loanId}</dd>
          </div>
          <div>
            <dt>Loan amount</dt>
            <dd>{formatMoney(loan.amount)}</dd>
          </div>
          <div>
            <dt>Loan date</dt>
            <dd>{formatDate(loan.disbursementDate)}</dd>
          </div>
        </dl>

        {error && <Alert tone="error">{error}</Alert>}

        <fieldset className={styles.fieldset}>
          <legend>Gold items</legend>
          {items.map((item, index) => (
            <div key={index} className={styles.itemRow} data-testid="edit-gold-item">
              <Input
                label={`Item ${index + 1} description`}
                value={item.description}
                onChange={(e) => setItem(index, { description: e.target.value })}
                required
              />
              <Input
                label="Gross weight (g)"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                value={item.grossWeight}
                onChange={(e) => setItem(index, { grossWeight: e.target.value })}
                required
              />
              <Input
                label="Net weight (g)"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                value={item.netWeight}
                onChange={(e) => setItem(index, { netWeight: e.target.value })}
                required
              />
              <Input
                label="Purity (karat)"
                type="number"
                inputMode="numeric"
                min="1"
                max="24"
                step="1"
                value={item.purityKarat}
                onChange={(e) => setItem(index, { purityKarat: e.target.value })}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove item ${index + 1}`}
                disabled={items.length <= 1}
                onClick={() => setItems((all) => all.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setItems((all) => [...all, { ...EMPTY_ITEM }])}
            >
              Add gold item
            </Button>
          </div>
        </fieldset>

        {isAdmin && (
          <fieldset className={styles.fieldset}>
            <legend>Bank details</legend>
            <div className={styles.twoCols}>
              <Input
                label="Deposited bank"
                value={bank.depositedBank}
                maxLength={120}
                onChange={(e) => setBank((b) => ({ ...b, depositedBank: e.target.value }))}
              />
              <DateInput
                label="Renewal date"
                value={bank.renewalDate}
                onChange={(e) => setBank((b) => ({ ...b, renewalDate: e.target.value }))}
              />
              <Input
                label="Bank mobile number"
                {...MOBILE_INPUT_PROPS}
                value={bank.bankMobileNumber}
                onChange={(e) => setBank((b) => ({ ...b, bankMobileNumber: tidyMobile(e.target.value) }))}
              />
              <Input
                label="Bank loan amount (₹)"
                type="number"
                inputMode="numeric"
                min="0"
                value={bank.bankLoanAmount}
                onChange={(e) => setBank((b) => ({ ...b, bankLoanAmount: e.target.value }))}
              />
              <Input
                label="Bank receipt photo"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                hint="One photo; it is added to the loan's photos."
                onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
              />
            </div>
          </fieldset>
        )}
      </form>
    </Dialog>
  );
}
