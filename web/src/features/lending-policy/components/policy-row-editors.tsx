import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import type { TierRow } from './policy-draft';
import styles from './lending-policy.module.css';

const replaced = <T,>(rows: readonly T[], index: number, row: T) =>
  rows.map((r, i) => (i === index ? row : r));
const without = <T,>(rows: readonly T[], index: number) => rows.filter((_, i) => i !== index);

/** LTV tiers: a ceiling (₹, empty on the last tier) and a cap (%) per row. */
export function TiersEditor({ rows, onChange }: { rows: TierRow[]; onChange: (rows: TierRow[]) => void }) {
  return (
    <div className={styles.rows}>
      {rows.map((row, i) => (
        <fieldset key={i} className={styles.row}>
          <legend className="visually-hidden">Tier {i + 1}</legend>
          <Input
            label={`Tier ${i + 1}: total up to (₹)`}
            inputMode="numeric"
            placeholder={i === rows.length - 1 ? 'No ceiling' : undefined}
            value={row.upTo}
            onChange={(e) => onChange(replaced(rows, i, { ...row, upTo: e.target.value }))}
          />
          <Input
            label={`Tier ${i + 1}: cap (%)`}
            inputMode="decimal"
            value={row.cap}
            onChange={(e) => onChange(replaced(rows, i, { ...row, cap: e.target.value }))}
          />
          <Button
            variant="ghost"
            size="sm"
            className={styles.remove}
            disabled={rows.length === 1}
            onClick={() => onChange(without(rows, i))}
          >
            Remove tier {i + 1}
          </Button>
        </fieldset>
      ))}
      <p className={styles.muted}>The last tier has no ceiling: leave its amount empty.</p>
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, { upTo: '', cap: '' }])}>
        Add a tier
      </Button>
    </div>
  );
}
