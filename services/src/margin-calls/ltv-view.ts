import { bpsToPercent, mgToGrams, paiseToRupees, type LoanLtv } from '@goldledger/contracts';
import type { LoanState } from '../lending/loan.state.js';
import { daysInBreach, ltvStatus, marginCallDeadline, type LtvFigures } from '../lending/ltv.js';

/** A loan's LTV on a day as `GET /api/loans/:id/ltv` answers it: rupees and grams. */
export function ltvView(loanUuid: string, loan: LoanState, f: LtvFigures): LoanLtv {
  const r = paiseToRupees;
  const call = loan.marginCall;
  return {
    _id: loanUuid,
    loanId: loan.loanId,
    asOf: f.asOf,
    status: ltvStatus(loan, f),
    repaymentType: loan.repaymentType,
    owed: r(f.owed.owedPaise),
    goldValue: r(f.goldValuePaise),
    ltvPercent: bpsToPercent(f.ltvBps),
    capPercent: bpsToPercent(f.capBps),
    allowed: r(f.allowedPaise),
    shortfall: r(f.shortfallPaise),
    goldToAddGrams: mgToGrams(f.goldToAddMg),
    parts: {
      principal: r(f.owed.principalPaise),
      interest: r(f.owed.interestPaise),
      repayableAtMaturity:
        f.owed.repayableAtMaturityPaise === null ? null : r(f.owed.repayableAtMaturityPaise),
    },
    referencePurity: f.referencePurity,
    referencePricePerGram: r(f.referencePricePaise),
    items: f.items.map((i) => ({
      index: i.index,
      description: i.description,
      purity: i.purity,
      netWeight: mgToGrams(i.netWeightMg),
      pricedFrom: i.pricedFrom,
      bound: i.bound,
      pricePerGram: r(i.pricePerGramPaise),
      value: r(i.valuePaise),
    })),
    marginCall: call && {
      raisedOn: call.raisedOn,
      daysInBreach: daysInBreach(call.raisedOn, f.asOf),
      deadline: marginCallDeadline(call.raisedOn, loan.policy),
      escalatedOn: call.escalatedOn,
      shortfallAtRaise: r(call.shortfallPaise),
    },
  };
}
