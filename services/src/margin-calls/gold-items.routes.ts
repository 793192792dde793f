import {
  AddGoldItemsRequest,
  AddGoldItemsResponse,
  appraiseItems,
  businessDate,
  bpsToPercent,
  ErrorResponse,
  formatInr,
  gramsToMg,
  LoanIdParams,
  mgToGrams,
  type GoldItemInput,
  type GoldItemRecord,
} from '@goldledger/contracts';
import { loanFacts, packetOfLoan, executePacketCommand } from '../custody/custody-commands.js';
import { custodyMover, packetBranch } from '../custody/custody-move.js';
import { pricesOn } from '../gold-prices/gold-price.queries.js';
import { sessionOf, STAFF } from '../identity/access.plugin.js';
import { checkLoanCommand, executeLoanCommand, staleVersion } from '../lending/loan-commands.js';
import type { LoanCommand } from '../lending/loan.decider.js';
import { existingLoan, personOf, toGoldItems } from '../lending/loan.routes.js';
import type { LoanState } from '../lending/loan.state.js';
import { dayPricesFor, measureLtv, type DayPrices } from '../lending/ltv.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import type { SliceDeps } from '../slice-deps.js';
import { ltvView } from './ltv-view.js';

export type GoldItemRouteDeps = Pick<
  SliceDeps,
  'store' | 'db' | 'clock' | 'otp' | 'messages' | 'smsTemplates' | 'config'
>;

/** The form's items as the loan records them, with the appraisal fields the form sent. */
const goldItemsOf = (inputs: GoldItemInput[]): GoldItemRecord[] =>
  toGoldItems(inputs).map((item, k) => {
    const i = inputs[k]!;
    return {
      ...item,
      ...(i.itemType ? { itemType: i.itemType } : {}),
      ...(i.purity ? { purity: i.purity } : {}),
      ...(i.deductions?.length
        ? {
            deductions: i.deductions.map((d) => ({
              kind: d.kind,
              weightMg: gramsToMg(d.weight),
              reason: d.reason,
            })),
          }
        : {}),
      ...(i.photoId ? { photoId: i.photoId } : {}),
    };
  });

/** What the counter is told: the items added, where they went, and the LTV now. */
function answerOf(
  state: LoanState,
  prices: DayPrices,
  added: number,
  packetNumber: string | null,
  cured: boolean,
) {
  const f = measureLtv(state, prices);
  const where = packetNumber ? ` and resealed in packet ${packetNumber}` : '';
  const items = `${added} item${added === 1 ? '' : 's'} added to loan ${state.loanId}${where}.`;
  const ltv = `Loan to value is now ${bpsToPercent(f.ltvBps)}% against a ${bpsToPercent(f.capBps)}% cap`;
  const message = cured
    ? `${items} The margin call is cured: ${ltv.charAt(0).toLowerCase()}${ltv.slice(1)}.`
    : f.within
      ? `${items} ${ltv}.`
      : `${items} ${ltv}: still ${formatInr(f.shortfallPaise)} to pay, or ${mgToGrams(f.goldToAddMg)} g more of 22K gold.`;
  return { message, f };
}

/**
 * Gold added to an open loan (a margin call cured with gold, or a customer topping up
 * their security): the items appraised at today's valuation price, evidence per item as
 * at sanction, appended to the loan. When its gold is sealed, the packet is opened, the
 * items put in and resealed under dual control (a second member of staff confirms, the
 * packet is weighed again), and both streams change in one transaction.
 */
export function registerGoldItemRoutes(app: App, deps: GoldItemRouteDeps): void {
  const { move } = custodyMover(deps);
  const today = () => businessDate(deps.clock.now());

  app.post(
    '/api/loans/:id/gold-items',
    {
      config: { access: [...STAFF], rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: LoanIdParams,
        body: AddGoldItemsRequest,
        response: {
          201: AddGoldItemsResponse,
          400: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const b = request.body;
      const session = sessionOf(request);
      const { state: loan, version } = await existingLoan(deps, id, session);
      if (b.expectedVersion !== undefined && b.expectedVersion !== version) {
        throw staleVersion(loan.loanId, b.expectedVersion, version);
      }
      const day = today();
      const items = goldItemsOf(b.items);
      // 409 "Gold prices for … have not been entered" when the previous working day has none.
      const priceOf = await pricesOn(deps.store, day, loan.policy);
      const prices = dayPricesFor(priceOf, [...loan.goldItems, ...items], day, loan.policy);
      const command: LoanCommand = {
        type: 'AddGoldItems',
        items,
        appraisal: appraiseItems(items, priceOf, day, loan.goldItems.length),
        addedBy: personOf(session),
        today: day,
        prices,
      };
      // Refused here, before a second person's code or password is used.
      checkLoanCommand(command, loan);
      const metadata = metadataOf(request);
      const options = { expectedVersion: b.expectedVersion };
      const packet = await packetOfLoan(deps.store, id, loan);

      let result: Awaited<ReturnType<typeof executeLoanCommand>>;
      if (!packet) {
        result = await executeLoanCommand(deps, id, command, metadata, options);
      } else {
        const sealedIn = `The gold of loan ${loan.loanId} is sealed in packet ${packet.state.packetNumber}`;
        if (!b.confirmer) {
          throw new DomainError(
            `${sealedIn}: a second member of staff must confirm adding gold to it`,
            'confirmer_required',
          );
        }
        if (b.resealedGrossWeight === undefined) {
          throw new DomainError(
            `${sealedIn}: enter the resealed packet's gross weight`,
            'resealed_weight_required',
          );
        }
        const resealedGrossWeightMg = gramsToMg(b.resealedGrossWeight);
        let loanResult: typeof result | undefined;
        await move(
          request,
          id,
          b.confirmer,
          packetBranch,
          (ctx, pair) => ({
            type: 'AddItemsToPacket',
            ...pair,
            addedItemCount: items.length,
            resealedGrossWeightMg,
            reason: null,
            loan: loanFacts(ctx.loan),
          }),
          (ctx, real) =>
            deps.store.transaction(async (store) => {
              const tx = { ...deps, store };
              loanResult = await executeLoanCommand(tx, id, command, metadata, options);
              return executePacketCommand(tx, packet.packetId, real, metadata);
            }),
        );
        result = loanResult!;
      }
      const cured = result.state.marginCall === null && loan.marginCall !== null;
      const { message, f } = answerOf(
        result.state,
        prices,
        items.length,
        packet?.state.packetNumber ?? null,
        cured,
      );
      return reply.status(201).send({
        message,
        data: { ltv: ltvView(id, result.state, f), packetNumber: packet?.state.packetNumber ?? null },
      });
    },
  );
}
