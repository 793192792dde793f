import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { PURITY_OPTIONS_KARAT } from '@/lib/lending-options';
import { WEIGHT_STEP, weightError, type GoldItemDraft } from '../loan-form';
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

/** One pledged item: description, purity, gross and net weight (0.01 g steps) and up to 3 photos. */
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
  const set = (field: keyof Omit<GoldItemDraft, 'key'>, value: string) =>
    onChange({ ...item, [field]: value });
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
          name={`goldItems.${index}.purityKarat`}
          value={item.purityKarat}
          disabled={disabled}
          onChange={(event) => set('purityKarat', event.target.value)}
        >
          {PURITY_OPTIONS_KARAT.map((k) => (
            <option key={k} value={k}>
              {k}K
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
          value={item.netWeight}
          disabled={disabled}
          error={netError ?? missing(item.netWeight)}
          onChange={(event) => set('netWeight', event.target.value)}
        />
      </div>
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
