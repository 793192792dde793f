import type { CustomerDetails } from '@goldledger/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { businessToday } from '@/lib/business-date';
import { DEFAULT_RATE_PERCENT, DEFAULT_TERM_MONTHS } from '@/lib/lending-options';
import type { StaffArea } from '@/lib/staff-area';
import { createLoan, type CreatedLoan } from '../api/create-loan';
import { SentForApproval } from '@/lib/api-client';
import { errorLines } from '../errors';
import { completeItems, loanErrors, newGoldItem, parseAmount, type GoldItemDraft } from '../loan-form';
import { PHOTO_LIMITS } from '../photos';
import { skippedSlots } from '../upload-jobs';
import { CustomerSummary } from './customer-summary';
import { ErrorList } from './error-list';
import { GoldItemsCard } from './gold-items-card';
import { LoanTermsCard, type TermsDraft } from './loan-terms-card';
import { PhotoPicker, useHasCamera } from './photo-picker';
import { UploadFailed, UploadProgress } from './upload-progress';
import { useLoanQuote } from './use-loan-quote';
import { usePhotoUploads } from './use-photo-uploads';
import { ValuationCard } from './valuation-card';
import styles from './add-loan.module.css';

/** `held`: maker-checker stored the loan for another admin's approval; nothing exists yet. */
type Phase = 'editing' | 'creating' | 'uploading' | 'uploadFailed' | 'held';

let nextItemKey = 1;
const itemKey = () => `item-${nextItemKey++}`;

interface LoanStepProps {
  area: StaffArea;
  customer: CustomerDetails;
  /** The loan exists (and its photos are uploaded, or staff chose to go on without the failed ones). */
  onCreated(loan: CreatedLoan, photoProblems: string[]): void;
}

/**
 * Step 3: gold items with photos, the live valuation, the terms, then the loan itself and
 * its photos' uploads (a failed upload can be retried or skipped; the loan stands).
 */
export function LoanStep({ area, customer, onCreated }: LoanStepProps) {
  const [items, setItems] = useState<GoldItemDraft[]>(() => [newGoldItem(itemKey())]);
  const [terms, setTerms] = useState<TermsDraft>({
    amountText: '',
    rate: DEFAULT_RATE_PERCENT,
    term: DEFAULT_TERM_MONTHS,
    loanDate: '',
    disbursementMode: 'cash',
    disbursementReference: '',
    purpose: 'consumption',
    repaymentType: 'emi',
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [showItemErrors, setShowItemErrors] = useState(false);
  const [phase, setPhase] = useState<Phase>('editing');
  const [loan, setLoan] = useState<CreatedLoan | null>(null);
  const hasCamera = useHasCamera();
  const photos = usePhotoUploads(area);

  const today = businessToday();
  const amount = parseAmount(terms.amountText);
  const quote = useLoanQuote(
    items,
    { amount, rate: terms.rate, term: terms.term, loanDate: terms.loanDate, today },
    { customerId: customer._id, purpose: terms.purpose, repaymentType: terms.repaymentType },
  );
  const locked = phase !== 'editing' || loan !== null;

  const removeItem = (index: number) => {
    const gone = items[index];
    if (!gone || items.length <= 1) return;
    setItems((all) => all.filter((_, i) => i !== index));
    photos.forgetItem(gone.key);
  };

  const upload = async (created: CreatedLoan, send: () => Promise<boolean>) => {
    setPhase('uploading');
    if (await send()) onCreated(created, []);
    else setPhase('uploadFailed');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'editing' || loan) return;
    setShowItemErrors(true);
    setPhase('creating');
    setErrors([]);
    const figures = await quote.figuresNow();
    const problems = loanErrors(
      {
        verified: customer.verified,
        items,
        amount: terms.amountText,
        term: terms.term,
        interestRate: terms.rate,
        loanDate: terms.loanDate,
        monthlyPayment: figures?.monthlyPayment ?? null,
        totalPayment: figures?.totalAmount ?? null,
        disbursementMode: terms.disbursementMode,
        disbursementReference: terms.disbursementReference,
      },
      today,
    );
    const parsedItems = completeItems(items);
    if (problems.length > 0 || !parsedItems || amount === null || !figures) {
      setErrors(problems);
      setPhase('editing');
      return;
    }
    let created: CreatedLoan;
    try {
      const answer = await createLoan(area, {
        customerId: customer._id,
        goldItems: parsedItems,
        interestRate: terms.rate,
        amount,
        term: terms.term,
        monthlyPayment: figures.monthlyPayment,
        totalPayment: figures.totalAmount,
        ...(terms.loanDate ? { customLoanDate: terms.loanDate } : {}),
        purpose: terms.purpose,
        repaymentType: terms.repaymentType,
        disbursementMode: terms.disbursementMode,
        ...(terms.disbursementMode === 'cash'
          ? {}
          : { disbursementReference: terms.disbursementReference.trim() }),
      });
      created = answer.data;
    } catch (error) {
      if (error instanceof SentForApproval) {
        setPhase('held');
        return;
      }
      setErrors(errorLines(error, 'Failed to create loan'));
      setPhase('editing');
      return;
    }
    setLoan(created);
    await upload(created, () => photos.uploadFor(created, items));
  };

  return (
    <>
      <CustomerSummary customer={customer} />
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Loan Details & Photos">
        <div className={styles.page}>
          <GoldItemsCard
            items={items}
            photos={photos}
            hasCamera={hasCamera}
            disabled={locked}
            showErrors={showItemErrors}
            onChange={(index, item) => setItems((all) => all.map((it, i) => (i === index ? item : it)))}
            onAdd={() => setItems((all) => [...all, newGoldItem(itemKey())])}
            onRemove={removeItem}
          />
          <ValuationCard quote={quote} amount={amount} />
          <LoanTermsCard
            terms={terms}
            amount={amount}
            today={today}
            quote={quote}
            disabled={locked}
            onChange={setTerms}
          />

          {area === 'admin' && (
            <Card title="Bank receipt" description="Admins only: the bank's receipt for this pledge, if any.">
              <PhotoPicker
                label="Bank receipt photo"
                photos={photos.bankPhotos}
                max={PHOTO_LIMITS.bankReceipt}
                hasCamera={hasCamera}
                disabled={locked}
                onChange={photos.setBankPhotos}
              />
            </Card>
          )}

          {errors.length > 0 && (
            <Alert tone="error">
              <ErrorList lines={errors} />
            </Alert>
          )}

          {loan && photos.uploads.length > 0 && <UploadProgress uploads={photos.uploads} />}

          {loan && phase === 'uploadFailed' && (
            <UploadFailed
              loan={loan}
              uploads={photos.uploads}
              onRetry={() => void upload(loan, () => photos.retry(loan))}
              onContinue={() => onCreated(loan, skippedSlots(photos.uploads))}
            />
          )}

          {phase === 'held' && (
            <Alert tone="info" title="Sent for approval">
              This loan needs a second person: nothing is created until another admin approves it. Its status
              is under Approvals; add the photos to the loan once it is approved.
            </Alert>
          )}

          {!loan && phase !== 'held' && (
            <div className={styles.actions}>
              <Button type="submit" variant="primary" size="lg" loading={phase === 'creating'}>
                {phase === 'creating' ? 'Creating Loan...' : 'Create Loan with Photos'}
              </Button>
            </div>
          )}
        </div>
      </form>
    </>
  );
}
