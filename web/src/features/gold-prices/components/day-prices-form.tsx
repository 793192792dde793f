import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { actionKeys, errorMessage } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { formatDate, formatMoneyExact } from '@/lib/format';
import { useRecordGoldPrices } from '../api/record-gold-prices';
import { dayRequest, purityLabel, type DayFormErrors } from '../gold-price-view';
import styles from './gold-prices.module.css';
import { DateInput } from '@/components/ui/date-input';

interface DayPricesFormProps {
  purities: readonly number[];
  /** Each purity's latest close, shown as a hint beside its field. */
  latest: ReadonlyMap<number, { date: string; price: number }>;
}

const emptyPrices = (purities: readonly number[]) => Object.fromEntries(purities.map((p) => [p, '']));

/**
 * A day's closing prices, one field per published purity (any left empty are left out),
 * sent together: all recorded or none. The same day again corrects a price.
 */
export function DayPricesForm({ purities, latest }: DayPricesFormProps) {
  const today = businessToday();
  const [date, setDate] = useState(today);
  const [prices, setPrices] = useState<Record<number, string>>(() => emptyPrices(purities));
  const [errors, setErrors] = useState<DayFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [keyFor] = useState(actionKeys);
  const record = useRecordGoldPrices();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const request = dayRequest({ date, prices }, purities, today);
    if ('errors' in request) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await record(request.body, { idempotencyKey: keyFor(request.body) });
      setResult({ tone: 'success', text: answer.message });
      setPrices(emptyPrices(purities));
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, 'Failed to save the prices. Please try again.') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card
      title="Enter a day's prices"
      description="Closing prices in rupees a gram. Leave a purity empty to skip it; entering a day again corrects it."
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.dateField}>
          <DateInput
            label="Date"
            max={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            error={errors.date}
            required
          />
        </div>
        <div className={styles.priceGrid}>
          {purities.map((purity) => {
            const last = latest.get(purity);
            return (
              <Input
                key={purity}
                label={`${purityLabel(purity)} ₹/g`}
                inputMode="decimal"
                autoComplete="off"
                value={prices[purity] ?? ''}
                onChange={(e) => setPrices((p) => ({ ...p, [purity]: e.target.value }))}
                error={errors[`p${purity}`]}
                hint={last ? `Last: ${formatMoneyExact(last.price)} on ${formatDate(last.date)}` : undefined}
              />
            );
          })}
        </div>
        {errors.form && (
          <Alert tone="error" className={styles.muted}>
            {errors.form}
          </Alert>
        )}
        {result && (
          <Alert tone={result.tone} onDismiss={() => setResult(null)}>
            <span data-testid="day-prices-result">{result.text}</span>
          </Alert>
        )}
        <div className={styles.formRow}>
          <Button type="submit" loading={saving}>
            Save prices
          </Button>
        </div>
      </form>
    </Card>
  );
}
