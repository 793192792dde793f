import { LENDING_POLICY, valueGold } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { COIN_WEIGHTS_MG, DEMO_GOLD_ITEM_TYPES, demoItemTypeOf, goldItemsFor } from './demo-gold-items.js';
import { Rng, subSeed } from './rng.js';

/** Loans from ₹5,000 (the plan's least) to ₹4 lakh (a bullet loan's basis is above its principal) at ₹5,000-₹7,500 a gram. */
function* drawnLoans(count: number) {
  const rng = new Rng(subSeed(19, 8));
  for (let i = 0; i < count; i++) {
    const principalPaise = rng.int(50, 4_000) * 100_00;
    const ratePaisePerGram = rng.int(5_000, 7_500) * 100;
    yield {
      principalPaise,
      ratePaisePerGram,
      items: goldItemsFor(new Rng(i), principalPaise, ratePaisePerGram),
    };
  }
}

const LOANS = [...drawnLoans(3_000)];

describe("the demo book's gold items", () => {
  it('each weigh what their kind weighs: rings 2-8 g, chains 8-40 g, bangles 10-30 g, coins 1-10 g…', () => {
    const wrong: string[] = [];
    for (const { items } of LOANS) {
      for (const item of items) {
        const type = demoItemTypeOf(item.description);
        if (!type) wrong.push(`${item.description}: no such kind`);
        else if (item.grossWeightMg < type.minMg || item.grossWeightMg > type.maxMg)
          wrong.push(`${item.description}: ${item.grossWeightMg} mg`);
        if (item.netWeightMg <= 0 || item.netWeightMg > item.grossWeightMg)
          wrong.push(`${item.description}: net ${item.netWeightMg} mg of ${item.grossWeightMg} mg`);
      }
    }
    expect(wrong).toEqual([]);
    const ranges = Object.fromEntries(
      DEMO_GOLD_ITEM_TYPES.map((t) => [t.name, [t.minMg / 1000, t.maxMg / 1000]]),
    );
    expect(ranges).toMatchObject({
      Ring: [2, 8],
      Chain: [8, 40],
      Bangle: [10, 30],
      Coin: [1, 10],
      Necklace: [15, 60],
      Bracelet: [8, 25],
    });
    for (const [name, [lo, hi]] of Object.entries(ranges)) {
      if (name.includes('ear'))
        expect(
          [lo, hi].every((w) => w! >= 2 && w! <= 10),
          name,
        ).toBe(true);
    }
  });

  it('uses every kind, and coins only in struck weights, at most one a loan, of 22K or 24K', () => {
    const seen = new Set(LOANS.flatMap((l) => l.items.map((i) => demoItemTypeOf(i.description)!.name)));
    expect([...seen].sort()).toEqual(DEMO_GOLD_ITEM_TYPES.map((t) => t.name).sort());
    for (const { items } of LOANS) {
      const coins = items.filter((i) => i.itemType === 'coin');
      expect(coins.length).toBeLessThanOrEqual(1);
      for (const coin of coins) {
        expect(COIN_WEIGHTS_MG).toContain(coin.grossWeightMg);
        expect(coin.netWeightMg).toBe(coin.grossWeightMg);
        expect(coin.description).toBe(`Coin (${coin.grossWeightMg / 1000} g) ${coin.purityKarat}K`);
        expect(coin.purityKarat).toBeGreaterThanOrEqual(22);
      }
    }
  });

  it('cover the loan within the LTV cap, at about the 60-80 % loan-to-value drawn, in integer milligrams', () => {
    const ltvs: number[] = [];
    for (const { principalPaise, ratePaisePerGram, items } of LOANS) {
      const v = valueGold(items, ratePaisePerGram, principalPaise);
      expect(v.eligiblePaise).toBeGreaterThanOrEqual(principalPaise);
      ltvs.push(principalPaise / v.goldValuePaise);
      for (const i of items) {
        expect(Number.isInteger(i.grossWeightMg) && Number.isInteger(i.netWeightMg)).toBe(true);
      }
      const coinMg = items.filter((i) => i.itemType === 'coin').reduce((s, i) => s + i.grossWeightMg, 0);
      expect(coinMg).toBeLessThanOrEqual(LENDING_POLICY.weightCapsMg.coin);
    }
    // A small loan on a ring of the least weight borrows less against it; most sit in the band.
    expect(Math.min(...ltvs)).toBeGreaterThan(0.3);
    expect(ltvs.filter((l) => l >= 0.55 && l <= 0.8).length / ltvs.length).toBeGreaterThan(0.9);
  });

  it('makes a small loan a piece or two and a large one several heavy pieces', () => {
    const small = LOANS.filter((l) => l.principalPaise <= 20_000_00);
    const large = LOANS.filter((l) => l.principalPaise >= 2_00_000_00);
    const mean = (ls: typeof LOANS) => ls.reduce((s, l) => s + l.items.length, 0) / ls.length;
    expect(mean(small)).toBeLessThan(2);
    expect(mean(large)).toBeGreaterThan(2);
    expect(mean(large)).toBeLessThan(8);
  });

  it('draws the same pieces from the same seed', () => {
    expect(goldItemsFor(new Rng(42), 1_00_000_00, 6_000_00)).toEqual(
      goldItemsFor(new Rng(42), 1_00_000_00, 6_000_00),
    );
  });
});
