import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileSystemBlobStore } from '../../services/src/photos/blob-store.js';
import { executePhotoCommand } from '../../services/src/photos/photo-commands.js';
import { filesUnder, makeLoan, multipart } from '../../services/src/testing/photo-test-support.js';
import {
  createTestApi,
  createTestDatabase,
  type TestApi,
  type TestDatabase,
} from '@goldledger/services/testing';
import { flatPng } from '../support/png.js';

/**
 * Issue 15, point 16: a 31 KB PNG of 16000 × 16000 pixels uploaded fine, and each slip
 * that embedded it took 1.4 GB. Uploads above the pixel limit (40 megapixels) are
 * refused; the slip embeds a downscaled copy of every photo, old ones included.
 */
const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'goldledger-images-'));

/**
 * What 11 photos at the limit (a full set: 5 + 5 + the group photo) may add to a slip's
 * peak resident memory over a slip without photos, none of them with a slip copy yet
 * (the costliest case). Measured here: about 45 MB; before issue 15, 500 MB (and 1.4 GB
 * for one 16000 × 16000 photo).
 */
const SLIP_PHOTOS_RSS_BOUND = 96 * 1024 * 1024;
const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

let t: TestDatabase;
let api: TestApi;
let employee: string;

beforeAll(async () => {
  t = await createTestDatabase('security_images');
  api = await createTestApi(t);
  employee = await api.tokenFor('employee');
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

async function upload(loanUuid: string, name: string, bytes: Buffer) {
  const body = await multipart({ goldItemIndex: '0' }, [{ name, bytes, type: 'image/png' }]);
  return api.app.inject({
    method: 'POST',
    url: `/api/loans/${loanUuid}/photos`,
    headers: { ...body.headers, 'x-auth-token': employee },
    payload: body.payload,
  });
}

/** Width × height of each image drawn in a PDF (poppler's pdfimages). */
async function pdfImageSizes(pdf: Buffer): Promise<string[]> {
  const file = path.join(work, `slip-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/))
    .map((r) => `${r[3]}x${r[4]}`);
}

describe('images above the pixel limit', () => {
  it('refuses the 31 KB PNG of 16000 × 16000 pixels at upload, with a message, and stores nothing', async () => {
    const { loanUuid } = await makeLoan(api);
    const bomb = flatPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(40 * 1024);
    const res = await upload(loanUuid, 'tiny.png', bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'Each photo must be at most 40 megapixels: tiny.png is 16000 × 16000 pixels (256 megapixels)',
    );
    expect(filesUnder(api.blobDir).filter((f) => f.includes(loanUuid))).toEqual([]);
    const list = await api.app.inject({
      method: 'GET',
      url: `/api/loans/${loanUuid}/photos`,
      headers: { 'x-auth-token': employee },
    });
    expect(list.json().data).toEqual([]);
  });

  it('accepts an image at the limit (8000 × 5000, 40 megapixels)', async () => {
    const { loanUuid } = await makeLoan(api);
    const res = await upload(loanUuid, 'limit.png', flatPng(8000, 5000));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({ width: 8000, height: 5000 });
  });
});

describe('photos on the slip', () => {
  it('a photo stored before the limit (16000 × 16000) still prints, downscaled to 200 px', async () => {
    const { loanUuid } = await makeLoan(api);
    const blobs = new FileSystemBlobStore(api.blobDir);
    const photoId = '0b7f5a8e-2f4e-4d8e-9d7a-5c1e2b3a4f60';
    const blobKey = `loan-photos/${loanUuid}/${photoId}.png`;
    const thumbnailKey = `loan-photos/${loanUuid}/${photoId}.thumb.jpg`;
    await blobs.put(blobKey, flatPng(16_000, 16_000), 'image/png');
    await blobs.put(thumbnailKey, flatPng(320, 320), 'image/jpeg');
    await executePhotoCommand(api, loanUuid, {
      type: 'UploadPhotos',
      loan: { exists: true, goldItemCount: 2 },
      goldItemIndex: 0,
      description: '',
      photos: [
        {
          photoId,
          originalName: 'old.png',
          blobKey,
          thumbnailKey,
          contentType: 'image/png',
          size: 31_190,
          width: 16_000,
          height: 16_000,
        },
      ],
      uploadedBy: { id: api.users.employee, name: 'Employee', role: 'employee' },
    });
    const slip = await api.app.inject({
      method: 'GET',
      url: `/api/loans/${loanUuid}/slip`,
      headers: { 'x-auth-token': employee },
    });
    expect(slip.statusCode).toBe(200);
    expect(await pdfImageSizes(slip.rawPayload)).toEqual(['200x200', '200x200']);
    // The copy is kept: the next slip reads it instead of decoding the original again.
    expect(filesUnder(api.blobDir).filter((f) => f.endsWith(`${photoId}.slip.jpg`))).toHaveLength(1);
    // Deleting the photo takes its copy too.
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `/api/loans/${loanUuid}/photos/${photoId}`,
      headers: { 'x-auth-token': employee },
    });
    expect(deleted.statusCode).toBe(200);
    expect(filesUnder(api.blobDir).filter((f) => f.includes(photoId))).toEqual([]);
  });

  it(`keeps a slip with 11 photos at the limit within ${MB(SLIP_PHOTOS_RSS_BOUND)} of one without photos`, async () => {
    const file = path.join(work, 'limit.png');
    writeFileSync(file, flatPng(8000, 5000));
    const probe = async (files: string[]) => {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'support/slip-memory-probe.ts'), ...files],
        { cwd: REPO_ROOT, maxBuffer: 1024 * 1024 },
      );
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as { peakRssBytes: number; photos: number };
    };
    const empty = await probe([]);
    const full = await probe(Array<string>(11).fill(file));
    expect(full.photos).toBe(11);
    const added = full.peakRssBytes - empty.peakRssBytes;
    expect(added, `${MB(full.peakRssBytes)} with photos, ${MB(empty.peakRssBytes)} without`).toBeLessThan(
      SLIP_PHOTOS_RSS_BOUND,
    );
  });
});
