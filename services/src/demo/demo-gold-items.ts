import { type GoldItemRecord, valueGold } from '@goldledger/contracts';
import type { Rng } from './rng.js';

/**
 * The demo's pledged gold as real jewellery weighs (issue 19, point 8): each kind of piece
 * has its own range of gross weight (what the scale reads with stones, wax and hooks), and a
 * loan's pieces are drawn one after another until their gold covers the loan.
 */

export interface DemoGoldItemType {
  /** As a pawnbroker writes it down; the description starts with it. */
  name: string;
  /** Gross weight range, milligrams, both included. */
  minMg: number;
  maxMg: number;
  /** How often the piece turns up, relative to the others. */
  commonness: number;
  /** Coins come in standard weights, are pure metal (gross = net) and count against the coin cap. */
  coin?: true;
}

const g = (grams: number) => grams * 1000;

export const DEMO_GOLD_ITEM_TYPES: readonly DemoGoldItemType[] = [
  { name: 'Ring', minMg: g(2), maxMg: g(8), commonness: 20 },
  { name: 'Pair of ear studs', minMg: g(2), maxMg: g(5), commonness: 8 },
  { name: 'Jhumka earrings', minMg: g(5), maxMg: g(10), commonness: 6 },
  { name: 'Chain', minMg: g(8), maxMg: g(40), commonness: 16 },
  { name: 'Bracelet', minMg: g(8), maxMg: g(25), commonness: 8 },
  { name: 'Anklet (gold)', minMg: g(8), maxMg: g(25), commonness: 3 },
  { name: 'Bangle', minMg: g(10), maxMg: g(30), commonness: 12 },
  { name: 'Pair of bangles', minMg: g(20), maxMg: g(60), commonness: 8 },
  { name: 'Mangalsutra', minMg: g(10), maxMg: g(30), commonness: 8 },
  { name: 'Necklace', minMg: g(15), maxMg: g(60), commonness: 10 },
  { name: 'Haram', minMg: g(30), maxMg: g(80), commonness: 3 },
  { name: 'Coin', minMg: g(1), maxMg: g(10), commonness: 6, coin: true },
];

/** The weights coins are struck in, milligrams. */
export const COIN_WEIGHTS_MG = [1, 2, 4, 5, 8, 10].map(g);

/** What is still to cover above this (net) is made of heavy pieces, not a fistful of rings. */
const HEAVY_FROM_MG = g(40);
const HEAVY_PIECE_MG = g(25);
/** A bound no real loan reaches: a drawing that gets here is a bug. */
const MAX_PIECES = 20;

/** The item type a description names ("Chain 22K", "Coin (8 g) 22K", "Ring 22K (hallmarked)"). */
export function demoItemTypeOf(description: string): DemoGoldItemType | undefined {
  // Longest names first, so "Pair of bangles" is not read as "Bangle".
  return [...DEMO_GOLD_ITEM_TYPES]
    .sort((a, b) => b.name.length - a.name.length)
    .find((t) => description === t.name || description.startsWith(`${t.name} `));
}

const up10 = (mg: number) => Math.ceil(mg / 10) * 10;
const down10 = (mg: number) => Math.floor(mg / 10) * 10;

function weightedPick(rng: Rng, types: readonly DemoGoldItemType[]): DemoGoldItemType {
  const weights = Object.fromEntries(types.map((t) => [t.name, t.commonness]));
  const name = rng.weighted(weights);
  return types.find((t) => t.name === name)!;
}

interface Piece {
  type: DemoGoldItemType;
  grossMg: number;
  netMg: number;
}

/** One piece towards `needNetMg` of net weight: the whole of it when its kind is heavy enough. */
function drawPiece(rng: Rng, needNetMg: number, coinsAllowed: boolean): Piece {
  const fits = DEMO_GOLD_ITEM_TYPES.filter((t) => (coinsAllowed || !t.coin) && t.minMg <= needNetMg);
  const heavy = fits.filter((t) => t.maxMg >= HEAVY_PIECE_MG);
  const pool = needNetMg > HEAVY_FROM_MG ? heavy : fits;
  // Less than the lightest piece left: a small one (it covers a little more than asked).
  const type = pool.length > 0 ? weightedPick(rng, pool) : coinsAllowed ? coinType() : ringType();
  if (type.coin) {
    const covering = COIN_WEIGHTS_MG.find((w) => w >= needNetMg);
    const mg = covering ?? rng.pick(COIN_WEIGHTS_MG);
    return { type, grossMg: mg, netMg: mg };
  }
  // Stones, wax and hooks: 1-8 % of the gross weight is not gold.
  const factor = 1.01 + rng.float() * 0.07;
  const needGross = up10(needNetMg * factor);
  if (needGross <= type.maxMg) {
    if (needGross >= type.minMg) return { type, grossMg: needGross, netMg: up10(needNetMg) };
    return { type, grossMg: type.minMg, netMg: down10(type.minMg / factor) };
  }
  const grossMg = type.minMg + 10 * rng.int(0, (type.maxMg - type.minMg) / 10);
  return { type, grossMg, netMg: down10(grossMg / factor) };
}

const coinType = () => DEMO_GOLD_ITEM_TYPES.find((t) => t.coin)!;
const ringType = () => DEMO_GOLD_ITEM_TYPES.find((t) => t.name === 'Ring')!;

/**
 * Gold pieces worth `principal / ltv` at the rate, 60-80 % loan-to-value (72 % at most above
 * ₹2.5 lakh); `principalPaise` is the LTV basis (`ltvBasisOf`). Each piece weighs what its
 * kind weighs; at most one coin a loan (coins are capped per borrower), and only of 22K or 24K.
 */
export function goldItemsFor(rng: Rng, principalPaise: number, ratePaisePerGram: number): GoldItemRecord[] {
  const ltv = 0.6 + rng.float() * (principalPaise > 2_50_000_00 ? 0.12 : 0.2);
  const karat = rng.pick([22, 22, 22, 22, 20, 18, 24] as const);
  const fineMg = ((principalPaise / ltv) * 1000) / ratePaisePerGram;
  let needMg = (fineMg * 24) / karat;
  const pieces: Piece[] = [];
  while (needMg > 0) {
    if (pieces.length >= MAX_PIECES) throw new Error(`demo gold: ${MAX_PIECES} pieces do not cover the loan`);
    const piece = drawPiece(rng, needMg, karat >= 22 && !pieces.some((p) => p.type.coin));
    pieces.push(piece);
    needMg -= piece.netMg;
  }
  const items = (): GoldItemRecord[] =>
    pieces.map((p) => ({
      description: p.type.coin ? `Coin (${p.grossMg / 1000} g) ${karat}K` : `${p.type.name} ${karat}K`,
      grossWeightMg: p.grossMg,
      netWeightMg: p.netMg,
      purityKarat: karat,
      ...(p.type.coin ? { itemType: 'coin' as const } : {}),
    }));
  // Rounding must not tip the loan over the cap: a piece with room grows, or a ring joins.
  while (valueGold(items(), ratePaisePerGram, principalPaise).eligiblePaise < principalPaise) {
    const roomy = pieces.find((p) => !p.type.coin && p.grossMg + 100 <= p.type.maxMg);
    if (roomy) {
      roomy.grossMg += 100;
      roomy.netMg += 100;
    } else pieces.push({ type: ringType(), grossMg: g(2), netMg: g(2) - 40 });
  }
  return items();
}
