import { ALL_ITEMS_PHOTO_INDEX, BANK_RECEIPT_PHOTO_INDEX } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import {
  allDone,
  failureLinesOf,
  jobLine,
  pendingJobs,
  runJobs,
  skippedSlots,
  uploadProgress,
  type UploadJob,
} from './upload-jobs';

const plan = [
  { slot: 0, files: ['a.jpg', 'b.jpg'] },
  { slot: ALL_ITEMS_PHOTO_INDEX, files: ['all.jpg'] },
  { slot: BANK_RECEIPT_PHOTO_INDEX, files: ['receipt.jpg'] },
];

describe('photo uploads (what use-photo-uploads runs)', () => {
  it('sends each slot in turn, reporting which is uploading, and keeps going past a failure', async () => {
    const sent: number[] = [];
    const reports: string[][] = [];
    const final = await runJobs(
      pendingJobs(plan),
      async (job) => {
        sent.push(job.slot);
        if (job.slot === ALL_ITEMS_PHOTO_INDEX) throw new Error('disk full');
      },
      (error) => [(error as Error).message],
      (jobs) => reports.push(jobs.map((j) => j.status)),
    );
    expect(sent).toEqual([0, ALL_ITEMS_PHOTO_INDEX, BANK_RECEIPT_PHOTO_INDEX]);
    expect(reports[0]).toEqual(['pending', 'pending', 'pending']);
    expect(reports[1]).toEqual(['uploading', 'pending', 'pending']);
    expect(reports.at(-1)).toEqual(['done', 'failed', 'done']);
    expect(final[1]).toMatchObject({ status: 'failed', lines: ['disk full'] });
    expect(allDone(final)).toBe(false);
  });

  it('retries only what has not gone up, and clears the old reasons', async () => {
    const jobs: UploadJob<string>[] = [
      { slot: 0, files: ['a.jpg'], status: 'done' },
      { slot: 1, files: ['b.jpg'], status: 'failed', lines: ['timeout'] },
    ];
    const sent: number[] = [];
    const final = await runJobs(
      jobs,
      async (job) => {
        sent.push(job.slot);
      },
      () => [],
      () => undefined,
    );
    expect(sent).toEqual([1]);
    expect(final[1]).toEqual({ slot: 1, files: ['b.jpg'], status: 'done', lines: undefined });
    expect(allDone(final)).toBe(true);
    // The jobs given are not changed in place.
    expect(jobs[1]!.status).toBe('failed');
  });

  it('says how far the uploads have come, and what each line shows', () => {
    const jobs: UploadJob<string>[] = [
      { slot: 0, files: ['a.jpg', 'b.jpg'], status: 'done' },
      { slot: ALL_ITEMS_PHOTO_INDEX, files: ['all.jpg'], status: 'uploading' },
      { slot: BANK_RECEIPT_PHOTO_INDEX, files: ['r.jpg'], status: 'pending' },
      { slot: 1, files: ['c.jpg'], status: 'failed' },
    ];
    expect(uploadProgress(jobs)).toEqual({ done: 1, percent: 25 });
    expect(uploadProgress([])).toEqual({ done: 0, percent: 0 });
    expect(jobs.map(jobLine)).toEqual([
      { label: 'Gold item 1 (2 photos)', status: 'Uploaded' },
      { label: 'All items together (1 photo)', status: 'Uploading...' },
      { label: 'Bank receipt (1 photo)', status: 'Waiting' },
      { label: 'Gold item 2 (1 photo)', status: 'Failed' },
    ]);
  });

  it('lists the failed slots in the seeds’ words, with the server’s reasons', () => {
    const jobs: UploadJob<string>[] = [
      { slot: 0, files: [], status: 'failed', lines: ['Too large', 'Not an image'] },
      { slot: BANK_RECEIPT_PHOTO_INDEX, files: [], status: 'failed' },
      { slot: 1, files: [], status: 'done' },
    ];
    expect(failureLinesOf(jobs)).toEqual([
      'Failed to upload photos for gold item 1: Too large; Not an image',
      'Failed to upload bank receipt photo',
    ]);
    expect(skippedSlots(jobs)).toEqual([
      'Failed to upload photos for gold item 1',
      'Failed to upload bank receipt photo',
    ]);
  });
});
