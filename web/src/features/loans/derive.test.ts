import type { PhotoView } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import {
  canRenew,
  canRepay,
  canTopUp,
  dailyRateText,
  daysUntil,
  deletedMessage,
  formatFileSize,
  GOLD_ITEMS_MESSAGE,
  nextDue,
  goldItemsError,
  goldItemsPayload,
  ltvText,
  percentText,
  photoCountText,
  photoGroups,
  rangeText,
  renewAmountError,
  renewDefaultRate,
  sortQuery,
  topUpAmountError,
  tintLevel,
  upgradeBadge,
  upgradeLevelName,
  type GoldItemDraft,
} from './derive';

describe('what a loan allows', () => {
  it('repays active loans only and renews closed loans only', () => {
    expect(canRepay({ status: 'active' })).toBe(true);
    expect(canRepay({ status: 'closed' })).toBe(false);
    expect(canRepay({ status: 'renewed' })).toBe(false);
    expect(canRenew({ status: 'closed' })).toBe(true);
    expect(canRenew({ status: 'active' })).toBe(false);
    expect(canRenew({ status: 'renewed' })).toBe(false);
  });
});

describe('rates and upgrades', () => {
  it('reads a yearly rate per day, to three decimals at most', () => {
    expect(dailyRateText(18)).toBe('0.049% (Daily)');
    expect(dailyRateText(36)).toBe('0.099% (Daily)');
    expect(dailyRateText(36.5)).toBe('0.1% (Daily)');
    expect(dailyRateText(0)).toBe('0% (Daily)');
  });

  it('prints rates without trailing zeros', () => {
    expect(percentText(18)).toBe('18%');
    expect(percentText(24.5)).toBe('24.5%');
    expect(percentText(12.345)).toBe('12.35%');
  });

  it("shows 'Upgraded Nx' with the old and new rate, and nothing for a loan never upgraded", () => {
    expect(
      upgradeBadge({ currentUpgradeLevel: 0, originalInterestRate: 18, currentInterestRate: 18 }),
    ).toBeNull();
    expect(
      upgradeBadge({ currentUpgradeLevel: 2, originalInterestRate: 18, currentInterestRate: 30 }),
    ).toEqual({
      label: 'Upgraded 2x',
      rates: '18% → 30%',
    });
  });

  it('names the levels 0 to 3', () => {
    expect([0, 1, 2, 3].map(upgradeLevelName)).toEqual(['Original', 'First', 'Second', 'Third']);
    expect(upgradeLevelName(7)).toBe('Third');
  });

  it("tints rows by the server's colour: yellow 1, orange 2, red 3, anything else none", () => {
    expect(tintLevel('yellow')).toBe(1);
    expect(tintLevel('orange')).toBe(2);
    expect(tintLevel('RED')).toBe(3);
    expect(tintLevel('other')).toBeUndefined();
  });
});

describe('file sizes (Bytes, KB, MB, GB, base 1024)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_048_576, '1 MB'],
    [5_347_738, '5.1 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('messages', () => {
  it('reports a deletion in the seeds’ words, with payments when there were any', () => {
    expect(deletedMessage('GL2611000123', { hadPayments: false, paymentCount: 0 })).toBe(
      'Loan GL2611000123 deleted successfully',
    );
    expect(deletedMessage('GL2611000123', { hadPayments: true, paymentCount: 3 })).toBe(
      'Loan GL2611000123 deleted successfully (had 3 payment(s))',
    );
  });

  it('counts photos and ranges', () => {
    expect(photoCountText(1)).toBe('1 photo(s) uploaded');
    expect(rangeText(1, 20, 63)).toBe('Showing 1–20 of 63');
    expect(rangeText(4, 20, 63)).toBe('Showing 61–63 of 63');
    expect(rangeText(1, 20, 0)).toBe('Showing 0 of 0');
  });
});

describe('editing gold items', () => {
  const item = (over: Partial<GoldItemDraft> = {}): GoldItemDraft => ({
    description: 'Chain',
    grossWeight: '10.5',
    netWeight: '10',
    purityKarat: '22',
    ...over,
  });

  it('needs a description and both weights above 0 on every item', () => {
    expect(goldItemsError([item(), item({ description: 'Ring' })])).toBeNull();
    expect(goldItemsError([item(), item({ description: '  ' })])).toBe(GOLD_ITEMS_MESSAGE);
    expect(goldItemsError([item({ grossWeight: '0' })])).toBe(GOLD_ITEMS_MESSAGE);
    expect(goldItemsError([item({ netWeight: '' })])).toBe(GOLD_ITEMS_MESSAGE);
    expect(goldItemsError([item({ netWeight: 'abc' })])).toBe(GOLD_ITEMS_MESSAGE);
    expect(goldItemsError([])).toBe('At least one gold item must remain');
  });

  it('sends grams to 0.01 g and 22 karat unless told', () => {
    expect(
      goldItemsPayload([item({ description: ' Chain ', grossWeight: '10.456', purityKarat: '' })]),
    ).toEqual([{ description: 'Chain', grossWeight: 10.46, netWeight: 10, purityKarat: 22 }]);
    expect(goldItemsPayload([item({ purityKarat: '18' })])[0]!.purityKarat).toBe(18);
  });
});

describe('renewal', () => {
  it('takes an amount of at least 100', () => {
    expect(renewAmountError('100')).toBeNull();
    expect(renewAmountError('99')).toBe('Loan amount must be at least 100');
    expect(renewAmountError('')).toBe('Loan amount is required');
  });

  it("starts from the loan's own rate when it is a choice", () => {
    expect(renewDefaultRate({ originalInterestRate: 24 })).toBe(24);
    expect(renewDefaultRate({ originalInterestRate: 12 })).toBe(18);
  });
});

describe('sorting', () => {
  it("maps a column's sort to the list endpoint's sort and order", () => {
    expect(sortQuery([])).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(sortQuery([{ id: 'amount', desc: false }])).toEqual({ sort: 'amount', order: 'asc' });
    expect(sortQuery([{ id: 'name', desc: true }])).toEqual({ sort: 'name', order: 'desc' });
    expect(sortQuery([{ id: 'status', desc: true }])).toEqual({ sort: 'createdAt', order: 'desc' });
  });
});

describe('photo groups', () => {
  const photo = (goldItemIndex: number, id: string): PhotoView => ({
    _id: id,
    loanId: 'loan',
    goldItemIndex,
    itemIndex: goldItemIndex,
    description: '',
    originalName: `${id}.jpg`,
    filename: `${id}.jpg`,
    contentType: 'image/jpeg',
    size: 1000,
    width: 10,
    height: 10,
    uploadedAt: '2026-11-02T10:00:00Z',
    uploadedBy: { name: 'Asha' },
    imageUrl: '',
    thumbnailUrl: '',
  });

  it('groups by gold item, then all items together, then the bank receipt', () => {
    const groups = photoGroups(
      [photo(1, 'b'), photo(-1, 'all'), photo(0, 'a'), photo(-2, 'receipt'), photo(5, 'gone')],
      [{ description: 'Necklace' }, { description: 'Ring' }, { description: 'Bangle' }],
    );
    expect(groups.map((g) => [g.title, g.photos.map((p) => p._id)])).toEqual([
      ['Item 1: Necklace', ['a']],
      ['Item 2: Ring', ['b']],
      ['Item 3: Bangle', []],
      ['Other photos', ['gone']],
      ['All items together', ['all']],
      ['Bank receipt', ['receipt']],
    ]);
  });
});

describe('dates', () => {
  it('counts days between business dates', () => {
    expect(daysUntil('2026-12-01', '2026-11-21')).toBe(10);
    expect(daysUntil('2026-11-20T18:30:00Z', '2026-11-21')).toBe(-1);
  });
});

describe('what a loan asks next', () => {
  const i = (number: number, amount: number, amountPaid: number) => ({
    number,
    dueDate: `2026-0${number}-10`,
    amount,
    amountPaid,
    status: amountPaid >= amount ? ('paid' as const) : ('unpaid' as const),
    place: { n: number, of: 3, upgradedOn: null },
  });

  it('is the first installment not paid, with what is left of it', () => {
    const installments = [i(1, 1_479.45, 1_479.45), i(2, 1_380.82, 500), i(3, 101_479.45, 0)];
    expect(nextDue({ status: 'active', installments })).toEqual({
      installment: installments[1],
      amount: 880.82,
    });
  });

  it('is nothing for a closed loan or one with everything paid', () => {
    expect(nextDue({ status: 'closed', installments: [i(1, 100, 0)] })).toBeNull();
    expect(nextDue({ status: 'active', installments: [i(1, 100, 100)] })).toBeNull();
  });
});

describe('a top-up', () => {
  it('is for an open loan only', () => {
    expect(canTopUp({ status: 'active' })).toBe(true);
    expect(canTopUp({ status: 'closed' })).toBe(false);
    expect(canTopUp({ status: 'renewed' })).toBe(false);
  });

  it('asks for at least ₹100 and at most what the gold allows today', () => {
    expect(topUpAmountError('', 5000)).toBe('Top-up amount is required');
    expect(topUpAmountError('99', 5000)).toBe('Top-up amount must be at least 100');
    expect(topUpAmountError('5001', 5000)).toBe('At most ₹5,000 more can be lent on this gold today');
    expect(topUpAmountError('5000', 5000)).toBeNull();
    expect(topUpAmountError('5001')).toBeNull();
  });
});

describe('the loan to value a row shows', () => {
  const ltv = (over: object) =>
    ({ ltv: { goldRate: 5100, goldValue: 147_900, ltvPercent: 98.04, marginCall: null, ...over } }) as never;
  it('reads the share of the gold value at today’s price', () => {
    expect(ltvText(ltv({}))).toBe('98.04% of ₹1,47,900 gold value');
  });
  it('shows a dash when no gold price was entered for the previous working day', () => {
    expect(ltvText(ltv({ goldRate: null, goldValue: null, ltvPercent: null }))).toBe('—');
  });
});
