import sharp, { type Metadata } from 'sharp';
import type { PhotoContentType } from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import type { BlobStore } from './blob-store.js';
import { PHOTO_POLICY } from './photo.decider.js';
import type { PhotoRecord } from './photo.state.js';

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type from the file's first bytes. The name and the declared type are the
 * uploader's word; these bytes are what a decoder will actually read.
 */
export function sniffImageType(bytes: Buffer): PhotoContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const EXTENSIONS: Record<PhotoContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const invalidImage = () => new DomainError('Please select valid image files', 'invalid_image');

export interface InspectedImage {
  contentType: PhotoContentType;
  /** As shown: EXIF orientation applied. */
  width: number;
  height: number;
  thumbnail: Buffer;
}

const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);

/** "Each photo must be at most 40 megapixels: ring.png is 16000 × 16000 pixels (256 megapixels)". */
export const tooManyPixels = (name: string, width: number, height: number, maxPixels: number) =>
  new DomainError(
    `Each photo must be at most ${megapixels(maxPixels)} megapixels: ${name} is ${width} × ${height} pixels (${megapixels(width * height)} megapixels)`,
    'photo_too_many_pixels',
    400,
    { maxPixels, width, height },
  );

/**
 * Checks an upload and makes its thumbnail. Right magic bytes are necessary, not enough:
 * the file must also decode, or it is refused the same way. The size in pixels is read
 * from the header first, before any decoding: a few kilobytes can declare a picture
 * whose pixels would take gigabytes, and such a file is refused without being decoded.
 */
export async function inspectImage(
  bytes: Buffer,
  limits: { maxPixels: number; name: string },
): Promise<InspectedImage> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw invalidImage();
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw invalidImage();
  }
  const { width, height } = meta.autoOrient;
  if (width * height > limits.maxPixels) throw tooManyPixels(limits.name, width, height, limits.maxPixels);
  try {
    const thumbnail = await sharp(bytes, { limitInputPixels: limits.maxPixels, sequentialRead: true })
      .autoOrient()
      .resize({ width: PHOTO_POLICY.thumbnailWidth, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_POLICY.thumbnailQuality })
      .toBuffer();
    return { contentType, width, height, thumbnail };
  } catch {
    throw invalidImage();
  }
}

/**
 * A photo as the slip embeds it, never the full picture: an original over 500 KB, or
 * larger than 1200 px on a side, is downscaled to at most 200 px at JPEG quality 0.8; a
 * JPEG within both goes in as it is (the PDF writer copies JPEG bytes without decoding
 * them). A smaller PNG or WebP is re-encoded as JPEG at its own size: PDFs carry JPEG
 * bytes natively, and the PDF writer reads neither WebP nor every kind of PNG. The size
 * is read from the header; the decoder reads the original row by row, so even a picture
 * stored before uploads had a pixel limit costs a few megabytes here.
 */
export async function slipImage(bytes: Buffer, contentType: PhotoContentType): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const large =
    bytes.length > PHOTO_POLICY.slipDownscaleAboveBytes ||
    Math.max(width, height) > PHOTO_POLICY.slipPassThroughMaxSide;
  if (!large && contentType === 'image/jpeg') return bytes;
  const image = sharp(bytes, { sequentialRead: true }).autoOrient();
  if (large) {
    image.resize({
      width: PHOTO_POLICY.slipMaxPixels,
      height: PHOTO_POLICY.slipMaxPixels,
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: PHOTO_POLICY.slipJpegQuality }).toBuffer();
}

/** Where a photo's slip copy is kept: beside its original, `<photoId>.slip.jpg`. */
export const slipKeyOf = (photo: Pick<PhotoRecord, 'blobKey'>) =>
  photo.blobKey.replace(/\.[a-z]+$/, '.slip.jpg');

/**
 * The photo's slip copy (see slipImage), made from the original the first time a slip
 * needs it and kept, so later slips read a few kilobytes instead of decoding the original
 * again; photos stored before copies were kept get theirs on their first slip. Null when
 * the original is gone. A copy that cannot be kept (storage full) is still used.
 */
export async function slipCopy(
  blobs: BlobStore,
  photo: Pick<PhotoRecord, 'blobKey' | 'contentType'>,
  onKeepFailed: (error: unknown) => void = () => undefined,
): Promise<Buffer | null> {
  const key = slipKeyOf(photo);
  const kept = await blobs.get(key);
  if (kept) return kept;
  const original = await blobs.get(photo.blobKey);
  if (!original) return null;
  const copy = await slipImage(original, photo.contentType);
  await blobs.put(key, copy, 'image/jpeg').catch(onKeepFailed);
  return copy;
}
