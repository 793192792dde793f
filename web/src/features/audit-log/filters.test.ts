import { describe, expect, it } from 'vitest';
import {
  auditExportPath,
  auditLogPath,
  filtersFromParams,
  filtersToParams,
  hasFilters,
  NO_FILTERS,
} from './filters';

describe('the audit filters', () => {
  it('read from the address bar, ignoring keys they do not know', () => {
    const values = filtersFromParams(new URLSearchParams('actor=ravi&from=2026-11-01&page=3'));
    expect(values).toEqual({ ...NO_FILTERS, actor: 'ravi', from: '2026-11-01' });
  });

  it('write only what is set, trimmed, in one order whatever order they were set in', () => {
    const a = filtersToParams({ ...NO_FILTERS, to: '2026-11-30', actor: '  Asha ', ip: ' ' });
    const b = filtersToParams({ ...NO_FILTERS, actor: 'Asha', to: '2026-11-30' });
    expect(a.toString()).toBe('actor=Asha&to=2026-11-30');
    expect(b.toString()).toBe(a.toString());
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, ip: '   ' })).toBe(false);
  });

  it('make the page and export addresses of the API', () => {
    const values = { ...NO_FILTERS, eventType: 'GoldRateUpdated', q: 'gold rate' };
    expect(auditLogPath(values, null)).toBe(
      '/api/admin/audit-log?q=gold+rate&eventType=GoldRateUpdated&limit=50',
    );
    expect(auditLogPath(values, '2026-11-21T05:00:00.000000Z_42', 20)).toBe(
      '/api/admin/audit-log?q=gold+rate&eventType=GoldRateUpdated&limit=20&cursor=2026-11-21T05%3A00%3A00.000000Z_42',
    );
    expect(auditExportPath(NO_FILTERS)).toBe('/api/admin/audit-log/export');
    expect(auditExportPath(values)).toBe('/api/admin/audit-log/export?q=gold+rate&eventType=GoldRateUpdated');
  });
});
