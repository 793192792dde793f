import {
  CompleteVaultAuditRequest,
  ScanPacketRequest,
  StartVaultAuditRequest,
  VaultAuditListQuery,
  VaultAuditListResponse,
  VaultAuditParams,
  VaultAuditResponse,
} from '@goldledger/contracts';
import { branchScopeOf } from '../branches/branch-scope.js';
import { sessionOf } from '../identity/access.plugin.js';
import { renderPdf } from '../documents/pdf.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import { completeVaultAudit, loadVaultAudit, scanPacket, startVaultAudit } from './vault-audit.commands.js';
import { auditView, listVaultAudits } from './vault-audit.queries.js';
import { vaultAuditReportDocument } from './vault-audit-report.document.js';
import { vaultBranch } from './vault-branches.js';
import type { VaultDeps } from './vault-register.routes.js';

/**
 * Who audits: admins now; the auditor role (read-only but for audits) joins these at merge.
 * Employees neither see nor run audits: an audit checks their own vault, unannounced.
 */
export const AUDITORS = ['admin', 'auditor'] as const;

/** Issue 16, point 6: surprise audits of a branch vault, their history and the signed report. */
export function registerVaultAuditRoutes(app: App, deps: VaultDeps): void {
  const viewOf = async (request: Parameters<typeof sessionOf>[0], id: string) => {
    const { state } = await loadVaultAudit(deps.store, sessionOf(request), id);
    return auditView(state);
  };

  app.post(
    '/api/vault/audits',
    { config: { access: [...AUDITORS] }, schema: { body: StartVaultAuditRequest } },
    async (request, reply) => {
      const auditId = await startVaultAudit(
        deps,
        sessionOf(request),
        request.body.branchId,
        metadataOf(request),
      );
      return reply.status(201).send({ success: true, data: await viewOf(request, auditId) });
    },
  );

  app.get(
    '/api/vault/audits',
    {
      config: { access: [...AUDITORS] },
      schema: { querystring: VaultAuditListQuery, response: { 200: VaultAuditListResponse } },
    },
    async (request) => {
      const session = sessionOf(request);
      return {
        success: true as const,
        data: await listVaultAudits(
          deps.db,
          deps.store,
          session,
          branchScopeOf(session),
          request.query.branchId,
        ),
      };
    },
  );

  app.get(
    '/api/vault/audits/:id',
    {
      config: { access: [...AUDITORS] },
      schema: { params: VaultAuditParams, response: { 200: VaultAuditResponse } },
    },
    async (request) => ({ success: true as const, data: await viewOf(request, request.params.id) }),
  );

  app.post(
    '/api/vault/audits/:id/scans',
    { config: { access: [...AUDITORS] }, schema: { params: VaultAuditParams, body: ScanPacketRequest } },
    async (request, reply) => {
      await scanPacket(deps, sessionOf(request), request.params.id, request.body, metadataOf(request));
      return reply.status(201).send({ success: true, data: await viewOf(request, request.params.id) });
    },
  );

  app.post(
    '/api/vault/audits/:id/complete',
    {
      config: { access: [...AUDITORS] },
      schema: { params: VaultAuditParams, body: CompleteVaultAuditRequest },
    },
    async (request) => {
      await completeVaultAudit(
        deps,
        sessionOf(request),
        request.params.id,
        request.body.remarks,
        metadataOf(request),
      );
      return { success: true, data: await viewOf(request, request.params.id) };
    },
  );

  app.get(
    '/api/vault/audits/:id/report.pdf',
    { config: { access: [...AUDITORS] }, schema: { params: VaultAuditParams } },
    async (request, reply) => {
      const audit = await viewOf(request, request.params.id);
      if (audit.status !== 'completed' || !audit.completedBy || !audit.completedAt) {
        throw new DomainError(
          'The audit is still in progress: complete it to get its signed report',
          'audit_in_progress',
          409,
        );
      }
      const branchIds = new Set([
        audit.branch.id,
        ...audit.result.extra.flatMap((e) => e.identified?.branchId ?? []),
      ]);
      const branchNames = new Map<string, string>();
      for (const id of branchIds) {
        const b = await vaultBranch(deps.store, id);
        if (b) branchNames.set(id, `${b.name} (${b.code})`);
      }
      // Dated by its completion, so the same audit always renders the same document.
      const pdf = await renderPdf(
        vaultAuditReportDocument({ ...audit, completedBy: audit.completedBy }, branchNames),
        new Date(audit.completedAt),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="VaultAudit_${audit.branch.code.replace(/[^A-Za-z0-9]/g, '_')}_${audit.completedAt.slice(0, 10)}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
