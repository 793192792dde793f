import type { PhotoView } from '@goldledger/contracts';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import { deletePhoto } from '../api/delete-photo';
import { useLoanPhotos } from '../api/get-loan-photos';
import { getPhotoBlob } from '../api/get-photo-blob';
import { formatFileSize, photoCountText, photoGroups } from '../derive';
import type { Loan } from '../derive';
import { saveBlob } from '../open-file';
import { AuthImage } from './auth-image';
import gallery from './photo-gallery.module.css';
import styles from './loans.module.css';

/**
 * The row expander's photo galleries, one per gold item (then all
 * items together and the bank receipt), thumbnails in 2, 3 or 4 columns, and the
 * full-size viewer with download and delete.
 */
export function PhotoGallery({ loan }: { loan: Loan }) {
  const { data, error, isLoading, mutate } = useLoanPhotos(loan._id);
  const [viewing, setViewing] = useState<PhotoView | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);

  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch photos"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !data) {
    body = <Loading text="Loading photos..." />;
  } else if (data.data.length === 0) {
    body = (
      <div className={gallery.galleryHeader}>
        <p className={gallery.none}>No photos uploaded yet</p>
        <Button size="sm" variant="secondary" onClick={() => void mutate()}>
          Refresh
        </Button>
      </div>
    );
  } else {
    const groups = photoGroups(data.data, loan.goldItems);
    body = (
      <>
        <p className={styles.muted}>{photoCountText(data.data.length)}</p>
        {groups.map((group) => (
          <div key={group.key} className={gallery.galleryGroup}>
            <h5>{group.title}</h5>
            {group.photos.length === 0 ? (
              <p className={gallery.none}>No photos uploaded yet</p>
            ) : (
              <ul className={gallery.thumbs} role="list">
                {group.photos.map((photo) => (
                  <li key={photo._id}>
                    <button
                      type="button"
                      className={gallery.thumb}
                      aria-label={`View photo ${photo.originalName}`}
                      onClick={() => {
                        setViewing(photo);
                        setViewerOpen(true);
                      }}
                    >
                      <AuthImage
                        loanUuid={loan._id}
                        photoId={photo._id}
                        variant="thumbnail"
                        alt={photo.description || photo.originalName}
                      />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </>
    );
  }

  return (
    <section className={gallery.gallery} aria-label={`Photos of ${loan.loanId}`}>
      <h4 className={styles.subTitle}>Photos</h4>
      {body}
      {viewing && (
        <PhotoViewer
          loan={loan}
          photo={viewing}
          open={viewerOpen}
          onClose={() => setViewerOpen(false)}
          onDeleted={() => {
            setViewerOpen(false);
            void mutate();
          }}
        />
      )}
    </section>
  );
}

interface PhotoViewerProps {
  loan: Loan;
  photo: PhotoView;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** The full-size photo with its name, size, dimensions, uploader and date; download and delete. */
function PhotoViewer({ loan, photo, open, onClose, onDeleted }: PhotoViewerProps) {
  const toast = useToast();
  const bytes = useRef<Blob | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const readOnly = useReadOnly();

  const download = async () => {
    setDownloading(true);
    try {
      const blob = bytes.current ?? (await getPhotoBlob(loan._id, photo._id, 'image'));
      saveBlob(blob, photo.originalName);
    } catch (error) {
      console.error('Photo download failed', error);
      toast.show(errorMessage(error, 'Failed to download photo'), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const remove = async () => {
    try {
      await deletePhoto(loan._id, photo._id);
    } catch (error) {
      toast.show(errorMessage(error, 'Failed to delete photo'), 'error');
      throw error;
    }
    toast.show('Photo deleted', 'success');
    onDeleted();
  };

  return (
    <>
      <Dialog
        open={open && !confirming}
        onClose={onClose}
        title={photo.originalName}
        description={photo.description || undefined}
        size="lg"
        footer={
          <>
            {!readOnly && (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
            <Button variant="secondary" onClick={() => void download()} loading={downloading}>
              Download
            </Button>
            <Button onClick={onClose}>Close</Button>
          </>
        }
      >
        <div className={styles.details}>
          <div className={gallery.viewerImage}>
            <AuthImage
              key={photo._id}
              loanUuid={loan._id}
              photoId={photo._id}
              variant="image"
              alt={photo.description || photo.originalName}
              onLoaded={(blob) => {
                bytes.current = blob;
              }}
            />
          </div>
          <dl className={styles.detailGrid}>
            <div>
              <dt>Name</dt>
              <dd>{photo.originalName}</dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>{formatFileSize(photo.size)}</dd>
            </div>
            <div>
              <dt>Dimensions</dt>
              <dd>
                {formatNumber(photo.width)} × {formatNumber(photo.height)} px
              </dd>
            </div>
            <div>
              <dt>Uploaded by</dt>
              <dd>{photo.uploadedBy.name}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatDateTime(photo.uploadedAt)}</dd>
            </div>
          </dl>
        </div>
      </Dialog>
      <ConfirmDialog
        open={open && confirming}
        onClose={() => setConfirming(false)}
        onConfirm={remove}
        title="Delete photo"
        message="Are you sure you want to delete this photo?"
        confirmLabel="Delete"
      />
    </>
  );
}
