import { slotLabel, uploadFailure, type PhotoSlot } from './photos';

/**
 * The photo uploads that follow a new loan, as pure rules: each slot's files go up one
 * slot at a time; a retry sends only the slots that have not gone up; what the progress
 * list and the failure alert say. use-photo-uploads.ts runs them against the API.
 */

export type UploadStatus = 'pending' | 'uploading' | 'done' | 'failed';

export interface UploadJob<F = File> {
  slot: PhotoSlot;
  files: F[];
  status: UploadStatus;
  /** Why it failed, one line each. */
  lines?: string[];
}

/** A fresh job for each slot of the plan. */
export const pendingJobs = <F>(plan: ReadonlyArray<{ slot: PhotoSlot; files: F[] }>): UploadJob<F>[] =>
  plan.map((p) => ({ ...p, status: 'pending' }));

/**
 * Sends every job not yet done, in order, and reports the list after each change (so the
 * screen shows which is uploading). A failure is kept with its lines and the next job goes
 * on; the answer is the final list.
 */
export async function runJobs<F>(
  jobs: readonly UploadJob<F>[],
  upload: (job: UploadJob<F>) => Promise<void>,
  failureLines: (error: unknown) => string[],
  publish: (jobs: UploadJob<F>[]) => void,
): Promise<UploadJob<F>[]> {
  const current = jobs.map((j) => ({ ...j }));
  const report = () => publish(current.map((j) => ({ ...j })));
  report();
  for (const job of current) {
    if (job.status === 'done') continue;
    job.status = 'uploading';
    job.lines = undefined;
    report();
    try {
      await upload(job);
      job.status = 'done';
    } catch (error) {
      job.status = 'failed';
      job.lines = failureLines(error);
    }
    report();
  }
  return current;
}

export const allDone = (jobs: readonly UploadJob<unknown>[]): boolean =>
  jobs.every((j) => j.status === 'done');

/** How far the uploads have come: done of all, as a count and a percentage. */
export function uploadProgress(jobs: readonly UploadJob<unknown>[]): { done: number; percent: number } {
  const done = jobs.filter((j) => j.status === 'done').length;
  return { done, percent: jobs.length === 0 ? 0 : (done / jobs.length) * 100 };
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  done: 'Uploaded',
  failed: 'Failed',
  uploading: 'Uploading...',
  pending: 'Waiting',
};

/** One line of the progress list: `Gold item 1 (2 photos)` and its status. */
export function jobLine(job: UploadJob<unknown>): { label: string; status: string } {
  const n = job.files.length;
  return {
    label: `${slotLabel(job.slot)} (${n} ${n === 1 ? 'photo' : 'photos'})`,
    status: STATUS_TEXT[job.status],
  };
}

/** What the failure alert lists: each failed slot's message, with the server's reasons. */
export const failureLinesOf = (jobs: readonly UploadJob<unknown>[]): string[] =>
  jobs
    .filter((j) => j.status === 'failed')
    .map((j) => `${uploadFailure(j.slot)}${j.lines?.length ? `: ${j.lines.join('; ')}` : ''}`);

/** What the wizard is told about the photos staff went on without. */
export const skippedSlots = (jobs: readonly UploadJob<unknown>[]): string[] =>
  jobs.filter((j) => j.status === 'failed').map((j) => uploadFailure(j.slot));
