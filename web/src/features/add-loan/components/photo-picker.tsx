import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PHOTO_MESSAGES, pickImages } from '../photos';
import styles from './add-loan.module.css';

/** A chosen photo; `id` keeps its preview apart from another file of the same name. */
export interface ChosenPhoto {
  id: string;
  file: File;
}

let nextPhotoId = 1;

/** True when the device reports a camera (the Take Photo button is shown only then). */
export function useHasCamera(): boolean {
  const [hasCamera, setHasCamera] = useState(false);
  useEffect(() => {
    let live = true;
    const devices = navigator.mediaDevices;
    if (!devices?.enumerateDevices) return;
    devices
      .enumerateDevices()
      .then((list) => {
        if (live) setHasCamera(list.some((d) => d.kind === 'videoinput'));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return hasCamera;
}

/** A preview on an object URL that lives as long as the thumbnail: removed, it is revoked. */
function Thumb({
  photo,
  label,
  disabled,
  onRemove,
}: {
  photo: ChosenPhoto;
  label: string;
  disabled: boolean;
  onRemove(): void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(photo.file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.file]);
  return (
    <li className={styles.thumb}>
      {url && <img src={url} alt={`${label}: ${photo.file.name}`} />}
      <button
        type="button"
        className={styles.thumbRemove}
        aria-label={`Remove ${photo.file.name}`}
        disabled={disabled}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}

interface PhotoPickerProps {
  /** e.g. 'Photos for gold item 1'. */
  label: string;
  photos: readonly ChosenPhoto[];
  max: number;
  hasCamera: boolean;
  disabled?: boolean;
  onChange(photos: ChosenPhoto[]): void;
}

/**
 * Choose Files (several at once) or Take Photo (the device camera), previews with a
 * remove button, and an `n / max photos` counter.
 */
export function PhotoPicker({ label, photos, max, hasCamera, disabled = false, onChange }: PhotoPickerProps) {
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const headingId = useId();
  const full = photos.length >= max;

  const add = (list: FileList | null, input: HTMLInputElement) => {
    const files = Array.from(list ?? []);
    input.value = '';
    if (files.length === 0) return;
    const { accepted, notImages, overLimit } = pickImages(files, photos.length, max);
    const problems: string[] = [];
    if (notImages > 0) problems.push(PHOTO_MESSAGES.notImage);
    if (overLimit > 0)
      problems.push(`At most ${max} ${max === 1 ? 'photo' : 'photos'} here; the extra ones were not added.`);
    setMessage(problems.length > 0 ? problems.join(' ') : null);
    if (accepted.length > 0)
      onChange([...photos, ...accepted.map((file) => ({ id: `p${nextPhotoId++}`, file }))]);
  };

  return (
    <div className={styles.photos} role="group" aria-labelledby={headingId}>
      <div className={styles.photosHeader}>
        <p id={headingId} className={styles.photosLabel}>
          {label}
        </p>
        <span className={styles.counter} aria-live="polite">
          {photos.length} / {max} photos
        </span>
      </div>
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || full}
          onClick={() => chooser.current?.click()}
        >
          Choose Files
        </Button>
        {hasCamera && (
          <Button
            size="sm"
            variant="secondary"
            disabled={disabled || full}
            onClick={() => camera.current?.click()}
          >
            Take Photo
          </Button>
        )}
      </div>
      <input
        ref={chooser}
        type="file"
        accept="image/*"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-label={`Choose files: ${label}`}
        disabled={disabled || full}
        onChange={(event) => add(event.target.files, event.target)}
      />
      {hasCamera && (
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={`Take photo: ${label}`}
          disabled={disabled || full}
          onChange={(event) => add(event.target.files, event.target)}
        />
      )}
      {message && (
        <p className={styles.statusFailed} role="alert">
          {message}
        </p>
      )}
      {photos.length > 0 && (
        <ul className={styles.thumbs}>
          {photos.map((photo) => (
            <Thumb
              key={photo.id}
              photo={photo}
              label={label}
              disabled={disabled}
              onRemove={() => {
                setMessage(null);
                onChange(photos.filter((p) => p.id !== photo.id));
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
