import sharp from 'sharp';
import type { PhotoContentType } from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { PHOTO_POLICY } from './photo.decider.js';

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

/**
 * Checks an upload and makes its thumbnail. Right magic bytes are necessary, not enough:
 * the file must also decode, or it is refused the same way.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw invalidImage();
  try {
    const meta = await sharp(bytes).metadata();
    const thumbnail = await sharp(bytes)
      .autoOrient()
      .resize({ width: PHOTO_POLICY.thumbnailWidth, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_POLICY.thumbnailQuality })
      .toBuffer();
    return { contentType, width: meta.autoOrient.width, height: meta.autoOrient.height, thumbnail };
  } catch {
    throw invalidImage();
  }
}

/**
 * A photo as the slip embeds it: an original over 500 KB is downscaled to at most
 * 200 px at JPEG quality 0.8; a smaller JPEG goes in as it is. A smaller PNG or WebP is
 * re-encoded as JPEG at its own size: PDFs carry JPEG bytes natively, and the PDF writer
 * reads neither WebP nor every kind of PNG.
 */
export async function slipImage(bytes: Buffer, contentType: PhotoContentType): Promise<Buffer> {
  const large = bytes.length > PHOTO_POLICY.slipDownscaleAboveBytes;
  if (!large && contentType === 'image/jpeg') return bytes;
  const image = sharp(bytes).autoOrient();
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
