import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatBusinessDateTime, type VaultAuditView } from '@goldledger/contracts';
import { DOCUMENT_STYLES, facts, headRow, header, LENDER_NAME } from '../documents/layout.js';
import type { DocumentDefinition } from '../documents/pdf.js';

/** Grams with three decimals from a gram figure that is whole milligrams: `12.345 g`. */
export function gramsText(g: number): string {
  const mg = Math.round(g * 1000);
  const sign = mg < 0 ? '−' : '';
  const abs = Math.abs(mg);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')} g`;
}

const signed = (g: number) => (g > 0 ? `+${gramsText(g)}` : gramsText(g));

const STATUS_TEXT: Record<string, string> = {
  sealed: 'Sealed, not yet stored',
  in_vault: 'In vault',
  out_for_inspection: 'Out for inspection',
  out_for_release: 'Out for release',
  out_for_auction: 'Out for auction',
  out_for_transfer: 'Out for transfer',
  released: 'Released to the customer',
  sent_to_auction: 'Sent to auction',
  in_transit: 'In transit between branches',
};

const table = (
  widths: Array<number | string>,
  head: string[],
  rows: TableCell[][],
  empty: string,
): Content =>
  rows.length === 0
    ? { text: empty, style: 'muted', margin: [0, 0, 0, 4] }
    : {
        table: { headerRows: 1, widths, body: [headRow(head), ...rows] },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 4],
      };

const who = (p: { name: string; role: string }) => `${p.name} (${p.role})`;

/**
 * The signed audit report (`GET /api/vault/audits/{id}/report.pdf`): who audited which vault
 * and when, expected against found, the missing, extra and weight-difference lists, the
 * remarks, and the signature: the completing auditor's name, the time, and the SHA-256 of
 * the report's content as recorded in the audit's completion event.
 */
export function vaultAuditReportDocument(
  audit: VaultAuditView & { completedBy: NonNullable<VaultAuditView['completedBy']> },
  branchNames: ReadonlyMap<string, string>,
): DocumentDefinition {
  const placeOf = (p: VaultAuditView['expected'][number]): string =>
    p.location
      ? `${STATUS_TEXT[p.status]} · ${p.location.safe} / ${p.location.slot}`
      : STATUS_TEXT[p.status]!;
  const expectedByNumber = new Map(audit.expected.map((p) => [p.packetNumber, p]));
  const c = audit.counts;
  const reconciled = c.missing === 0 && c.extra === 0 && c.weightDifferences === 0;

  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 56],
    info: { title: `Vault audit report ${audit.branch.code}`, subject: `Vault audit ${audit.auditId}` },
    footer: (page, pages) => ({
      text: `${LENDER_NAME} · Vault audit ${audit.auditId} · SHA-256 ${audit.reportSha256!.slice(0, 16)}… · page ${page} of ${pages}`,
      style: 'muted',
      alignment: 'center',
    }),
    content: [
      header('Vault Audit Report', `${audit.branch.name} (${audit.branch.code})`),
      facts([
        ['Audit', audit.auditId],
        ['Branch', `${audit.branch.name} (${audit.branch.code})`],
        ['Started', `${formatBusinessDateTime(audit.startedAt)} by ${who(audit.startedBy)}`],
        ['Completed', `${formatBusinessDateTime(audit.completedAt!)} by ${who(audit.completedBy)}`],
        ['Weight tolerance', `± ${gramsText(audit.toleranceGrams)}`],
        ['Outcome', reconciled ? 'Vault agrees with the books' : 'Differences found: see below'],
      ]),
      { text: 'Figures', style: 'section' },
      {
        table: {
          widths: ['*', '*', '*', '*', '*'],
          body: [
            ['Expected', 'Found', 'Missing', 'Extra', 'Weight differences'].map((text) => ({
              text,
              style: 'th',
              alignment: 'center' as const,
            })),
            [c.expected, c.found, c.missing, c.extra, c.weightDifferences].map((n) => ({
              text: String(n),
              style: 'total',
              alignment: 'center' as const,
            })),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: `Missing (${c.missing}): expected and not found`, style: 'section' },
      table(
        [80, '*', 80, '*'],
        ['Packet', 'Loan', 'Sealed weight', 'Recorded place'],
        audit.result.missing.map((n) => {
          const p = expectedByNumber.get(n)!;
          return [n, p.loanId, gramsText(p.sealedGrossWeight), placeOf(p)];
        }),
        'None.',
      ),
      { text: `Extra (${c.extra}): found and not expected`, style: 'section' },
      table(
        [80, 80, '*'],
        ['Packet', 'Weighed', 'What the books say'],
        audit.result.extra.map((e) => [
          e.packetNumber,
          e.weighedGrossWeight === null ? '-' : gramsText(e.weighedGrossWeight),
          e.identified
            ? `Loan ${e.identified.loanId}; ${STATUS_TEXT[e.identified.status]}; branch ${branchNames.get(e.identified.branchId) ?? e.identified.branchId}`
            : 'No packet of this number in the books',
        ]),
        'None.',
      ),
      { text: `Weight differences (${c.weightDifferences})`, style: 'section' },
      table(
        [80, '*', '*', '*'],
        ['Packet', 'Sealed', 'Weighed', 'Difference'],
        audit.result.weightDifferences.map((w) => [
          w.packetNumber,
          gramsText(w.sealedGrossWeight),
          gramsText(w.weighedGrossWeight),
          signed(w.difference),
        ]),
        'None.',
      ),
      { text: `Found (${c.found})`, style: 'section' },
      table(
        [80, '*', 80, 80],
        ['Packet', 'Loan', 'Sealed weight', 'Weighed'],
        audit.expected
          .filter((p) => p.found)
          .map((p) => [
            p.packetNumber,
            p.loanId,
            gramsText(p.sealedGrossWeight),
            p.weighedGrossWeight === null ? 'not weighed' : gramsText(p.weighedGrossWeight),
          ]),
        'None.',
      ),
      { text: 'Remarks', style: 'section' },
      { text: audit.remarks?.trim() || 'None.' },
      { text: 'Signature', style: 'section' },
      {
        table: {
          widths: ['*'],
          body: [
            [
              {
                stack: [
                  { text: `Signed by ${who(audit.completedBy)}`, style: 'value' },
                  { text: `on ${formatBusinessDateTime(audit.completedAt!)} (${audit.completedAt})` },
                  { text: 'SHA-256 of the report content:', style: 'label', margin: [0, 6, 0, 0] },
                  { text: audit.reportSha256!, font: 'Roboto', fontSize: 8, bold: true },
                  {
                    text:
                      'The digest was recorded when the audit was completed. It is computed over the audit, its ' +
                      'expected packets, every scan and the result above; recomputing it from the audit’s ' +
                      'events shows that this report is the one that was signed.',
                    style: 'muted',
                    margin: [0, 6, 0, 0],
                  },
                ],
                margin: [6, 6, 6, 6],
              },
            ],
          ],
        },
      },
    ],
    styles: DOCUMENT_STYLES,
  };
}
