import { api } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { saveFile } from '@/lib/save-file';
import { auditExportPath, type AuditFilterValues } from '../filters';

/** `GET /api/admin/audit-log/export`: the filter's newest matches as a CSV file, saved by the browser. */
export async function downloadAuditCsv(values: AuditFilterValues): Promise<void> {
  const blob = await api.blob(auditExportPath(values));
  saveFile(blob, `audit-log-${businessToday()}.csv`);
}
