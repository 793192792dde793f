import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { parseWeight, WEIGHT_STEP, type DeductionDraft } from '../loan-form';
import styles from './sanction.module.css';

let nextKey = 1;
const deductionKey = () => `deduction-${nextKey++}`;

interface DeductionsEditorProps {
  itemNumber: number;
  deductions: readonly DeductionDraft[];
  disabled: boolean;
  showErrors: boolean;
  onChange(deductions: DeductionDraft[]): void;
}

/** Weight taken off an item's gross weight (stones, lac, wax…), each with its reason: only the metal counts. */
export function DeductionsEditor({
  itemNumber: n,
  deductions,
  disabled,
  showErrors,
  onChange,
}: DeductionsEditorProps) {
  const update = (index: number, patch: Partial<DeductionDraft>) =>
    onChange(deductions.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <fieldset className={styles.deductions}>
      <legend className={styles.deductionsLegend}>
        Deductions<span className="visually-hidden">, item {n}</span>
      </legend>
      <p className={styles.note}>
        {deductions.length === 0
          ? 'None: the net weight is typed as weighed.'
          : 'The net weight is the gross weight less these.'}
      </p>
      {deductions.map((d, index) => {
        const label = (text: string) => (
          <>
            {text}
            <span className="visually-hidden">
              , deduction {index + 1} of item {n}
            </span>
          </>
        );
        return (
          <div key={d.key} className={styles.deductionRow}>
            <Select
              label={label('Kind')}
              name={`goldItems.${n - 1}.deductions.${index}.kind`}
              value={d.kind}
              disabled={disabled}
              onChange={(event) =>
                update(index, { kind: event.target.value === 'other' ? 'other' : 'stones' })
              }
            >
              <option value="stones">Stones</option>
              <option value="other">Other</option>
            </Select>
            <Input
              label={label('Weight (g)')}
              name={`goldItems.${n - 1}.deductions.${index}.weight`}
              type="number"
              inputMode="decimal"
              min={0}
              step={WEIGHT_STEP}
              required
              value={d.weight}
              disabled={disabled}
              error={showErrors && parseWeight(d.weight) === null ? 'Required' : null}
              onChange={(event) => update(index, { weight: event.target.value })}
            />
            <Input
              label={label('Reason')}
              name={`goldItems.${n - 1}.deductions.${index}.reason`}
              required
              maxLength={200}
              placeholder="e.g. Kempu stones"
              value={d.reason}
              disabled={disabled}
              error={showErrors && d.reason.trim() === '' ? 'Required' : null}
              onChange={(event) => update(index, { reason: event.target.value })}
            />
            <Button
              size="sm"
              variant="ghost"
              disabled={disabled}
              aria-label={`Remove deduction ${index + 1} of item ${n}`}
              onClick={() => onChange(deductions.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled}
        onClick={() =>
          onChange([...deductions, { key: deductionKey(), kind: 'stones', weight: '', reason: '' }])
        }
      >
        + Add deduction<span className="visually-hidden"> to item {n}</span>
      </Button>
    </fieldset>
  );
}
