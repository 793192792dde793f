import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** A PNG file of these dimensions and pixel format around raw scanlines (each led by its filter byte). */
function pngFile(
  width: number,
  height: number,
  bitDepth: number,
  colourType: number,
  raw: Buffer,
  level: number,
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A valid PNG of one flat colour, 1 bit per pixel (greyscale): a few kilobytes on disk
 * however many pixels it declares (16000 × 16000 is about 31 KB), like the upload in
 * issue 15, point 16.
 */
export function flatPng(width: number, height: number): Buffer {
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed pixels, all zero
  return pngFile(width, height, 1, 0, Buffer.alloc(rowBytes * height), 9);
}

/**
 * A valid PNG of random RGB pixels: noise does not compress, so a W×H image is about
 * W×H×3 bytes — a phone photo's size without an image library.
 */
export function noisePng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]));
  return pngFile(width, height, 8, 2, Buffer.concat(rows), 6);
}
