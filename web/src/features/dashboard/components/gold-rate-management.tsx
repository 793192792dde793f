import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import { useCurrentGoldRate } from '../api/get-gold-rate';
import { useGoldRateHistory } from '../api/get-gold-rate-history';
import { useUpdateGoldRate } from '../api/update-gold-rate';
import { isSuccessMessage, parseGoldRate, SUCCESS_MESSAGE_MS } from '../gold-rate';
import styles from './dashboard.module.css';

const GoldRateChart = lazy(() => import('./gold-rate-chart'));

/** The rate form's messages, word for word. */
export const GOLD_RATE_SUCCESS = 'Gold rate updated successfully!';
export const GOLD_RATE_FAILED = 'Failed to update gold rate. Please try again.';

/** How many of the latest changes the chart draws. */
const HISTORY_POINTS = 30;

function RateHistory() {
  const { data, error, isLoading, mutate } = useGoldRateHistory();
  const titleId = useId();
  const tableId = useId();
  if (error) {
    return (
      <ErrorState
        title="Failed to fetch the gold rate history"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  }
  if (isLoading || !data) return <Spinner label="Loading the gold rate history" />;
  if (data.data.length === 0) {
    return <p className={styles.sectionNote}>The rate has not been changed yet.</p>;
  }
  // Newest first from the API; the chart reads left to right, oldest first.
  const recent = data.data.slice(0, HISTORY_POINTS);
  const points = [...recent].reverse().map((c) => ({ at: c.updatedAt, rate: c.rate }));
  const first = points[0]!;
  const last = points.at(-1)!;
  return (
    <figure className={styles.figure} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.figureTitle}>
        Rate history (last {recent.length} {recent.length === 1 ? 'change' : 'changes'})
      </figcaption>
      <div
        className={styles.chart}
        role="img"
        aria-label={`Gold rate per gram from ${formatMoney(first.rate)} on ${formatDate(first.at)} to ${formatMoney(last.rate)} on ${formatDate(last.at)}.`}
        aria-describedby={tableId}
      >
        <Suspense
          fallback={
            <div className={styles.chartLoading}>
              <Spinner label="Loading chart" />
            </div>
          }
        >
          <GoldRateChart points={points} />
        </Suspense>
      </div>
      {/* A table is never narrower than its content: hide it inside a box that clips it. */}
      <div className="visually-hidden">
        <table id={tableId}>
          <caption>Gold rate changes, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Changed</th>
              <th scope="col">Rate per gram</th>
              <th scope="col">Previous rate</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((c) => (
              <tr key={c.updatedAt}>
                <td>{formatDateTime(c.updatedAt)}</td>
                <td>{formatMoney(c.rate)}</td>
                <td>{formatMoney(c.previousRate)}</td>
                <td>{c.updatedBy ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * Gold Rate Management (admins only): the rate per gram in force, a
 * number field and 'Update Rate'. The rate goes as a decimal number; success shows green
 * and clears after 3000 ms, failures red with the server's words when it gave any.
 */
export function GoldRateManagement() {
  const readOnly = useReadOnly();
  const current = useCurrentGoldRate();
  const updateRate = useUpdateGoldRate();
  const [input, setInput] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!message || !isSuccessMessage(message)) return;
    const timer = setTimeout(() => setMessage(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = parseGoldRate(input);
    if ('error' in parsed) {
      setFieldError(parsed.error);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await updateRate(parsed.rate);
      setMessage(GOLD_RATE_SUCCESS);
      setInput('');
    } catch (error) {
      setMessage(errorMessage(error, GOLD_RATE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const rate = current.data;
  return (
    <Card title="Gold Rate Management" titleAs="h2" data-testid="gold-rate-management">
      <div className={styles.rateLayout}>
        <form className={styles.rateForm} onSubmit={(e) => void submit(e)} noValidate>
          <p className={styles.current} aria-live="polite">
            Current rate:{' '}
            {rate ? (
              <>
                <strong className={`${styles.currentRate} numeric`} data-testid="current-gold-rate">
                  {formatMoney(rate.rate)}
                </strong>{' '}
                per gram
                {rate.updatedAt && (
                  <span className={styles.dueMeta}>
                    {' '}
                    (set {formatDateTime(rate.updatedAt)}
                    {rate.updatedBy ? ` by ${rate.updatedBy}` : ''})
                  </span>
                )}
              </>
            ) : current.error ? (
              <span>not available</span>
            ) : (
              <Spinner size="sm" label="Loading the current rate" />
            )}
          </p>
          {!readOnly && (
            <div className={styles.rateRow}>
              <Input
                label="Gold rate per gram (₹)"
                type="number"
                name="rate"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                value={input}
                onChange={(e) => {
                  setInput(e.target.value);
                  setFieldError(null);
                }}
                error={fieldError}
                placeholder={rate ? String(rate.rate) : '7000'}
              />
              <Button type="submit" loading={busy}>
                Update Rate
              </Button>
            </div>
          )}
          {message && (
            <Alert tone={isSuccessMessage(message) ? 'success' : 'error'}>
              <p data-testid="gold-rate-message">{message}</p>
            </Alert>
          )}
        </form>
        <RateHistory />
      </div>
    </Card>
  );
}
