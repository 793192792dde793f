import { describe, expect, it } from 'vitest';
import { appraiseItems, LoanEvents, type GoldItemRecord, type LoanEvent } from '@goldledger/contracts';
import { fold } from '../../platform/decider.js';
import { admin, after, created, pay, spec } from '../../testing/loan-decider-fixtures.js';
import { dayPrices } from '../../testing/ltv-prices.js';
import { decideLoan, type LoanCommand } from '../loan.decider.js';
import { quoteLoan } from '../loan.rules.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';

/** The shared loan (₹1,00,000, 24 g net of 22K, cap 85 %) valued on 2 Mar 2026, 30 days in. */
const DAY = '2026-03-02';
const high = (day = DAY) => dayPrices(day, { 916: 6_000 });
/** 20 % down: ₹1,15,200 of gold, ₹97,920 allowed against ₹1,01,479.45 owed. */
const low = (day = DAY) => dayPrices(day, { 916: 4_800 });
const assess = (today: string, prices = low(today)): LoanCommand => ({ type: 'AssessLtv', today, prices });

const raised = after(created, assess(DAY));
const stateOf = (events: LoanEvent[]) => fold(evolveLoan, initialLoanState(), events);

describe('the daily valuation of an open loan', () => {
  it('changes nothing while the loan is within its cap', () => {
    spec.given(created).when(assess(DAY, high())).then([]);
  });

  it('raises a margin call with the amount to pay and the 22K gold to add when the loan is over its cap', () => {
    spec
      .given(created)
      .when(assess(DAY))
      .then([
        {
          type: 'MarginCallRaised',
          data: {
            asOf: DAY,
            owedPaise: 101_479_45,
            goldValuePaise: 115_200_00,
            ltvBps: 8809,
            capBps: 8500,
            shortfallPaise: 3_559_45,
            goldToAddMg: 873,
            pricePerGramPaise: 4_800_00,
          },
        },
      ]);
    expect(stateOf(raised).marginCall).toEqual({
      raisedOn: DAY,
      shortfallPaise: 3_559_45,
      escalatedOn: null,
    });
  });

  it('raises it once: the same day again, and the days before the deadline, change nothing', () => {
    spec.given(raised).when(assess(DAY)).then([]);
    spec.given(raised).when(assess('2026-03-16')).then([]);
  });

  it('escalates a call left uncured for the policy’s 15 days, once', () => {
    const escalated = after(raised, assess('2026-03-17'));
    const event = escalated.at(-1)!;
    expect(event.type).toBe('MarginCallEscalated');
    expect(LoanEvents.MarginCallEscalated.parse(event.data)).toMatchObject({
      asOf: '2026-03-17',
      daysInBreach: 15,
      capBps: 8500,
    });
    expect(stateOf(escalated).marginCall?.escalatedOn).toBe('2026-03-17');
    spec.given(escalated).when(assess('2026-03-18')).then([]);
  });

  it('cures the call by revaluation when the price recovers', () => {
    const [event] = decideLoan(assess('2026-03-05', high('2026-03-05')), stateOf(raised));
    expect(event).toMatchObject({ type: 'MarginCallCured', data: { by: 'revaluation', asOf: '2026-03-05' } });
    expect(stateOf([...raised, event!]).marginCall).toBeNull();
  });

  it('does not value a loan that is no longer open', () => {
    const state = stateOf(created);
    const { totalDuePaise } = quoteLoan(state, DAY);
    const closed = after(created, pay(totalDuePaise / 100, DAY));
    spec.given(closed).when(assess(DAY)).then([]);
  });

  it('refuses prices of another day', () => {
    spec
      .given(created)
      .when({ type: 'AssessLtv', today: DAY, prices: low('2026-03-01') })
      .thenThrows(/valuation prices of 2026-03-02, not of 2026-03-01/);
  });
});

describe('a payment to a loan with a margin call open', () => {
  it('cures the call in the same decision when it brings the loan within its cap', () => {
    const events = after(raised, pay(4_000, DAY, { ltvPrices: low() }));
    expect(events.slice(raised.length).map((e) => e.type)).toEqual(['PaymentRecorded', 'MarginCallCured']);
    const cure = LoanEvents.MarginCallCured.parse(events.at(-1)!.data);
    expect(cure).toEqual({
      asOf: DAY,
      owedPaise: 97_479_45,
      goldValuePaise: 115_200_00,
      ltvBps: 8462,
      capBps: 8500,
      by: 'payment',
    });
  });

  it('leaves the call open when the payment falls short of the shortfall', () => {
    const events = after(raised, pay(3_000, DAY, { ltvPrices: low() }));
    expect(events.slice(raised.length).map((e) => e.type)).toEqual(['PaymentRecorded']);
  });

  it('leaves the call to the next valuation when the day has no prices', () => {
    const events = after(raised, pay(4_000, DAY));
    expect(events.slice(raised.length).map((e) => e.type)).toEqual(['PaymentRecorded']);
  });

  it('cures it when an admin approves an online payment that covers the shortfall', () => {
    const online = pay(4_000, DAY, {
      method: 'online',
      transactionId: 'UTR9',
      bankName: 'SBI',
      ltvPrices: low(),
    });
    const recorded = after(raised, online);
    expect(recorded.at(-1)!.type).toBe('PaymentRecorded');
    const approved = after(recorded, {
      type: 'ApprovePayment',
      paymentId: online.paymentId,
      approvedBy: admin,
      today: DAY,
      ltvPrices: low(),
    });
    expect(approved.slice(recorded.length).map((e) => e.type)).toEqual([
      'PaymentApproved',
      'MarginCallCured',
    ]);
  });
});

describe('gold added to a loan', () => {
  const ring: GoldItemRecord = {
    description: 'Ring',
    grossWeightMg: 1_200,
    netWeightMg: 1_000,
    purityKarat: 22,
  };
  const addGold = (items: GoldItemRecord[], firstIndex = 1): LoanCommand => {
    const prices = low();
    return {
      type: 'AddGoldItems',
      items,
      appraisal: appraiseItems(items, (p) => prices.byPurity[p]!, DAY, firstIndex),
      addedBy: admin,
      today: DAY,
      prices,
    };
  };

  it('joins the pledge and cures the call when it brings the loan within its cap', () => {
    const events = after(raised, addGold([ring]));
    const [added, cure] = events.slice(raised.length);
    expect(added!.type).toBe('GoldItemsAdded');
    const data = LoanEvents.GoldItemsAdded.parse(added!.data);
    expect(data.goldItems.map((i) => i.description)).toEqual(['Chain', 'Ring']);
    expect(data.addedCount).toBe(1);
    expect(data.appraisal.items[0]).toMatchObject({ index: 1, valuePaise: 4_800_00 });
    expect(cure).toMatchObject({
      type: 'MarginCallCured',
      data: { by: 'gold_added', goldValuePaise: 120_000_00 },
    });
    expect(stateOf(events).goldItems).toHaveLength(2);
  });

  it('leaves the call open when the gold is not enough', () => {
    const speck = { ...ring, grossWeightMg: 500, netWeightMg: 500 };
    const events = after(raised, addGold([speck]));
    expect(events.slice(raised.length).map((e) => e.type)).toEqual(['GoldItemsAdded']);
  });

  it('may be added with no margin call open', () => {
    const events = after(created, addGold([ring]));
    expect(events.slice(created.length).map((e) => e.type)).toEqual(['GoldItemsAdded']);
  });

  it('refuses an appraisal that does not match the items', () => {
    spec
      .given(raised)
      .when(addGold([ring], 0))
      .thenThrows(/appraise them again/);
  });

  it('refuses an item without weights', () => {
    spec
      .given(raised)
      .when({ ...addGold([ring]), items: [{ ...ring, description: ' ' }] } as LoanCommand)
      .thenThrows(/at least one gold item/);
  });
});
