import type { CustomerDetails } from '@goldledger/contracts';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { businessToday } from '@/lib/business-date';
import { formatAnnualRate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import {
  DEFAULT_RATE_PERCENT,
  DEFAULT_TERM_MONTHS,
  MINIMUM_LOAN_RUPEES,
  RATE_OPTIONS_PERCENT,
  TERM_OPTIONS_MONTHS,
} from '@/lib/lending-options';
import type { StaffArea } from '@/lib/staff-area';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { amountInWords } from '../amount-in-words';
import { calculateInterest, createLoan, getValuation, uploadPhotos, type CreatedLoan } from '../api/loans';
import { errorLines } from '../errors';
import {
  completeItems,
  interestRequest,
  loanErrors,
  newGoldItem,
  parseAmount,
  simpleInterest,
  totalNetWeight,
  type GoldItemDraft,
} from '../loan-form';
import {
  PHOTO_LIMITS,
  photoDescription,
  slotLabel,
  uploadFailure,
  uploadPlan,
  wantsAllItemsPhoto,
  type PhotoSlot,
} from '../photos';
import { ErrorList } from './error-list';
import { GoldItemCard } from './gold-item-card';
import { PhotoPicker, useHasCamera, type ChosenPhoto } from './photo-picker';
import styles from './add-loan.module.css';

/** How long typing settles before the valuation and interest are asked again. */
const SETTLE_MS = 400;

interface UploadJob {
  slot: PhotoSlot;
  files: File[];
  status: 'pending' | 'uploading' | 'done' | 'failed';
  lines?: string[];
}

type Phase = 'editing' | 'creating' | 'uploading' | 'uploadFailed';

let nextItemKey = 1;
const itemKey = () => `item-${nextItemKey++}`;

interface LoanStepProps {
  area: StaffArea;
  customer: CustomerDetails;
  /** The loan exists (and its photos are uploaded, or staff chose to go on without the failed ones). */
  onCreated(loan: CreatedLoan, photoProblems: string[]): void;
}

function CustomerSummary({ customer }: { customer: CustomerDetails }) {
  const rows: Array<[string, string]> = [
    ['Name', customer.name],
    ['Customer ID', customer.customerId],
    ['Aadhar', customer.aadharNumber],
    ['Primary mobile', customer.primaryMobile],
    ['Secondary mobile', customer.secondaryMobile ?? '—'],
    ['Email', customer.email ?? '—'],
    ['Emergency contact', `${customer.emergencyContact.mobile} (${customer.emergencyContact.relation})`],
    ['Present address', customer.presentAddress],
    ['Permanent address', customer.permanentAddress],
  ];
  return (
    <Card title="Customer" description={customer.verified ? 'Verified by OTP.' : undefined}>
      <dl className={styles.summary}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Step 3 (001 §4.5, §5.3): gold items with photos, live valuation, terms, and the loan itself. */
export function LoanStep({ area, customer, onCreated }: LoanStepProps) {
  const [items, setItems] = useState<GoldItemDraft[]>(() => [newGoldItem(itemKey())]);
  const [itemPhotos, setItemPhotos] = useState<Record<string, ChosenPhoto[]>>({});
  const [allPhotos, setAllPhotos] = useState<ChosenPhoto[]>([]);
  const [bankPhotos, setBankPhotos] = useState<ChosenPhoto[]>([]);
  const [amountText, setAmountText] = useState('');
  const [rate, setRate] = useState(DEFAULT_RATE_PERCENT);
  const [term, setTerm] = useState(DEFAULT_TERM_MONTHS);
  const [loanDate, setLoanDate] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [showItemErrors, setShowItemErrors] = useState(false);
  const [phase, setPhase] = useState<Phase>('editing');
  const [loan, setLoan] = useState<CreatedLoan | null>(null);
  const [uploads, setUploads] = useState<UploadJob[]>([]);
  const hasCamera = useHasCamera();

  const today = businessToday();
  const amount = parseAmount(amountText);
  const locked = phase !== 'editing' || loan !== null;

  // Live valuation: what the gold is worth and the most it can secure (debounced).
  const goldItems = completeItems(items);
  const valuationKey = useDebouncedValue(
    goldItems ? JSON.stringify({ goldItems, ...(amount && amount > 0 ? { amount } : {}) }) : null,
    SETTLE_MS,
  );
  const valuation = useSWR(
    valuationKey ? ['/api/loans/valuation', valuationKey] : null,
    ([, body]: [string, string]) => getValuation(JSON.parse(body)),
    { keepPreviousData: true, revalidateOnFocus: false },
  );

  // The interest calculation runs whenever amount, rate, duration or date change.
  const interestKey = useDebouncedValue(
    amount !== null && amount >= MINIMUM_LOAN_RUPEES
      ? JSON.stringify(interestRequest(amount, rate, term, loanDate || today))
      : null,
    SETTLE_MS,
  );
  const interest = useSWR(
    interestKey ? ['/api/loans/calculate-interest', interestKey] : null,
    ([, body]: [string, string]) => calculateInterest(JSON.parse(body)),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const fallback =
    interest.error && amount !== null && amount >= MINIMUM_LOAN_RUPEES
      ? simpleInterest(amount, rate, term)
      : null;
  const monthly = fallback?.monthlyPayment ?? (interestKey ? interest.data?.monthlyPayment : undefined);
  const total = fallback?.totalAmount ?? (interestKey ? interest.data?.totalAmount : undefined);

  const updateItem = (index: number, item: GoldItemDraft) =>
    setItems((all) => all.map((it, i) => (i === index ? item : it)));
  const removeItem = (index: number) => {
    const gone = items[index];
    if (!gone || items.length <= 1) return;
    setItems((all) => all.filter((_, i) => i !== index));
    setItemPhotos(({ [gone.key]: _removed, ...rest }) => rest);
  };

  const runUploads = async (created: CreatedLoan, jobs: UploadJob[]) => {
    setPhase('uploading');
    const current = jobs.map((j) => ({ ...j }));
    const publish = () => setUploads(current.map((j) => ({ ...j })));
    publish();
    for (const job of current) {
      if (job.status === 'done') continue;
      job.status = 'uploading';
      job.lines = undefined;
      publish();
      try {
        await uploadPhotos(created._id, job.slot, photoDescription(job.slot), job.files);
        job.status = 'done';
      } catch (error) {
        job.status = 'failed';
        job.lines = errorLines(error, 'Upload failed');
      }
      publish();
    }
    if (current.every((j) => j.status === 'done')) {
      onCreated(created, []);
    } else {
      setPhase('uploadFailed');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'editing' || loan) return;
    setShowItemErrors(true);
    setPhase('creating');
    setErrors([]);
    // The figures sent are those of the terms as they are now, not of a pending debounce.
    let figures: { monthlyPayment: number; totalAmount: number } | null = null;
    if (amount !== null && amount >= MINIMUM_LOAN_RUPEES) {
      try {
        figures = await calculateInterest(interestRequest(amount, rate, term, loanDate || today));
      } catch {
        figures = simpleInterest(amount, rate, term);
      }
    }
    const problems = loanErrors(
      {
        verified: customer.verified,
        items,
        amount: amountText,
        term,
        interestRate: rate,
        loanDate,
        monthlyPayment: figures?.monthlyPayment ?? null,
        totalPayment: figures?.totalAmount ?? null,
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
        interestRate: rate,
        amount,
        term,
        monthlyPayment: figures.monthlyPayment,
        totalPayment: figures.totalAmount,
        ...(loanDate ? { customLoanDate: loanDate } : {}),
      });
      created = answer.data;
    } catch (error) {
      setErrors(errorLines(error, 'Failed to create loan'));
      setPhase('editing');
      return;
    }
    setLoan(created);
    const plan = uploadPlan(
      items.map((i) => (itemPhotos[i.key] ?? []).map((p) => p.file)),
      allPhotos.map((p) => p.file),
      area === 'admin' ? bankPhotos.map((p) => p.file) : [],
    );
    await runUploads(
      created,
      plan.map((p) => ({ ...p, status: 'pending' as const })),
    );
  };

  const done = uploads.filter((u) => u.status === 'done').length;
  const failed = uploads.filter((u) => u.status === 'failed');
  const eligible = valuation.data?.eligibleAmount;
  const aboveEligible = eligible !== undefined && amount !== null && amount > eligible;

  return (
    <>
      <CustomerSummary customer={customer} />
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Loan Details & Photos">
        <div className={styles.page}>
          <Card
            title="Gold items"
            description="At least one item. Weights in grams (0.01 g steps); net weight cannot be more than gross weight. Up to 3 photos per item."
          >
            <ul className={styles.items} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item, index) => (
                <GoldItemCard
                  key={item.key}
                  index={index}
                  item={item}
                  photos={itemPhotos[item.key] ?? []}
                  removable={items.length > 1}
                  hasCamera={hasCamera}
                  disabled={locked}
                  showErrors={showItemErrors}
                  onChange={(next) => updateItem(index, next)}
                  onPhotos={(photos) => setItemPhotos((all) => ({ ...all, [item.key]: photos }))}
                  onRemove={() => removeItem(index)}
                />
              ))}
            </ul>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                disabled={locked}
                onClick={() => setItems((all) => [...all, newGoldItem(itemKey())])}
              >
                + Add Gold Item
              </Button>
              <span className={styles.muted}>
                {items.length} {items.length === 1 ? 'item' : 'items'}, net{' '}
                {formatGrams(totalNetWeight(items))}
              </span>
            </div>
            {wantsAllItemsPhoto(items.length) && (
              <div style={{ marginTop: 'var(--space-4)' }}>
                <PhotoPicker
                  label="Photo of all items together"
                  photos={allPhotos}
                  max={PHOTO_LIMITS.allItems}
                  hasCamera={hasCamera}
                  disabled={locked}
                  onChange={setAllPhotos}
                />
              </div>
            )}
          </Card>

          <Card
            title="Valuation"
            description="At today's gold rate, from the net weight and purity of every item."
          >
            {!goldItems ? (
              <p className={styles.muted}>
                Complete every gold item to see its value and the eligible loan amount.
              </p>
            ) : valuation.error && !valuation.data ? (
              <Alert tone="error">
                <ErrorList lines={errorLines(valuation.error, 'Failed to value the gold')} />
              </Alert>
            ) : !valuation.data ? (
              <p className={styles.muted}>
                <Spinner size="sm" label={null} /> Valuing the gold...
              </p>
            ) : (
              <dl className={styles.figures} aria-busy={valuation.isValidating || undefined}>
                <div className={styles.figure}>
                  <dt>Gold rate (24K)</dt>
                  <dd>{formatMoney(valuation.data.goldRate)}/g</dd>
                </div>
                <div className={styles.figure}>
                  <dt>Fine gold</dt>
                  <dd>{formatGrams(valuation.data.fineGoldGrams)}</dd>
                </div>
                <div className={styles.figure}>
                  <dt>Gold value</dt>
                  <dd>{formatMoney(valuation.data.goldValue)}</dd>
                </div>
                <div className={`${styles.figure} ${styles.highlight}`}>
                  <dt>Eligible maximum</dt>
                  <dd>{formatMoney(valuation.data.eligibleAmount)}</dd>
                </div>
                <div className={styles.figure}>
                  <dt>LTV</dt>
                  <dd>
                    {valuation.data.ltvPercent === null ? '—' : `${formatNumber(valuation.data.ltvPercent)}%`}
                    <span className={styles.muted}> (cap {formatNumber(valuation.data.ltvCapPercent)}%)</span>
                  </dd>
                </div>
              </dl>
            )}
            {aboveEligible && (
              <Alert tone="warning">
                The loan amount is above what this gold can secure: at most {formatMoney(eligible)}.
              </Alert>
            )}
          </Card>

          <Card title="Loan terms">
            <div className={styles.grid3}>
              <Select
                label="Interest Rate"
                name="interestRate"
                value={rate}
                disabled={locked}
                onChange={(event) => setRate(Number(event.target.value))}
              >
                {RATE_OPTIONS_PERCENT.map((r) => (
                  <option key={r} value={r}>
                    {formatAnnualRate(r)}
                  </option>
                ))}
              </Select>
              <Select
                label="Loan Duration"
                name="term"
                value={term}
                disabled={locked}
                onChange={(event) => setTerm(Number(event.target.value))}
              >
                {TERM_OPTIONS_MONTHS.map((t) => (
                  <option key={t} value={t}>
                    {t} months
                  </option>
                ))}
              </Select>
              <Input
                label="Loan Date (optional)"
                name="customLoanDate"
                type="date"
                max={today}
                value={loanDate}
                disabled={locked}
                hint="Leave empty for today."
                onChange={(event) => setLoanDate(event.target.value)}
              />
              <div className={styles.wide}>
                <Input
                  label="Loan Amount (₹)"
                  name="amount"
                  type="number"
                  inputMode="numeric"
                  min={MINIMUM_LOAN_RUPEES}
                  step={1}
                  required
                  value={amountText}
                  disabled={locked}
                  hint={eligible !== undefined ? `Eligible maximum ${formatMoney(eligible)}` : undefined}
                  onChange={(event) => setAmountText(event.target.value)}
                />
                {amount !== null && amount > 0 && (
                  <p className={styles.words} aria-live="polite">
                    {amountInWords(amount)}
                  </p>
                )}
              </div>
            </div>
            <dl className={styles.figures} aria-live="polite" aria-busy={interest.isValidating || undefined}>
              <div className={`${styles.figure} ${styles.highlight}`}>
                <dt>Monthly payment</dt>
                <dd>{monthly !== undefined ? formatMoney(monthly) : '—'}</dd>
              </div>
              <div className={styles.figure}>
                <dt>Total payable</dt>
                <dd>{total !== undefined ? formatMoney(total) : '—'}</dd>
              </div>
              <div className={styles.figure}>
                <dt>Interest</dt>
                <dd>{total !== undefined && amount !== null ? formatMoney(total - amount) : '—'}</dd>
              </div>
            </dl>
            {fallback ? (
              <p className={styles.muted}>Calculation failed: shown as simple interest, calculated here.</p>
            ) : (
              interestKey && interest.data && <p className={styles.muted}>{interest.data.message}</p>
            )}
          </Card>

          {area === 'admin' && (
            <Card title="Bank receipt" description="Admins only: the bank's receipt for this pledge, if any.">
              <PhotoPicker
                label="Bank receipt photo"
                photos={bankPhotos}
                max={PHOTO_LIMITS.bankReceipt}
                hasCamera={hasCamera}
                disabled={locked}
                onChange={setBankPhotos}
              />
            </Card>
          )}

          {errors.length > 0 && (
            <Alert tone="error">
              <ErrorList lines={errors} />
            </Alert>
          )}

          {loan && uploads.length > 0 && (
            <Card title="Uploading photos" aria-live="polite">
              <ProgressBar
                value={(done / uploads.length) * 100}
                label="Photos uploaded"
                valueText={`${done} of ${uploads.length}`}
              />
              <ul className={styles.progressList}>
                {uploads.map((u) => (
                  <li key={u.slot}>
                    <span>
                      {slotLabel(u.slot)} ({u.files.length} {u.files.length === 1 ? 'photo' : 'photos'})
                    </span>
                    <span
                      className={
                        u.status === 'done'
                          ? styles.statusDone
                          : u.status === 'failed'
                            ? styles.statusFailed
                            : undefined
                      }
                    >
                      {u.status === 'done'
                        ? 'Uploaded'
                        : u.status === 'failed'
                          ? 'Failed'
                          : u.status === 'uploading'
                            ? 'Uploading...'
                            : 'Waiting'}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          )}

          {loan && phase === 'uploadFailed' && (
            <Alert tone="error" title={`Loan ${loan.loanId} was created; some photos were not uploaded.`}>
              <ErrorList
                lines={failed.map(
                  (u) => `${uploadFailure(u.slot)}${u.lines?.length ? `: ${u.lines.join('; ')}` : ''}`,
                )}
              />
              <div className={styles.actions}>
                <Button size="sm" onClick={() => void runUploads(loan, uploads)}>
                  Retry failed uploads
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    onCreated(
                      loan,
                      failed.map((u) => uploadFailure(u.slot)),
                    )
                  }
                >
                  Continue without them
                </Button>
              </div>
            </Alert>
          )}

          {!loan && (
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
