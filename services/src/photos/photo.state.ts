import type { PhotoEvent, PhotoUploadedData } from '@goldledger/contracts';

export interface PhotoRecord extends PhotoUploadedData {
  /** When the upload was recorded (the event's business time). */
  uploadedAt: string;
}

/** A loan's photos still in place, in upload order. */
export interface LoanPhotosState {
  photos: PhotoRecord[];
}

export const initialLoanPhotosState = (): LoanPhotosState => ({ photos: [] });

/** `occurredAt` rides beside the event: it is the store's envelope field, not part of `data`. */
export type PhotoEventWithTime = PhotoEvent & { occurredAt?: string | Date };

export function evolveLoanPhotos(state: LoanPhotosState, event: PhotoEventWithTime): LoanPhotosState {
  switch (event.type) {
    case 'PhotoUploaded': {
      const at = event.occurredAt;
      const uploadedAt = at instanceof Date ? at.toISOString() : (at ?? '');
      return { photos: [...state.photos, { ...event.data, uploadedAt }] };
    }
    case 'PhotoDeleted':
      return { photos: state.photos.filter((p) => p.photoId !== event.data.photoId) };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
