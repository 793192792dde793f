import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanPhotosStreamId, type PhotoView, type Role } from '@goldledger/contracts';
import { executeLoanCommand } from '../lending/loan-commands.js';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { FileSystemBlobStore } from './blob-store.js';
import {
  filesUnder,
  jpeg,
  makeLoan as makeLoanOf,
  multipart,
  otherCustomer,
  png,
  type FilePart,
} from '../testing/photo-test-support.js';

/** Many loans for the demo customer: each small enough to stay within the LTV tiers on this gold. */
const makeLoan = (api: TestApi, customerRef?: string) => makeLoanOf(api, customerRef, 20_000_00);

let t: TestDatabase;
let api: TestApi;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestDatabase('photos');
  api = await createTestApi(t);
  for (const role of ['admin', 'employee', 'customer'] as const) tokens[role] = await api.tokenFor(role);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

async function upload(loanUuid: string, goldItemIndex: number, files: FilePart[], as: Role = 'employee') {
  const body = await multipart({ goldItemIndex: String(goldItemIndex), description: '' }, files);
  return api.app.inject({
    method: 'POST',
    url: `/api/loans/${loanUuid}/photos`,
    headers: { ...body.headers, 'x-auth-token': tokens[as] },
    payload: body.payload,
  });
}

const get = (url: string, token: string) =>
  api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });

const photoEvents = async (loanUuid: string) =>
  (await api.store.readStream(loanPhotosStreamId(loanUuid))).events.length;

describe('an upload that is not a valid photo', () => {
  it('refuses a non-image renamed .jpg with "Please select valid image files" and stores nothing', async () => {
    const { loanUuid } = await makeLoan(api);
    const fake = Buffer.from('%PDF-1.7\nThis is a bank statement, not a photo of gold.\n');
    const res = await upload(loanUuid, 0, [{ name: 'necklace.jpg', bytes: fake, type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select valid image files');
    expect(await photoEvents(loanUuid)).toBe(0);
    expect(filesUnder(api.blobDir)).toEqual([]);
  });

  it('refuses the whole upload when one file of several is not an image', async () => {
    const { loanUuid } = await makeLoan(api);
    const res = await upload(loanUuid, 0, [
      { name: 'front.jpg', bytes: await jpeg() },
      { name: 'back.jpg', bytes: Buffer.from('just text') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select valid image files');
    expect(await photoEvents(loanUuid)).toBe(0);
    expect(filesUnder(api.blobDir)).toEqual([]);
  });

  it('refuses a file that starts like a JPEG but does not decode', async () => {
    const { loanUuid } = await makeLoan(api);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await upload(loanUuid, 0, [{ name: 'ring.jpg', bytes: broken }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select valid image files');
    expect(await photoEvents(loanUuid)).toBe(0);
  });

  it('refuses an image over 10 MB with "Each photo must be at most 10 MB" and stores nothing', async () => {
    const { loanUuid } = await makeLoan(api);
    // A real JPEG with its tail padded: decoders ignore the padding; the size limit must not.
    const oversized = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(loanUuid, 0, [
      { name: 'small.jpg', bytes: await jpeg() },
      { name: 'huge.jpg', bytes: oversized },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Each photo must be at most 10 MB');
    expect(await photoEvents(loanUuid)).toBe(0);
    expect(filesUnder(api.blobDir)).toEqual([]);
  });

  it('answers "No photos to upload" when no file was sent', async () => {
    const { loanUuid } = await makeLoan(api);
    expect((await upload(loanUuid, 0, [])).json().message).toBe('No photos to upload');
    const asJson = await api.app.inject({
      method: 'POST',
      url: `/api/loans/${loanUuid}/photos`,
      headers: { 'x-auth-token': tokens.employee },
      payload: {},
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json().message).toBe('No photos to upload');
    expect(await photoEvents(loanUuid)).toBe(0);
  });

  it('refuses a missing or unknown gold item index', async () => {
    const { loanUuid } = await makeLoan(api);
    const noIndex = await multipart({}, [{ name: 'a.jpg', bytes: await jpeg() }]);
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/loans/${loanUuid}/photos`,
      headers: { ...noIndex.headers, 'x-auth-token': tokens.employee },
      payload: noIndex.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Gold item index is required');
    const third = await upload(loanUuid, 2, [{ name: 'a.jpg', bytes: await jpeg() }]);
    expect(third.json().message).toBe('This loan has no gold item 3');
    expect(await photoEvents(loanUuid)).toBe(0);
  });

  it('answers 404 "Loan not found" for a loan that does not exist', async () => {
    const res = await upload('00000000-0000-4000-8000-000000000000', 0, [
      { name: 'a.jpg', bytes: await jpeg() },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Loan not found');
  });
});

describe('photos of a gold item', () => {
  let loanUuid: string;
  let uploaded: PhotoView[];
  let original: Buffer;

  beforeAll(async () => {
    ({ loanUuid } = await makeLoan(api));
    original = await jpeg(1200, 900);
    const res = await upload(loanUuid, 0, [
      { name: 'C:\\Users\\shop\\necklace-front.jpg', bytes: original },
      { name: 'necklace-clasp.png', bytes: await png(640, 480), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    uploaded = res.json().data;
  });

  it('are recorded with their size, dimensions, type and uploader', () => {
    expect(uploaded).toHaveLength(2);
    expect(uploaded[0]).toMatchObject({
      goldItemIndex: 0,
      itemIndex: 0,
      description: 'Photos for gold item 1',
      originalName: 'necklace-front.jpg',
      contentType: 'image/jpeg',
      size: original.length,
      width: 1200,
      height: 900,
      uploadedAt: '2026-11-21T04:30:00.000Z',
      uploadedBy: { name: 'Ravi Employee' },
      imageUrl: `/api/loans/${loanUuid}/photos/${uploaded[0]!._id}/image`,
      thumbnailUrl: `/api/loans/${loanUuid}/photos/${uploaded[0]!._id}/thumbnail`,
    });
    expect(uploaded[1]).toMatchObject({ contentType: 'image/png', width: 640, height: 480 });
  });

  it('are listed for the loan and for the item', async () => {
    const all = await get(`/api/loans/${loanUuid}/photos`, tokens.employee);
    expect(all.json()).toMatchObject({ success: true, data: uploaded });
    const item0 = await get(`/api/loans/${loanUuid}/gold-items/0/photos`, tokens.employee);
    expect(item0.json().data.map((p: PhotoView) => p._id)).toEqual(uploaded.map((p) => p._id));
    expect((await get(`/api/loans/${loanUuid}/gold-items/1/photos`, tokens.employee)).json().data).toEqual(
      [],
    );
    expect((await get(`/api/loans/${loanUuid}/photos/public`, tokens.admin)).json().data).toHaveLength(2);
  });

  it('serve the original bytes as uploaded, and a 320 px JPEG thumbnail', async () => {
    const image = await get(uploaded[0]!.imageUrl, tokens.employee);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/private/);
    expect(image.rawPayload.equals(original)).toBe(true);
    const thumb = await get(uploaded[1]!.thumbnailUrl, tokens.employee);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('are kept under the blob folder, original and thumbnail', () => {
    expect(filesUnder(api.blobDir).filter((f) => f.includes(loanUuid))).toHaveLength(4);
  });

  it('are deleted with their files by staff', async () => {
    const { loanUuid: other } = await makeLoan(api);
    const res = await upload(other, 1, [{ name: 'bangle.jpg', bytes: await jpeg() }]);
    const photo: PhotoView = res.json().data[0];
    expect(filesUnder(api.blobDir).filter((f) => f.includes(other))).toHaveLength(2);
    const del = await api.app.inject({
      method: 'DELETE',
      url: `/api/loans/${other}/photos/${photo._id}`,
      headers: { 'x-auth-token': tokens.employee },
    });
    expect(del.json()).toEqual({ success: true, message: 'Photo deleted successfully' });
    expect((await get(`/api/loans/${other}/photos`, tokens.employee)).json().data).toEqual([]);
    expect((await get(photo.imageUrl, tokens.employee)).statusCode).toBe(404);
    expect(filesUnder(api.blobDir).filter((f) => f.includes(other))).toEqual([]);
    const again = await api.app.inject({
      method: 'DELETE',
      url: `/api/loans/${other}/photos/${photo._id}`,
      headers: { 'x-auth-token': tokens.employee },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Photo not found');
  });
});

describe('photo limits', () => {
  it('refuse a 6th photo on a gold item', async () => {
    const { loanUuid } = await makeLoan(api);
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => jpeg(200, 150)));
    const first = await upload(
      loanUuid,
      1,
      five.map((bytes, i) => ({ name: `p${i}.jpg`, bytes })),
    );
    expect(first.statusCode).toBe(201);
    const sixth = await upload(loanUuid, 1, [{ name: 'p6.jpg', bytes: await jpeg(200, 150) }]);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe('At most 5 photos per gold item: gold item 2 already has 5');
    expect(await photoEvents(loanUuid)).toBe(5);
    expect(filesUnder(api.blobDir).filter((f) => f.includes(loanUuid))).toHaveLength(10);
  });

  it('refuse six files in one upload', async () => {
    const { loanUuid } = await makeLoan(api);
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(() => jpeg(100, 100)));
    const res = await upload(
      loanUuid,
      0,
      six.map((bytes, i) => ({ name: `p${i}.jpg`, bytes })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('At most 5 photos can be uploaded at once');
    expect(await photoEvents(loanUuid)).toBe(0);
  });

  it('allow one photo of all items together', async () => {
    const { loanUuid } = await makeLoan(api);
    expect((await upload(loanUuid, -1, [{ name: 'all.jpg', bytes: await jpeg() }])).statusCode).toBe(201);
    const second = await upload(loanUuid, -1, [{ name: 'all2.jpg', bytes: await jpeg() }]);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('A loan can have only 1 photo of all items together');
  });

  it('keep the bank receipt to admins, one at most, and out of everyone else’s sight', async () => {
    const { loanUuid } = await makeLoan(api);
    const byEmployee = await upload(loanUuid, -2, [{ name: 'receipt.jpg', bytes: await jpeg() }], 'employee');
    expect(byEmployee.statusCode).toBe(403);
    expect(byEmployee.json().message).toBe('Only an admin can upload the bank receipt');
    const byAdmin = await upload(loanUuid, -2, [{ name: 'receipt.jpg', bytes: await jpeg() }], 'admin');
    expect(byAdmin.statusCode).toBe(201);
    const receipt: PhotoView = byAdmin.json().data[0];
    const second = await upload(loanUuid, -2, [{ name: 'receipt2.jpg', bytes: await jpeg() }], 'admin');
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('A loan can have only 1 bank receipt photo');
    expect((await get(`/api/loans/${loanUuid}/photos`, tokens.admin)).json().data).toHaveLength(1);
    expect((await get(`/api/loans/${loanUuid}/photos`, tokens.employee)).json().data).toEqual([]);
    expect((await get(receipt.imageUrl, tokens.employee)).statusCode).toBe(404);
    const del = await api.app.inject({
      method: 'DELETE',
      url: `/api/loans/${loanUuid}/photos/${receipt._id}`,
      headers: { 'x-auth-token': tokens.employee },
    });
    expect(del.statusCode).toBe(404);
    expect(await photoEvents(loanUuid)).toBe(1);
  });
});

describe('a customer', () => {
  it('sees the photos of their own loan, and not another customer’s', async () => {
    const own = await makeLoan(api);
    const other = await otherCustomer(api);
    const theirs = await makeLoan(api, other.customerUuid);
    await api.project();
    const ownPhoto: PhotoView = (
      await upload(own.loanUuid, 0, [{ name: 'a.jpg', bytes: await jpeg() }])
    ).json().data[0];
    const theirPhoto: PhotoView = (
      await upload(theirs.loanUuid, 0, [{ name: 'b.jpg', bytes: await jpeg() }])
    ).json().data[0];

    const list = await get(`/api/loans/${own.loanUuid}/photos`, tokens.customer);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: PhotoView) => p._id)).toEqual([ownPhoto._id]);
    expect((await get(ownPhoto.imageUrl, tokens.customer)).statusCode).toBe(200);
    expect((await get(ownPhoto.thumbnailUrl, tokens.customer)).statusCode).toBe(200);

    for (const url of [
      `/api/loans/${theirs.loanUuid}/photos`,
      `/api/loans/${theirs.loanUuid}/photos/public`,
      `/api/loans/${theirs.loanUuid}/gold-items/0/photos`,
      theirPhoto.imageUrl,
      theirPhoto.thumbnailUrl,
    ]) {
      const res = await get(url, tokens.customer);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe('Loan not found');
    }
    // And the other way round.
    expect((await get(theirPhoto.imageUrl, other.token)).statusCode).toBe(200);
    expect((await get(ownPhoto.imageUrl, other.token)).statusCode).toBe(404);
  });

  it('cannot upload or delete', async () => {
    const { loanUuid } = await makeLoan(api);
    expect((await upload(loanUuid, 0, [{ name: 'a.jpg', bytes: await jpeg() }], 'customer')).statusCode).toBe(
      403,
    );
    const del = await api.app.inject({
      method: 'DELETE',
      url: `/api/loans/${loanUuid}/photos/00000000-0000-4000-8000-000000000000`,
      headers: { 'x-auth-token': tokens.customer },
    });
    expect(del.statusCode).toBe(403);
  });
});

describe('a deleted loan', () => {
  it('has no photos to show', async () => {
    const { loanUuid } = await makeLoan(api);
    await upload(loanUuid, 0, [{ name: 'a.jpg', bytes: await jpeg() }]);
    await executeLoanCommand({ store: api.store, clock: api.clock }, loanUuid, {
      type: 'DeleteLoan',
      reason: 'entered twice',
    });
    const res = await get(`/api/loans/${loanUuid}/photos`, tokens.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Loan not found');
  });
});

describe('the filesystem blob store', () => {
  it('puts, gets and deletes by key, and refuses a key that could leave its folder', async () => {
    const blobs = new FileSystemBlobStore(api.blobDir);
    await blobs.put('tests/a/b.bin', Buffer.from('gold'), 'application/octet-stream');
    expect((await blobs.get('tests/a/b.bin'))?.toString()).toBe('gold');
    await blobs.delete('tests/a/b.bin');
    expect(await blobs.get('tests/a/b.bin')).toBeNull();
    await blobs.delete('tests/a/b.bin');
    for (const key of ['../escape', 'a/../../b', '/abs', 'A/Upper', 'a//b', '']) {
      await expect(blobs.get(key), key).rejects.toThrow('Not a blob key');
    }
  });
});
