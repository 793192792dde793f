import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuditLog } from '../api/get-audit-log';
import { appliedFilters, cursorsFor, type Paging } from '../audit-view';
import { filtersFromParams, filtersToParams, type AuditFilterValues, type FilterKey } from '../filters';

const TYPING_DEBOUNCE_MS = 300;

/**
 * The audit search: the filters as typed, kept in the address bar (a search can be bookmarked
 * or shared), and the pages walked with the server's cursor, newest first.
 */
export function useAuditSearch() {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<AuditFilterValues>(() => filtersFromParams(params));
  const settled = useDebouncedValue(draft, TYPING_DEBOUNCE_MS);
  const applied = appliedFilters(draft, settled);
  const filterKey = filtersToParams(applied).toString();
  useEffect(() => {
    if (filterKey !== filtersToParams(filtersFromParams(params)).toString()) {
      setParams(new URLSearchParams(filterKey), { replace: true });
    }
  }, [filterKey, params, setParams]);

  const [paging, setPaging] = useState<Paging>({ key: filterKey, cursors: [null] });
  const cursors = cursorsFor(paging, filterKey);
  const log = useAuditLog(applied, cursors.at(-1) ?? null);

  return {
    draft,
    applied,
    set: (key: FilterKey, value: string) => setDraft((d) => ({ ...d, [key]: value })),
    reset: (values: AuditFilterValues) => setDraft(values),
    log,
    page: cursors.length,
    newer: () => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) }),
    older: (cursor: string | null) => setPaging({ key: filterKey, cursors: [...cursors, cursor] }),
  };
}

export type AuditSearch = ReturnType<typeof useAuditSearch>;
