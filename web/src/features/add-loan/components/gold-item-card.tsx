import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { PURITY_OPTIONS_FINENESS, purityLabel } from '@/lib/lending-options';
import { netWeightOf, WEIGHT_STEP, weightError, type GoldItemDraft } from '../loan-form';
import { DeductionsEditor } from './deductions-editor';
import { PHOTO_LIMITS } from '../photos';
import { PhotoPicker, type ChosenPhoto } from './photo-picker';
import styles from './add-loan.module.css';

/** A short visible label; screen readers (and tests) also hear which item it is. */
function ItemLabel({ text, n }: { text: string; n: number }) {
  return (
    <>
      {text}
      <span className="visually-hidden">, item {n}</span>
    </>
  );
}

interface GoldItemCardProps {
  index: number;
  item: GoldItemDraft;
  photos: readonly ChosenPhoto[];
  /** The remove button is disabled when this is the only item. */
  removable: boolean;
  hasCamera: boolean;
  disabled: boolean;
  showErrors: boolean;
  onChange(item: GoldItemDraft): void;
  onPhotos(photos: ChosenPhoto[]): void;
  onRemove(): void;
}

/**
 * One pledged item as appraised: ornament or coin, description, purity (fineness), gross
 * weight, deductions (stones, other) with reasons, the net weight (typed, or the gross less
 * the deductions) and up to 3 photos.
 */
export function GoldItemCard({
  index,
  item,
  photos,
  removable,
  hasCamera,
  disabled,
  showErrors,
  onChange,
  onPhotos,
  onRemove,
}: GoldItemCardProps) {
  const n = index + 1;
  const set = (field: 'description' | 'purity' | 'grossWeight' | 'netWeight', value: string) =>
    onChange({ ...item, [field]: value });
  const deducted = item.deductions.length > 0;
  const net = netWeightOf(item);
  const netError = weightError(item);
  const missing = (value: string) => (showErrors && value.trim() === '' ? 'Required' : null);
  return (
    <li className={styles.item}>
      <div className={styles.itemHeader}>
        <h3 className={styles.itemTitle}>Gold item {n}</h3>
        <Button
          size="sm"
          variant="ghost"
          disabled={!removable || disabled}
          aria-label={`Remove gold item ${n}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
      <div className={styles.itemGrid}>
        <Select
          label={<ItemLabel text="Type" n={n} />}
          name={`goldItems.${index}.itemType`}
          value={item.itemType}
          disabled={disabled}
          onChange={(event) =>
            onChange({ ...item, itemType: event.target.value === 'coin' ? 'coin' : 'ornament' })
          }
        >
          <option value="ornament">Ornament</option>
          <option value="coin">Coin</option>
        </Select>
        <Input
          label={<ItemLabel text="Description" n={n} />}
          name={`goldItems.${index}.description`}
          required
          placeholder="e.g. Gold chain"
          value={item.description}
          disabled={disabled}
          error={missing(item.description)}
          onChange={(event) => set('description', event.target.value)}
        />
        <Select
          label={<ItemLabel text="Purity" n={n} />}
          name={`goldItems.${index}.purity`}
          value={item.purity}
          disabled={disabled}
          onChange={(event) => set('purity', event.target.value)}
        >
          {PURITY_OPTIONS_FINENESS.map((f) => (
            <option key={f} value={f}>
              {purityLabel(f)}
            </option>
          ))}
        </Select>
        <Input
          label={<ItemLabel text="Gross weight (g)" n={n} />}
          name={`goldItems.${index}.grossWeight`}
          type="number"
          inputMode="decimal"
          min={0}
          step={WEIGHT_STEP}
          required
          className={styles.weight}
          value={item.grossWeight}
          disabled={disabled}
          error={missing(item.grossWeight)}
          onChange={(event) => set('grossWeight', event.target.value)}
        />
        <Input
          label={<ItemLabel text="Net weight (g)" n={n} />}
          name={`goldItems.${index}.netWeight`}
          type="number"
          inputMode="decimal"
          min={0}
          step={WEIGHT_STEP}
          required
          className={styles.weight}
          value={deducted ? (net === null ? '' : String(net)) : item.netWeight}
          readOnly={deducted}
          disabled={disabled}
          error={netError ?? (deducted ? null : missing(item.netWeight))}
          onChange={(event) => set('netWeight', event.target.value)}
        />
      </div>
      <DeductionsEditor
        itemNumber={n}
        deductions={item.deductions}
        disabled={disabled}
        showErrors={showErrors}
        onChange={(deductions) => onChange({ ...item, deductions })}
      />
      <PhotoPicker
        label={`Photos for gold item ${n}`}
        photos={photos}
        max={PHOTO_LIMITS.perItem}
        hasCamera={hasCamera}
        disabled={disabled}
        onChange={onPhotos}
      />
    </li>
  );
}
