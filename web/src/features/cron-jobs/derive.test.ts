import { describe, expect, it } from 'vitest';
import {
  describeSchedule,
  elapsedMs,
  executionTypeLabel,
  formatDuration,
  jobStatusLabel,
  resultSummary,
} from './derive';

describe('describeSchedule', () => {
  it('reads the daily patterns of the jobs', () => {
    expect(describeSchedule('0 9 * * *', 'Asia/Kolkata')).toBe('Every day at 9:00 AM (IST)');
    expect(describeSchedule('15 0 * * *', 'Asia/Kolkata')).toBe('Every day at 12:15 AM (IST)');
    expect(describeSchedule('45 0 * * *')).toBe('Every day at 12:45 AM');
    expect(describeSchedule('30 13 * * *')).toBe('Every day at 1:30 PM');
    expect(describeSchedule('0 12 * * *')).toBe('Every day at 12:00 PM');
  });

  it('reads weekly, monthly, hourly and minute patterns', () => {
    expect(describeSchedule('0 8 * * 1')).toBe('Every Monday at 8:00 AM');
    expect(describeSchedule('0 8 * * 7')).toBe('Every Sunday at 8:00 AM');
    expect(describeSchedule('0 8 * * 1-5')).toBe('Every weekday (Monday to Friday) at 8:00 AM');
    expect(describeSchedule('0 6 1 * *')).toBe('On day 1 of every month at 6:00 AM');
    expect(describeSchedule('0 * * * *')).toBe('Every hour, on the hour');
    expect(describeSchedule('5 * * * *')).toBe('Every hour at 5 minutes past');
    expect(describeSchedule('*/15 * * * *')).toBe('Every 15 minutes');
  });

  it('shows any other pattern as it is', () => {
    expect(describeSchedule('0 9 * 1 *')).toBe('Cron 0 9 * 1 *');
    expect(describeSchedule('0 9,17 * * *')).toBe('Cron 0 9,17 * * *');
    expect(describeSchedule('@daily')).toBe('Cron @daily');
  });
});

describe('formatDuration', () => {
  it('gives seconds, or minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0.0s');
    expect(formatDuration(850)).toBe('0.9s');
    expect(formatDuration(12_000)).toBe('12s');
    expect(formatDuration(59_400)).toBe('59s');
    expect(formatDuration(60_000)).toBe('1m 0s');
    expect(formatDuration(125_000)).toBe('2m 5s');
  });

  it('shows a dash when there is no duration yet', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
  });
});

describe('resultSummary', () => {
  const run = { recordsProcessed: 0, recordsSuccessful: 0, recordsFailed: 0, error: null };
  it('says what a run did', () => {
    expect(resultSummary({ ...run, status: 'success' })).toBe('Nothing to process');
    expect(resultSummary({ ...run, status: 'success', recordsProcessed: 12, recordsSuccessful: 12 })).toBe(
      '12 processed, 12 succeeded',
    );
    expect(
      resultSummary({
        ...run,
        status: 'success',
        recordsProcessed: 12,
        recordsSuccessful: 10,
        recordsFailed: 2,
      }),
    ).toBe('12 processed, 10 succeeded, 2 failed');
    expect(resultSummary({ ...run, status: 'running' })).toBe('Still running');
  });

  it('gives the error of a failed run', () => {
    expect(resultSummary({ ...run, status: 'failed', error: 'database unreachable' })).toBe(
      'Failed: database unreachable',
    );
    expect(resultSummary({ ...run, status: 'failed' })).toBe('Failed. Nothing to process');
  });
});

describe('labels', () => {
  it('names execution types and job statuses', () => {
    expect(executionTypeLabel('manual')).toBe('Manual');
    expect(executionTypeLabel('scheduled')).toBe('Scheduled');
    expect(executionTypeLabel('backfill')).toBe('Catch-up');
    expect(jobStatusLabel('never_run')).toBe('Never run');
    expect(jobStatusLabel('running')).toBe('Running');
  });

  it('measures the time since a run started', () => {
    const start = '2026-11-21T10:00:00.000Z';
    expect(elapsedMs(start, Date.parse('2026-11-21T10:00:42.000Z'))).toBe(42_000);
    expect(elapsedMs(start, Date.parse('2026-11-21T09:59:00.000Z'))).toBe(0);
    expect(elapsedMs('nonsense', 0)).toBe(0);
  });
});
