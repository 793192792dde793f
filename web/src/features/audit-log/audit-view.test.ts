import { describe, expect, it } from 'vitest';
import {
  appliedFilters,
  countText,
  cursorsFor,
  exportCapped,
  isLateWrite,
  roleLabel,
  roleTone,
  shortRequestId,
} from './audit-view';
import { NO_FILTERS } from './filters';

const page = (value: number, relation: 'eq' | 'gte', rows: number) => ({
  total: { value, relation },
  page: { limit: 50, nextCursor: null },
  data: Array.from({ length: rows }) as never[],
});

describe('the audit log page', () => {
  it('counts what a page shows of the match, and says when the total is only a lower bound', () => {
    expect(countText(page(0, 'eq', 0), 1)).toBe('No events match');
    expect(countText(page(1, 'eq', 1), 1)).toBe('Showing 1–1 of 1 event');
    expect(countText(page(230, 'eq', 50), 2)).toBe('Showing 51–100 of 230 events');
    expect(countText(page(10_000, 'gte', 50), 1)).toBe('Showing 1–50 of more than 10,000 events');
  });

  it('caps the export when the match is larger than the export holds', () => {
    expect(exportCapped({ value: 10, relation: 'eq' })).toBe(false);
    expect(exportCapped({ value: 10, relation: 'gte' })).toBe(true);
    expect(exportCapped({ value: 1_000_000_000, relation: 'eq' })).toBe(true);
  });

  it('searches choices at once and typed text once typing has paused', () => {
    const draft = { ...NO_FILTERS, role: 'admin', actor: 'Ravi K', q: 'gold' };
    const settled = { ...NO_FILTERS, role: '', actor: 'Ravi', q: '' };
    expect(appliedFilters(draft, settled)).toEqual({ ...NO_FILTERS, role: 'admin', actor: 'Ravi', q: '' });
  });

  it('keeps the pages walked for one filter and starts again for another', () => {
    const paging = { key: 'actor=Ravi', cursors: [null, 'c1', 'c2'] };
    expect(cursorsFor(paging, 'actor=Ravi')).toEqual([null, 'c1', 'c2']);
    expect(cursorsFor(paging, 'actor=Asha')).toEqual([null]);
  });

  it('marks events written more than a minute after they happened', () => {
    expect(isLateWrite({ occurredAt: '2026-11-21T10:00:00Z', recordedAt: '2026-11-21T10:00:59Z' })).toBe(
      false,
    );
    expect(isLateWrite({ occurredAt: '2026-11-21T10:00:00Z', recordedAt: '2026-11-21T10:01:01Z' })).toBe(
      true,
    );
  });

  it('names roles, with unknown ones as they are, and shortens long request IDs', () => {
    expect(roleLabel('employee')).toBe('Employee');
    expect(roleLabel('auditor')).toBe('auditor');
    expect(roleTone('admin')).toBe('gold');
    expect(roleTone('auditor')).toBe('neutral');
    expect(shortRequestId('req-1')).toBe('req-1');
    expect(shortRequestId('0123456789abcdef')).toBe('01234567…');
  });
});
