import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { getPhotoBlob } from '../api/get-photo-blob';
import gallery from './photo-gallery.module.css';

interface AuthImageProps {
  loanUuid: string;
  photoId: string;
  variant: 'image' | 'thumbnail';
  alt: string;
  /** The fetched bytes, for a download without asking again. */
  onLoaded?: (blob: Blob) => void;
}

type Shown = { state: 'loading' } | { state: 'error' } | { state: 'ready'; url: string };

/**
 * A loan photo. The photo endpoints want the session's token, which an <img src> cannot
 * send: the bytes are fetched, shown through an object URL and freed when it goes.
 * A failure shows the seeds' placeholder 'Image Error'.
 */
export function AuthImage({ loanUuid, photoId, variant, alt, onLoaded }: AuthImageProps) {
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  // A notification, not an input: a new callback must not fetch the photo again.
  const loaded = useRef(onLoaded);
  useEffect(() => {
    loaded.current = onLoaded;
  }, [onLoaded]);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setShown({ state: 'loading' });
    getPhotoBlob(loanUuid, photoId, variant, { signal: controller.signal })
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setShown({ state: 'ready', url });
        loaded.current?.(blob);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Photo failed to load', error);
        setShown({ state: 'error' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [loanUuid, photoId, variant]);

  if (shown.state === 'loading') {
    return (
      <span className={gallery.imageLoading}>
        <Spinner size="sm" label="Loading photo" />
      </span>
    );
  }
  if (shown.state === 'error') {
    return (
      <span className={gallery.imageError} role="img" aria-label={`${alt}: Image Error`}>
        Image Error
      </span>
    );
  }
  return <img src={shown.url} alt={alt} onError={() => setShown({ state: 'error' })} />;
}
