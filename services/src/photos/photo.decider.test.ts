import { describe, expect, it } from 'vitest';
import type { PhotoEvent, Role } from '@goldledger/contracts';
import { deciderSpec } from '../testing/decider-spec.js';
import { photoDecider, type NewPhoto, type PhotoCommand } from './photo.decider.js';
import { sniffImageType } from './images.js';

const spec = deciderSpec(photoDecider);
const loan = { exists: true, goldItemCount: 2 };
const admin = { id: 'u-admin', name: 'Asha Admin', role: 'admin' as const };
const employee = { id: 'u-emp', name: 'Ravi Employee', role: 'employee' as const };

let n = 0;
const photo = (): NewPhoto => {
  n += 1;
  const photoId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    photoId,
    originalName: `ring-${n}.jpg`,
    blobKey: `loan-photos/l/${photoId}.jpg`,
    thumbnailKey: `loan-photos/l/${photoId}.thumb.jpg`,
    contentType: 'image/jpeg',
    size: 1000,
    width: 1200,
    height: 900,
  };
};

const upload = (
  goldItemIndex: number,
  count: number,
  by: { id: string; name: string; role: Role } = employee,
  description = '',
): PhotoCommand => ({
  type: 'UploadPhotos',
  loan,
  goldItemIndex,
  description,
  photos: Array.from({ length: count }, photo),
  uploadedBy: by,
});

/** What an accepted upload of the command records. */
const uploaded = (c: PhotoCommand): PhotoEvent[] => photoDecider.decide(c, photoDecider.initialState());
const decideAfter = (given: PhotoEvent[], c: PhotoCommand) =>
  photoDecider.decide(c, given.reduce(photoDecider.evolve, photoDecider.initialState()));

describe('uploading photos of a gold item', () => {
  it('records one PhotoUploaded per file, with the default description of the item', () => {
    const c = upload(1, 2);
    const events = uploaded(c);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      type: 'PhotoUploaded',
      data: {
        goldItemIndex: 1,
        description: 'Photos for gold item 2',
        uploadedBy: { id: 'u-emp', name: 'Ravi Employee' },
      },
    });
  });

  it('accepts up to 5 per item, across uploads', () => {
    expect(decideAfter(uploaded(upload(0, 3)), upload(0, 2))).toHaveLength(2);
  });

  it('refuses a 6th photo with "At most 5 photos per gold item: gold item 1 already has 5"', () => {
    spec
      .given(uploaded(upload(0, 5)))
      .when(upload(0, 1))
      .thenThrows('At most 5 photos per gold item: gold item 1 already has 5');
  });

  it('refuses 6 at once with "At most 5 photos per gold item"', () => {
    spec
      .given([])
      .when(upload(0, 6))
      .thenThrows(/^At most 5 photos per gold item$/);
  });

  it('counts a deleted photo out', () => {
    const five = uploaded(upload(0, 5));
    const photoId = (five[0]!.data as { photoId: string }).photoId;
    const deleted: PhotoEvent = { type: 'PhotoDeleted', data: { photoId } };
    expect(decideAfter([...five, deleted], upload(0, 1))).toHaveLength(1);
  });

  it('refuses an item the loan does not have', () => {
    spec.given([]).when(upload(2, 1)).thenThrows('This loan has no gold item 3');
    spec.given([]).when(upload(-3, 1)).thenThrows('This loan has no gold item -2');
  });

  it('refuses an empty upload with "No photos to upload"', () => {
    spec.given([]).when(upload(0, 0)).thenThrows('No photos to upload');
  });

  it('refuses a loan that is not there with "Loan not found"', () => {
    spec
      .given([])
      .when({ ...upload(0, 1), loan: { exists: false, goldItemCount: 0 } } as PhotoCommand)
      .thenThrows('Loan not found');
  });
});

describe('the photo of all items together', () => {
  it('is one at most', () => {
    expect(uploaded(upload(-1, 1))[0]).toMatchObject({
      data: { goldItemIndex: -1, description: 'Photos for all items together' },
    });
    spec
      .given(uploaded(upload(-1, 1)))
      .when(upload(-1, 1))
      .thenThrows('A loan can have only 1 photo of all items together');
  });
});

describe('the bank receipt', () => {
  it('is uploaded by an admin only', () => {
    spec
      .given([])
      .when(upload(-2, 1, employee))
      .thenThrows('Only an admin can upload the bank receipt');
    expect(uploaded(upload(-2, 1, admin))).toHaveLength(1);
  });

  it('is one at most', () => {
    spec
      .given(uploaded(upload(-2, 1, admin)))
      .when(upload(-2, 1, admin))
      .thenThrows('A loan can have only 1 bank receipt photo');
  });

  it('is not there for an employee who tries to delete it', () => {
    const receipt = uploaded(upload(-2, 1, admin));
    const photoId = (receipt[0]!.data as { photoId: string }).photoId;
    spec
      .given(receipt)
      .when({ type: 'DeletePhoto', photoId, by: { role: 'employee' } })
      .thenThrows('Photo not found');
    spec
      .given(receipt)
      .when({ type: 'DeletePhoto', photoId, by: { role: 'admin' } })
      .then([{ type: 'PhotoDeleted', data: { photoId } }]);
  });
});

describe('deleting a photo', () => {
  it('refuses an unknown photo with "Photo not found"', () => {
    spec
      .given([])
      .when({ type: 'DeletePhoto', photoId: '00000000-0000-4000-8000-000000000000', by: { role: 'admin' } })
      .thenThrows('Photo not found');
  });
});

describe('an image type', () => {
  it('is read from the first bytes, not the name', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('%PDF-1.7 not a photo'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
