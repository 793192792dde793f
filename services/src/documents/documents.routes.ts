import type { FastifyReply } from 'fastify';
import {
  ALL_ITEMS_PHOTO_INDEX,
  LoanEvents,
  LoanIdParams,
  PaymentIdParams,
  loanStreamId,
  releaseDueBy,
  type LedgerSnapshot,
  type LoanEvent,
  businessDate,
} from '@goldledger/contracts';
import { z } from 'zod';
import { ADMIN_READERS, sessionOf, STAFF_READERS } from '../identity/access.plugin.js';
import { auctionReadyDate, payoffOfLoan } from '../lending/loan.rules.js';
import { evolveLoan, initialLoanState } from '../lending/loan.state.js';
import { loanView } from '../lending/loan-command-answer.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { slipCopy } from '../photos/images.js';
import { loanForCaller } from '../photos/loan-access.js';
import { loadLoanPhotos } from '../photos/photo-commands.js';
import { requireBranch } from '../branches/branch.state.js';
import type { Issuer } from './layout.js';
import { compensationReceiptDocument } from './compensation-receipt.document.js';
import { loanReceiptDocument } from './loan-receipt.document.js';
import { loanSlipDocument, type SlipPhoto } from './loan-slip.document.js';
import { paymentReceiptDocument, type PaymentReceipt } from './payment-receipt.document.js';
import { imageDataUrl, renderPdf } from './pdf.js';
import type { SliceDeps } from '../slice-deps.js';

export type DocumentRouteDeps = Pick<SliceDeps, 'store' | 'clock' | 'db' | 'blobs'>;

const VIEWERS = [...STAFF_READERS, 'customer'] as const;

/** The branch a loan belongs to, as its documents name it (the lender's office for the borrower). */
async function issuerOf(store: DocumentRouteDeps['store'], branchId: string): Promise<Issuer> {
  const branch = await requireBranch(store, branchId);
  return { branchName: branch.name, address: branch.address, phone: branch.phone };
}

const PayoutParams = z.object({ id: z.uuid('Loan not found'), payoutId: z.uuid('Payout not found') });

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string, disposition: 'attachment' | 'inline') {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `${disposition}; filename="${filename}"`)
      // Balances move and the data is personal: never from a shared cache, never stale.
      .header('cache-control', 'private, no-store')
      .send(pdf)
  );
}

/** Loan ids are `GL…` and numbers: safe in a header and a file name, but keep it that way. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * The loan's PDFs: the loan receipt, one receipt per payment, one per payout of
 * compensation for a late release of the gold, and the Loan Acknowledgement slip. Built on request from the loan's stream,
 * so they always agree with the books; nothing is stored.
 */
export function registerDocumentRoutes(app: App, deps: DocumentRouteDeps): void {
  const access = { store: deps.store, db: deps.db };
  const now = () => deps.clock.now();

  app.get(
    '/api/loans/:id/receipt',
    { config: { access: [...VIEWERS] }, schema: { params: LoanIdParams } },
    async (request, reply) => {
      const { id } = request.params;
      const { state } = await loanForCaller(access, sessionOf(request), id);
      const today = businessDate(now());
      const pdf = await renderPdf(
        loanReceiptDocument(
          loanView(id, state, today),
          state.customer!,
          today,
          await issuerOf(deps.store, state.branchId),
        ),
        now(),
      );
      return sendPdf(reply, pdf, `LoanReceipt_${fileSafe(state.loanId)}.pdf`, 'attachment');
    },
  );

  app.get(
    '/api/loans/:id/payments/:paymentId/receipt',
    { config: { access: [...VIEWERS] }, schema: { params: PaymentIdParams } },
    async (request, reply) => {
      const { id, paymentId } = request.params;
      const { state } = await loanForCaller(access, sessionOf(request), id);
      const payment = state.payments.find((p) => p.paymentId === paymentId);
      if (!payment) throw new DomainError('Payment not found', 'payment_not_found', 404);
      // The books right after this payment counted, as its own events recorded them: a
      // receipt printed again next year says what it said on the day.
      const { events } = await deps.store.readStream(loanStreamId(id));
      const about = (type: string) =>
        events.find((e) => e.type === type && (e.data as { paymentId?: string }).paymentId === paymentId);
      const recorded = LoanEvents.PaymentRecorded.parse(about('PaymentRecorded')!.data);
      const approvedEvent = about('PaymentApproved');
      const reversedEvent = about('PaymentReversed');
      const ledger: LedgerSnapshot = approvedEvent
        ? LoanEvents.PaymentApproved.parse(approvedEvent.data).ledger
        : recorded.ledger;
      // The balance right after this payment counted: the loan as its events stood then,
      // priced on the payment's date by the closing quote's own function (issue 19).
      const counted = events.indexOf(approvedEvent ?? about('PaymentRecorded')!);
      const then = events
        .slice(0, counted + 1)
        .reduce((s, e) => evolveLoan(s, e as unknown as LoanEvent), initialLoanState());
      const balance = payoffOfLoan({ ...then, policy: state.policy }, payment.date);
      const receiptNumber = payment.receiptNumber;
      const receipt: PaymentReceipt = {
        receiptNumber,
        loanId: state.loanId,
        paymentId,
        customerName: state.customer!.name,
        customerId: state.customer!.customerId,
        paymentDate: payment.date,
        amountPaise: payment.amountPaise,
        method: payment.method,
        transactionId: recorded.transactionId,
        bankName: recorded.bankName,
        status: payment.status,
        reversalReason: reversedEvent ? LoanEvents.PaymentReversed.parse(reversedEvent.data).reason : null,
        receivedBy: recorded.enteredBy.name,
        totalLoanAmountPaise: state.principalPaise,
        totalPaidPaise: ledger.totalPaidPaise,
        remainingBalancePaise: balance.totalDuePaise,
        balanceAsOf: balance.asOf,
        issuer: await issuerOf(deps.store, state.branchId),
        split: payment.split,
      };
      const pdf = await renderPdf(paymentReceiptDocument(receipt), now());
      return sendPdf(reply, pdf, `Receipt_${fileSafe(receiptNumber)}.pdf`, 'attachment');
    },
  );

  app.get(
    '/api/loans/:id/release-compensation/:payoutId/receipt',
    // Admins pay compensation out: they, auditors and the customer read its receipts.
    { config: { access: [...ADMIN_READERS, 'customer'] }, schema: { params: PayoutParams } },
    async (request, reply) => {
      const { id, payoutId } = request.params;
      const { state } = await loanForCaller(access, sessionOf(request), id);
      const index = state.release.payouts.findIndex((p) => p.payoutId === payoutId);
      const payout = state.release.payouts[index];
      if (!payout) throw new DomainError('Payout not found', 'payout_not_found', 404);
      // The days this payout covers: the accrued days after those earlier payouts covered.
      const { events } = await deps.store.readStream(loanStreamId(id));
      const accruedDays = events
        .filter((e) => e.type === 'ReleaseCompensationAccrued')
        .flatMap((e) => LoanEvents.ReleaseCompensationAccrued.parse(e.data).days);
      const before = state.release.payouts.slice(0, index).reduce((sum, p) => sum + p.days, 0);
      const receiptNumber = `${state.loanId}_C${index + 1}`;
      const pdf = await renderPdf(
        compensationReceiptDocument({
          receiptNumber,
          loanId: state.loanId,
          payoutId,
          customerName: state.customer!.name,
          customerId: state.customer!.customerId,
          closedOn: state.closedOn ?? payout.paidOn,
          releaseDueBy: releaseDueBy(state.closedOn ?? payout.paidOn, state.policy),
          returnedOn:
            state.goldReturn.returnedOn && state.goldReturn.returnedOn <= payout.paidOn
              ? state.goldReturn.returnedOn
              : null,
          paidOn: payout.paidOn,
          amountPaise: payout.amountPaise,
          days: payout.days,
          ratePaisePerDay:
            payout.days > 0
              ? Math.round(payout.amountPaise / payout.days)
              : state.policy.releaseDelayCompensationPaisePerDay,
          delayDays: accruedDays.slice(before, before + payout.days),
          method: payout.method,
          reference: payout.reference,
          paidBy: payout.paidBy.name,
        }),
        now(),
      );
      return sendPdf(reply, pdf, `CompensationReceipt_${fileSafe(receiptNumber)}.pdf`, 'attachment');
    },
  );

  app.get(
    '/api/loans/:id/slip',
    { config: { access: [...STAFF_READERS] }, schema: { params: LoanIdParams } },
    async (request, reply) => {
      const { id } = request.params;
      const { state } = await loanForCaller(access, sessionOf(request), id);
      // Item photos by item, then the group photo; the bank receipt is the office's, not the customer's.
      const { photos } = await loadLoanPhotos(deps.store, id);
      const shown = photos
        .filter((p) => p.goldItemIndex >= ALL_ITEMS_PHOTO_INDEX)
        .map((p, order) => ({ p, order }))
        .sort((a, b) => {
          const rank = (i: number) => (i === ALL_ITEMS_PHOTO_INDEX ? Number.MAX_SAFE_INTEGER : i);
          return rank(a.p.goldItemIndex) - rank(b.p.goldItemIndex) || a.order - b.order;
        });
      const images: Record<string, string> = {};
      const slipPhotos: SlipPhoto[] = [];
      for (const { p } of shown) {
        const bytes = await slipCopy(deps.blobs, p, (err) =>
          request.log.warn({ err, photoId: p.photoId }, 'slip copy of a photo not kept'),
        );
        if (!bytes) continue;
        const key = `photo-${p.photoId}`;
        images[key] = imageDataUrl(bytes, 'image/jpeg');
        slipPhotos.push({
          image: key,
          caption: p.goldItemIndex === ALL_ITEMS_PHOTO_INDEX ? 'All items' : `Item ${p.goldItemIndex + 1}`,
        });
      }
      const pdf = await renderPdf(
        loanSlipDocument({
          loanId: state.loanId,
          loanDate: state.disbursementDate,
          customer: state.customer!,
          principalPaise: state.principalPaise,
          annualRatePercent: state.annualRateBps / 100,
          termMonths: state.termMonths,
          repaymentType: state.repaymentType,
          monthlyPaymentPaise: state.monthlyPaymentPaise,
          totalPaymentPaise: state.totalPaymentPaise,
          finalAuctionDate: auctionReadyDate(state),
          goldItems: state.goldItems,
          photos: slipPhotos,
          images,
          printedOn: businessDate(now()),
          issuer: await issuerOf(deps.store, state.branchId),
        }),
        now(),
      );
      return sendPdf(reply, pdf, `LoanSlip_${fileSafe(state.loanId)}.pdf`, 'inline');
    },
  );
}
