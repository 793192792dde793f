import { useState } from 'react';
import type { StaffArea } from '@/lib/staff-area';
import type { CreatedLoan } from '../api/create-loan';
import { uploadPhotos } from '../api/upload-photos';
import { errorLines } from '../errors';
import type { GoldItemDraft } from '../loan-form';
import { photoDescription, uploadPlan } from '../photos';
import { allDone, pendingJobs, runJobs, type UploadJob } from '../upload-jobs';
import type { ChosenPhoto } from './photo-picker';

/**
 * The loan step's photos: those chosen for each item (by the item's key), for all items
 * together and (admins) the bank receipt; and, once the loan exists, their uploads, with a
 * retry of the failed ones. The rules are upload-jobs.ts's; this holds the state.
 */
export function usePhotoUploads(area: StaffArea) {
  const [itemPhotos, setItemPhotos] = useState<Record<string, ChosenPhoto[]>>({});
  const [allPhotos, setAllPhotos] = useState<ChosenPhoto[]>([]);
  const [bankPhotos, setBankPhotos] = useState<ChosenPhoto[]>([]);
  const [uploads, setUploads] = useState<UploadJob[]>([]);

  const photosOf = (itemKey: string) => itemPhotos[itemKey] ?? [];
  const setPhotosOf = (itemKey: string, photos: ChosenPhoto[]) =>
    setItemPhotos((all) => ({ ...all, [itemKey]: photos }));
  const forgetItem = (itemKey: string) => setItemPhotos(({ [itemKey]: _removed, ...rest }) => rest);

  /** Uploads every job not yet done; true when all have gone up. */
  const run = async (loan: CreatedLoan, jobs: readonly UploadJob[]): Promise<boolean> => {
    const final = await runJobs(
      jobs,
      (job) => uploadPhotos(loan._id, job.slot, photoDescription(job.slot), job.files).then(() => undefined),
      (error) => errorLines(error, 'Upload failed'),
      setUploads,
    );
    return allDone(final);
  };

  /** The uploads for a new loan, in the order the plan gives (items, all items, bank receipt). */
  const uploadFor = (loan: CreatedLoan, items: readonly GoldItemDraft[]) =>
    run(
      loan,
      pendingJobs(
        uploadPlan(
          items.map((i) => photosOf(i.key).map((p) => p.file)),
          allPhotos.map((p) => p.file),
          area === 'admin' ? bankPhotos.map((p) => p.file) : [],
        ),
      ),
    );

  return {
    photosOf,
    setPhotosOf,
    forgetItem,
    allPhotos,
    setAllPhotos,
    bankPhotos,
    setBankPhotos,
    uploads,
    uploadFor,
    /** Sends again the uploads that have not gone up. */
    retry: (loan: CreatedLoan) => run(loan, uploads),
  };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
