import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatGrams } from '@/lib/format';
import { WEIGHT_CAPS_GRAMS } from '@/lib/lending-options';
import { totalNetWeight, type GoldItemDraft } from '../loan-form';
import { PHOTO_LIMITS, wantsAllItemsPhoto } from '../photos';
import { GoldItemCard } from './gold-item-card';
import { PhotoPicker } from './photo-picker';
import type { PhotoUploads } from './use-photo-uploads';
import styles from './add-loan.module.css';

/** `50 g`, `1 kg`. */
const weightText = (grams: number) =>
  grams >= 1000 && grams % 1000 === 0 ? `${grams / 1000} kg` : formatGrams(grams);

interface GoldItemsCardProps {
  items: readonly GoldItemDraft[];
  photos: PhotoUploads;
  hasCamera: boolean;
  disabled: boolean;
  showErrors: boolean;
  onChange(index: number, item: GoldItemDraft): void;
  onAdd(): void;
  onRemove(index: number): void;
}

/** The gold items with their photos, their total net weight, and the photo of all of them together. */
export function GoldItemsCard({
  items,
  photos,
  hasCamera,
  disabled,
  showErrors,
  onChange,
  onAdd,
  onRemove,
}: GoldItemsCardProps) {
  return (
    <Card
      title="Gold items"
      description={`At least one item: ornaments or coins (no bullion or bars; at most ${weightText(WEIGHT_CAPS_GRAMS.coin)} of coins and ${weightText(WEIGHT_CAPS_GRAMS.ornament)} of ornaments per borrower). Weights in grams (0.01 g steps); stones and other non-gold weight are deducted with a reason. Up to 3 photos per item.`}
    >
      <ul className={styles.items} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, index) => (
          <GoldItemCard
            key={item.key}
            index={index}
            item={item}
            photos={photos.photosOf(item.key)}
            removable={items.length > 1}
            hasCamera={hasCamera}
            disabled={disabled}
            showErrors={showErrors}
            onChange={(next) => onChange(index, next)}
            onPhotos={(chosen) => photos.setPhotosOf(item.key, chosen)}
            onRemove={() => onRemove(index)}
          />
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={disabled} onClick={onAdd}>
          + Add Gold Item
        </Button>
        <span className={styles.muted}>
          {items.length} {items.length === 1 ? 'item' : 'items'}, net {formatGrams(totalNetWeight(items))}
        </span>
      </div>
      {wantsAllItemsPhoto(items.length) && (
        <div style={{ marginTop: 'var(--space-4)' }}>
          <PhotoPicker
            label="Photo of all items together"
            photos={photos.allPhotos}
            max={PHOTO_LIMITS.allItems}
            hasCamera={hasCamera}
            disabled={disabled}
            onChange={photos.setAllPhotos}
          />
        </div>
      )}
    </Card>
  );
}
