import type { FastifyReply } from 'fastify';
import {
  branchStreamId,
  comparePositions,
  DEFAULT_BRANCH_ID,
  LENDING_POLICY,
  LoanEvents,
  LoanIdParams,
  loanStreamId,
  type BranchDetails,
  type BranchEvent,
  type Position,
} from '@goldledger/contracts';
import { evolveBranch, requireBranch, type BranchState } from '../branches/branch.state.js';
import { sessionOf, STAFF_READERS } from '../identity/access.plugin.js';
import type { Charge } from '../lending/apr.js';
import type { App } from '../platform/http/app.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { slipCopy } from '../photos/images.js';
import { loanForCaller } from '../photos/loan-access.js';
import { loadLoanPhotos } from '../photos/photo-commands.js';
import type { SliceDeps } from '../slice-deps.js';
import { appraisalCertificate } from './appraisal-certificate.js';
import { appraisalCertificateDocument } from './appraisal-certificate.document.js';
import { keyFacts } from './key-facts.js';
import { keyFactsDocument } from './key-facts.document.js';
import { imageDataUrl, renderPdf } from './pdf.js';

export type DisclosureRouteDeps = Pick<SliceDeps, 'store' | 'db' | 'blobs'>;

const VIEWERS = [...STAFF_READERS, 'customer'] as const;

/**
 * Charges besides interest. GoldLedger levies none (no processing, valuation or other fee),
 * and the lending policy holds none; a fee would be listed here and so reach the KFS and its APR.
 */
const CHARGES: readonly Charge[] = [];

/** Loan ids are `GL…` and numbers: safe in a header and a file name, but keep it that way. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** The branch as it was when the loan was sanctioned: its later edits do not rewrite a disclosure. */
async function branchAsOf(store: EventStore, branchId: string, at: Position): Promise<BranchDetails> {
  const { events } = await store.readStream(branchStreamId(branchId));
  const state = events
    .filter((e) => comparePositions(e.position, at) < 0)
    .reduce<BranchState>((s, e) => evolveBranch(s, e as unknown as BranchEvent), null);
  return state ?? requireBranch(store, branchId);
}

/** The loan's sanction: its `LoanCreated`, where it sits in the store, and its branch then. */
async function sanctionOf(store: EventStore, loanUuid: string) {
  const { events } = await store.readStream(loanStreamId(loanUuid));
  const event = events.find((e) => e.type === 'LoanCreated')!;
  const created = LoanEvents.LoanCreated.parse(event.data);
  const branch = await branchAsOf(store, created.branchId ?? DEFAULT_BRANCH_ID, event.position);
  // The document's creation date is the sanction's: the same PDF, byte for byte, every time.
  return { created, branch, issuedAt: new Date(event.recordedAt) };
}

/**
 * The disclosures made at sanction (RBI Directions 2025; issue 17): the Key Facts Statement
 * and the appraisal certificate in duplicate. Built from the loan's `LoanCreated` and the
 * policy it was sanctioned under, never from its later life, so each prints the same every
 * time. The loan's customer may fetch them, as staff of its branch may.
 */
export function registerDisclosureRoutes(app: App, deps: DisclosureRouteDeps): void {
  const access = { store: deps.store, db: deps.db };

  app.get(
    '/api/loans/:id/key-facts',
    { config: { access: [...VIEWERS] }, schema: { params: LoanIdParams } },
    async (request, reply) => {
      const { id } = request.params;
      await loanForCaller(access, sessionOf(request), id);
      const { created, branch, issuedAt } = await sanctionOf(deps.store, id);
      // Every loan is priced by the policy version it was sanctioned under; version 1 is the only one yet.
      const facts = keyFacts({ created, branch, policy: LENDING_POLICY, charges: CHARGES });
      const pdf = await renderPdf(keyFactsDocument(facts, created.customer.aadharNumber), issuedAt);
      return sendPdf(reply, pdf, `KeyFacts_${fileSafe(created.loanId)}.pdf`);
    },
  );

  app.get(
    '/api/loans/:id/appraisal-certificate',
    { config: { access: [...VIEWERS] }, schema: { params: LoanIdParams } },
    async (request, reply) => {
      const { id } = request.params;
      await loanForCaller(access, sessionOf(request), id);
      const { created, branch, issuedAt } = await sanctionOf(deps.store, id);
      const certificate = appraisalCertificate(created, branch);
      // Each item's own photo, as the sanction named it; one deleted since reads as none.
      const { photos } = await loadLoanPhotos(deps.store, id);
      const images: Record<string, string> = {};
      const photoKeys = new Map<number, string>();
      for (const item of certificate.items) {
        const photo = item.photoId ? photos.find((p) => p.photoId === item.photoId) : undefined;
        if (!photo) continue;
        const bytes = await slipCopy(deps.blobs, photo, (err) =>
          request.log.warn({ err, photoId: photo.photoId }, 'certificate copy of a photo not kept'),
        );
        if (!bytes) continue;
        const key = `item-${item.number}`;
        images[key] = imageDataUrl(bytes, 'image/jpeg');
        photoKeys.set(item.number, key);
      }
      const pdf = await renderPdf(
        appraisalCertificateDocument(certificate, images, photoKeys, LENDING_POLICY),
        issuedAt,
      );
      return sendPdf(reply, pdf, `AppraisalCertificate_${fileSafe(created.loanId)}.pdf`);
    },
  );
}
