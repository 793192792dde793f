import { api } from '@/lib/api-client';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { auditExportPath, type AuditFilterValues } from '../filters';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE });

/** `GET /api/admin/audit-log/export`: the filter's newest matches as a CSV file, saved by the browser. */
export async function downloadAuditCsv(values: AuditFilterValues): Promise<void> {
  const blob = await api.blob(auditExportPath(values));
  saveFile(blob, `audit-log-${today.format(new Date())}.csv`);
}
