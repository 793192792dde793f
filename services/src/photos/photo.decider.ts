import {
  ALL_ITEMS_PHOTO_INDEX,
  BANK_RECEIPT_PHOTO_INDEX,
  type PhotoEvent,
  type PhotoUploadedData,
  type Role,
} from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { evolveLoanPhotos, initialLoanPhotosState, type LoanPhotosState } from './photo.state.js';

/** How many photos a loan may have of each kind, and how they are prepared for thumbnails and the slip; one place. */
export const PHOTO_POLICY = {
  /** The uploader's maximum per gold item (the wizard sends at most 3). */
  maxPerGoldItem: 5,
  maxAllItemsTogether: 1,
  maxBankReceipts: 1,
  /** Thumbnails: JPEG, this wide at most. */
  thumbnailWidth: 320,
  thumbnailQuality: 80,
  /** The slip embeds an original JPEG up to this size and this many pixels a side; a larger one is downscaled. */
  slipDownscaleAboveBytes: 500 * 1024,
  slipPassThroughMaxSide: 1200,
  slipMaxPixels: 200,
  slipJpegQuality: 80,
} as const;

/** What the decider must know about the loan: its stream is another aggregate. */
export interface LoanFacts {
  /** False for a loan that was never made or was deleted. */
  exists: boolean;
  goldItemCount: number;
}

export type NewPhoto = Omit<PhotoUploadedData, 'goldItemIndex' | 'description' | 'uploadedBy'>;

export type PhotoCommand =
  | {
      type: 'UploadPhotos';
      loan: LoanFacts;
      goldItemIndex: number;
      description: string;
      photos: NewPhoto[];
      uploadedBy: { id: string; name: string; role: Role };
    }
  | { type: 'DeletePhoto'; photoId: string; by: { role: Role } };

export const describeIndex = (index: number): string =>
  index === BANK_RECEIPT_PHOTO_INDEX
    ? 'bank receipt'
    : index === ALL_ITEMS_PHOTO_INDEX
      ? 'all items together'
      : `gold item ${index + 1}`;

const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);

/** How many photos one slot takes, and the message when it is full. */
function slotLimit(index: number): { max: number; full: (existing: number) => string } {
  if (index === BANK_RECEIPT_PHOTO_INDEX) {
    return { max: PHOTO_POLICY.maxBankReceipts, full: () => 'A loan can have only 1 bank receipt photo' };
  }
  if (index === ALL_ITEMS_PHOTO_INDEX) {
    return {
      max: PHOTO_POLICY.maxAllItemsTogether,
      full: () => 'A loan can have only 1 photo of all items together',
    };
  }
  return {
    max: PHOTO_POLICY.maxPerGoldItem,
    full: (existing) =>
      `At most ${PHOTO_POLICY.maxPerGoldItem} photos per gold item` +
      (existing > 0 ? `: gold item ${index + 1} already has ${existing}` : ''),
  };
}

export function decidePhotos(command: PhotoCommand, state: LoanPhotosState): PhotoEvent[] {
  switch (command.type) {
    case 'UploadPhotos': {
      const { loan, goldItemIndex: index, uploadedBy } = command;
      if (!loan.exists) throw loanNotFound();
      if (command.photos.length === 0) throw new DomainError('No photos to upload', 'no_photos');
      if (index === BANK_RECEIPT_PHOTO_INDEX && uploadedBy.role !== 'admin') {
        throw new DomainError('Only an admin can upload the bank receipt', 'bank_receipt_admin_only', 403);
      }
      if (index < BANK_RECEIPT_PHOTO_INDEX || index >= loan.goldItemCount) {
        throw new DomainError(`This loan has no gold item ${index + 1}`, 'gold_item_not_found', 400, {
          goldItemCount: loan.goldItemCount,
        });
      }
      const existing = state.photos.filter((p) => p.goldItemIndex === index).length;
      const limit = slotLimit(index);
      if (existing + command.photos.length > limit.max) {
        throw new DomainError(limit.full(existing), 'photo_limit', 400, { max: limit.max, existing });
      }
      const description = command.description || `Photos for ${describeIndex(index)}`;
      return command.photos.map((photo) => ({
        type: 'PhotoUploaded' as const,
        data: {
          ...photo,
          goldItemIndex: index,
          description,
          uploadedBy: { id: uploadedBy.id, name: uploadedBy.name },
        },
      }));
    }
    case 'DeletePhoto': {
      const photo = state.photos.find((p) => p.photoId === command.photoId);
      // Only admins know a bank receipt exists: to anyone else it is not there.
      if (!photo || (photo.goldItemIndex === BANK_RECEIPT_PHOTO_INDEX && command.by.role !== 'admin')) {
        throw new DomainError('Photo not found', 'photo_not_found', 404);
      }
      return [{ type: 'PhotoDeleted', data: { photoId: photo.photoId } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const photoDecider: Decider<PhotoCommand, PhotoEvent, LoanPhotosState> = {
  initialState: initialLoanPhotosState,
  evolve: evolveLoanPhotos,
  decide: decidePhotos,
};
