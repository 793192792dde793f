import { z } from 'zod';
import { BANK_RECEIPT_PHOTO_INDEX, PhotoContentType } from './photo-events.js';

const GoldItemIndex = z
  .string({ error: 'Gold item index is required' })
  .trim()
  .regex(/^-?\d{1,3}$/, 'Gold item index must be a whole number')
  .transform(Number)
  .refine(
    (n) => n >= BANK_RECEIPT_PHOTO_INDEX,
    'Gold item index must be a gold item, -1 (all items) or -2 (bank receipt)',
  );

/**
 * The text fields of `POST /api/loans/{id}/photos` (multipart/form-data; the files come
 * as repeated `photos` parts). Field values arrive as strings.
 */
export const UploadPhotosFields = z.object({
  goldItemIndex: GoldItemIndex,
  description: z.string().trim().max(500, 'Description can be at most 500 characters').optional(),
});
export type UploadPhotosFields = z.infer<typeof UploadPhotosFields>;

export const PhotoParams = z.object({
  id: z.uuid('Loan not found'),
  photoId: z.uuid('Photo not found'),
});
export const GoldItemPhotosParams = z.object({ id: z.uuid('Loan not found'), index: GoldItemIndex });

/** A photo as the API shows it. */
export const PhotoView = z.object({
  _id: z.uuid(),
  loanId: z.string(),
  goldItemIndex: z.number().int(),
  /** The seeds read either name. */
  itemIndex: z.number().int(),
  description: z.string(),
  originalName: z.string(),
  /** The stored file's name. */
  filename: z.string(),
  contentType: PhotoContentType,
  /** Bytes. */
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.object({ name: z.string() }),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
});
export type PhotoView = z.infer<typeof PhotoView>;

export const PhotoListResponse = z.object({ success: z.literal(true), data: z.array(PhotoView) });
export const UploadPhotosResponse = PhotoListResponse.extend({ message: z.string() });
export const DeletePhotoResponse = z.object({ success: z.literal(true), message: z.string() });
