import { describe, expect, it } from 'vitest';
import { editedGoldItems, karatOfFineness, toGoldItem } from './gold-item-input.js';

const chain = { description: 'Chain', grossWeight: 30, netWeight: 28.5 };

describe('an item as appraised at the counter', () => {
  it('is an ornament of 22K (916) unless told, in milligrams', () => {
    expect(toGoldItem(chain, 0)).toEqual({
      description: 'Chain',
      grossWeightMg: 30_000,
      netWeightMg: 28_500,
      purityKarat: 22,
      itemType: 'ornament',
      purity: 916,
    });
  });

  it('takes fineness, or karat as before, and keeps both for older readers', () => {
    expect(toGoldItem({ ...chain, purity: 750 }, 0)).toMatchObject({ purity: 750, purityKarat: 18 });
    expect(toGoldItem({ ...chain, purityKarat: 24 }, 0)).toMatchObject({ purity: 999, purityKarat: 24 });
    expect(toGoldItem({ ...chain, itemType: 'coin', purity: 995 }, 0)).toMatchObject({
      itemType: 'coin',
      purity: 995,
      purityKarat: 24,
    });
    expect([999, 995, 916, 750, 585].map(karatOfFineness)).toEqual([24, 24, 22, 18, 14]);
  });

  it('keeps deductions with their reasons when they leave exactly the net weight', () => {
    const item = toGoldItem(
      {
        ...chain,
        netWeight: 27.25,
        deductions: [
          { kind: 'stones', weight: 2.5, reason: 'Kempu stones' },
          { kind: 'other', weight: 0.25, reason: 'Lac filling' },
        ],
        photoId: 'photo-1',
      },
      0,
    );
    expect(item.deductions).toEqual([
      { kind: 'stones', weightMg: 2_500, reason: 'Kempu stones' },
      { kind: 'other', weightMg: 250, reason: 'Lac filling' },
    ]);
    expect(item.photoId).toBe('photo-1');
  });

  it.each([
    [
      { ...chain, netWeight: 28, deductions: [{ kind: 'stones' as const, weight: 1, reason: 'Stones' }] },
      'Item 2 (Chain): net weight 28 g should be the gross weight 30 g less the deductions of 1 g, which is 29 g',
    ],
    [
      { ...chain, deductions: [{ kind: 'other' as const, weight: 30, reason: 'Wax core' }] },
      'Item 2 (Chain): deductions of 30 g leave no gold of the gross weight 30 g',
    ],
    [{ ...chain, netWeight: 31 }, 'Net weight cannot be more than gross weight (Item 2 (Chain))'],
  ])('refuses %o with "%s"', (input, message) => {
    expect(() => toGoldItem(input, 1)).toThrow(message);
  });
});

describe('items as edited', () => {
  const coin = {
    description: 'Coin',
    grossWeightMg: 10_000,
    netWeightMg: 9_500,
    purityKarat: 24,
    itemType: 'coin' as const,
    purity: 995,
    deductions: [{ kind: 'other' as const, weightMg: 500, reason: 'Loop' }],
    photoId: 'p-1',
  };

  it('keeps what the edit leaves out and did not change', () => {
    const [kept] = editedGoldItems(
      [coin],
      [{ description: 'Coin (hallmarked)', grossWeight: 10, netWeight: 9.5, purityKarat: 24 }],
    );
    expect(kept).toEqual({ ...coin, description: 'Coin (hallmarked)' });
  });

  it('drops deductions when the weights change, and the fineness when the karat does', () => {
    const [changed] = editedGoldItems(
      [coin],
      [{ description: 'Coin', grossWeight: 10, netWeight: 9.8, purityKarat: 22 }],
    );
    expect(changed).toMatchObject({ itemType: 'coin', purity: 916, purityKarat: 22, photoId: 'p-1' });
    expect(changed!.deductions).toBeUndefined();
  });
});
