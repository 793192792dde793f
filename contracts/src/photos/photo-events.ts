import { z } from 'zod';

/** `goldItemIndex` of the photo of all the loan's items together, rather than of one item. */
export const ALL_ITEMS_PHOTO_INDEX = -1;
/** `goldItemIndex` of the bank receipt photo (admins only). */
export const BANK_RECEIPT_PHOTO_INDEX = -2;

/** What the server accepts, decided from the file's first bytes, never from its name or declared type. */
export const PhotoContentType = z.enum(['image/jpeg', 'image/png', 'image/webp']);
export type PhotoContentType = z.infer<typeof PhotoContentType>;

/** Events of a loan's photo stream (`loan-photos-<loanUuid>`, stream type `loan-photos`). Schema version 1. */
export const PhotoEvents = {
  PhotoUploaded: z.object({
    photoId: z.uuid(),
    /** 0, 1, … a gold item of the loan; -1 all items together; -2 the bank receipt. */
    goldItemIndex: z.number().int().min(BANK_RECEIPT_PHOTO_INDEX),
    description: z.string(),
    /** The file name the uploader's device gave (path stripped), for display only. */
    originalName: z.string(),
    /** Where the bytes are in the blob store, exactly as uploaded. */
    blobKey: z.string().min(1),
    /** A JPEG at most `thumbnailWidth` pixels wide. */
    thumbnailKey: z.string().min(1),
    contentType: PhotoContentType,
    /** Bytes of the original. */
    size: z.number().int().positive(),
    /** Pixels, as the photo is shown (EXIF orientation applied). */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    uploadedBy: z.object({ id: z.string(), name: z.string() }),
  }),
  PhotoDeleted: z.object({ photoId: z.uuid() }),
} as const;

export type PhotoEventType = keyof typeof PhotoEvents;
export type PhotoEvent = {
  [K in PhotoEventType]: { type: K; data: z.infer<(typeof PhotoEvents)[K]> };
}[PhotoEventType];
export type PhotoUploadedData = z.infer<typeof PhotoEvents.PhotoUploaded>;

export const LOAN_PHOTOS_STREAM_TYPE = 'loan-photos';
export const loanPhotosStreamId = (loanUuid: string) => `loan-photos-${loanUuid}`;
