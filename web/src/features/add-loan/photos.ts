import { ALL_ITEMS_PHOTO_INDEX, BANK_RECEIPT_PHOTO_INDEX } from '@goldledger/contracts';

/** The wizard takes 3 photos per gold item, 1 of all items together, 1 bank receipt. */
export const PHOTO_LIMITS = { perItem: 3, allItems: 1, bankReceipt: 1 } as const;
export const PHOTO_MESSAGES = {
  notImage: 'Please select valid image files',
  itemFailed: (n: number) => `Failed to upload photos for gold item ${n}`,
  allItemsFailed: 'Failed to upload "all items together" photo',
  bankReceiptFailed: 'Failed to upload bank receipt photo',
} as const;

/** Where a set of photos goes: a gold item (0-based), all items together (-1) or the bank receipt (-2). */
export type PhotoSlot = number;

/** Enough of a File for the choice (tests pass plain objects). */
export interface FileLike {
  name: string;
  type: string;
}

/** The files a selection adds to a slot that already holds `existing`; what it refused and why. */
export function pickImages<F extends FileLike>(
  files: readonly F[],
  existing: number,
  max: number,
): { accepted: F[]; notImages: number; overLimit: number } {
  const images = files.filter((f) => f.type.startsWith('image/'));
  const room = Math.max(0, max - existing);
  const accepted = images.slice(0, room);
  return { accepted, notImages: files.length - images.length, overLimit: images.length - accepted.length };
}

/** The group photo is asked for only when there is more than one gold item. */
export const wantsAllItemsPhoto = (itemCount: number) => itemCount > 1;

/** The multipart `description` of an upload. */
export function photoDescription(slot: PhotoSlot): string {
  if (slot === ALL_ITEMS_PHOTO_INDEX) return 'Photo of all items together';
  if (slot === BANK_RECEIPT_PHOTO_INDEX) return 'Bank receipt';
  return `Photos for gold item ${slot + 1}`;
}

/** What a failed upload says. */
export function uploadFailure(slot: PhotoSlot): string {
  if (slot === ALL_ITEMS_PHOTO_INDEX) return PHOTO_MESSAGES.allItemsFailed;
  if (slot === BANK_RECEIPT_PHOTO_INDEX) return PHOTO_MESSAGES.bankReceiptFailed;
  return PHOTO_MESSAGES.itemFailed(slot + 1);
}

/** Human name of a slot, for the progress list. */
export function slotLabel(slot: PhotoSlot): string {
  if (slot === ALL_ITEMS_PHOTO_INDEX) return 'All items together';
  if (slot === BANK_RECEIPT_PHOTO_INDEX) return 'Bank receipt';
  return `Gold item ${slot + 1}`;
}

/**
 * The uploads after the loan is made, in the seeds' order: each gold item's
 * photos, then the group photo (only with more than one item), then the bank receipt.
 */
export function uploadPlan<F>(
  itemPhotos: ReadonlyArray<readonly F[]>,
  allItems: readonly F[],
  bankReceipt: readonly F[],
): Array<{ slot: PhotoSlot; files: F[] }> {
  const plan: Array<{ slot: PhotoSlot; files: F[] }> = [];
  itemPhotos.forEach((files, index) => {
    if (files.length > 0) plan.push({ slot: index, files: files.slice(0, PHOTO_LIMITS.perItem) });
  });
  if (wantsAllItemsPhoto(itemPhotos.length) && allItems.length > 0) {
    plan.push({ slot: ALL_ITEMS_PHOTO_INDEX, files: allItems.slice(0, PHOTO_LIMITS.allItems) });
  }
  if (bankReceipt.length > 0) {
    plan.push({ slot: BANK_RECEIPT_PHOTO_INDEX, files: bankReceipt.slice(0, PHOTO_LIMITS.bankReceipt) });
  }
  return plan;
}
