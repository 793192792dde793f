import { useState } from 'react';
import { COIN_DENOMINATIONS, NOTE_DENOMINATIONS, type DenominationCount } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { countCash, type CashBookDay } from '../api/cash-book';
import styles from './cash-book.module.css';

type Pieces = Record<string, string>;

const piecesFrom = (counted: Record<string, number> | undefined, values: readonly number[]): Pieces =>
  Object.fromEntries(values.map((v) => [String(v), counted?.[String(v)] ? String(counted[String(v)]) : '']));

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : 0);
const totalOf = (pieces: Pieces, values: readonly number[]) =>
  values.reduce((sum, v) => sum + v * whole(pieces[String(v)] ?? ''), 0);

/** The closing count by denomination, with each line's value and the total as they are typed (whole rupees). */
export function CountForm({
  day,
  onCounted,
}: {
  day: CashBookDay;
  onCounted: (message: string) => Promise<void>;
}) {
  const [notes, setNotes] = useState(() => piecesFrom(day.count?.notes, NOTE_DENOMINATIONS));
  const [coins, setCoins] = useState(() => piecesFrom(day.count?.coins, COIN_DENOMINATIONS));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const total = totalOf(notes, NOTE_DENOMINATIONS) + totalOf(coins, COIN_DENOMINATIONS);
  const difference = day.expected === null ? null : total - day.expected;
  const invalid = [...Object.values(notes), ...Object.values(coins)].some(
    (t) => t.trim() && !/^\d+$/.test(t.trim()),
  );

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const count: DenominationCount = {
        notes: Object.fromEntries(NOTE_DENOMINATIONS.map((v) => [String(v), whole(notes[String(v)] ?? '')])),
        coins: Object.fromEntries(COIN_DENOMINATIONS.map((v) => [String(v), whole(coins[String(v)] ?? '')])),
      };
      const answer = await countCash(day.branch._id, day.date, count);
      await onCounted(answer.message);
    } catch (e) {
      setError(errorMessage(e, 'Failed to record the count'));
    } finally {
      setBusy(false);
    }
  };

  const rows = (kind: 'Note' | 'Coin', values: readonly number[], pieces: Pieces, set: (p: Pieces) => void) =>
    values.map((v) => {
      const key = String(v);
      const text = pieces[key] ?? '';
      return (
        <div key={key} className={styles.countRow}>
          <span aria-hidden="true">₹{v}</span>
          <Input
            label={`${kind}s of ₹${v}`}
            hideLabel
            inputMode="numeric"
            value={text}
            placeholder="0"
            invalid={text.trim() !== '' && !/^\d+$/.test(text.trim())}
            onChange={(e) => set({ ...pieces, [key]: e.target.value })}
          />
          <span className={styles.countValue}>{formatMoney(v * whole(pieces[key] ?? ''))}</span>
        </div>
      );
    });

  return (
    <Card
      title="Closing count"
      description="Pieces of each note and coin in the drawer; the totals follow as you type."
    >
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.countGrid}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Notes</legend>
          {rows('Note', NOTE_DENOMINATIONS, notes, setNotes)}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Coins</legend>
          {rows('Coin', COIN_DENOMINATIONS, coins, setCoins)}
        </fieldset>
      </div>
      <p className={styles.countTotal} aria-live="polite">
        <span data-testid="count-total">Counted {formatMoney(total)}</span>
        {difference !== null && (
          <span data-testid="count-difference" className={difference < 0 ? styles.short : undefined}>
            {difference === 0
              ? 'Matches the expected cash'
              : `${difference > 0 ? 'Over' : 'Short'} by ${formatMoney(Math.abs(difference))}`}
          </span>
        )}
      </p>
      {invalid && <Alert tone="warning">Each count must be a whole number of pieces.</Alert>}
      <div className={styles.actions}>
        <Button onClick={() => void submit()} loading={busy} disabled={invalid}>
          Record count
        </Button>
        {day.count && (
          <span>
            Last recorded: {formatMoney(day.count.total)} by {day.count.countedBy}
          </span>
        )}
      </div>
    </Card>
  );
}
