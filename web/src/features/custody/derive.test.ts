import { describe, expect, it } from 'vitest';
import type { CustodyResponse, PacketView } from '@goldledger/contracts';
import { MOVE_LABELS, takeOutPurposes, whereNow } from './derive';

const packet = (over: Partial<PacketView> = {}): PacketView => ({
  packetId: '00000000-0000-4000-8000-000000000001',
  packetNumber: 'PK00000001',
  status: 'in_vault',
  branchId: 'b',
  branchName: 'Main',
  location: { safe: 'Safe 1', slot: 'A3' },
  outPurpose: null,
  toBranchId: null,
  toBranchName: null,
  sealedGrossWeightMg: 30_000,
  itemCount: 1,
  sealedForLoanId: 'GL1',
  movements: [],
  incidents: [],
  version: 2,
  ...over,
});

const custody = (status: string, auctionStatus = 'not_ready', targets = 0): CustodyResponse['data'] => ({
  loan: {
    _id: '00000000-0000-4000-8000-000000000002',
    loanId: 'GL1',
    status,
    branchId: 'b',
    branchName: 'Main',
    customerName: 'Lakshmi',
    goldReturnStatus: null,
    auctionStatus,
  },
  packet: packet(),
  allowedMoves: ['take_out'],
  safes: ['Safe 1'],
  transferTargets: Array.from({ length: targets }, (_, i) => ({ _id: `t${i}`, name: `Branch ${i}` })),
});

describe('the custody panel’s words', () => {
  it('says where the packet is', () => {
    expect(whereNow(packet())).toBe('Main vault: Safe 1, tray/slot A3');
    expect(whereNow(packet({ status: 'in_transit', toBranchName: 'West' }))).toBe(
      'On its way from Main to West',
    );
  });
  it('names putting back a packet that was out', () => {
    expect(MOVE_LABELS.store(packet({ status: 'sealed' }))).toBe('Put in vault');
    expect(MOVE_LABELS.store(packet({ status: 'out' }))).toBe('Put back in vault');
  });
  it('offers release only for a closed loan, auction only on the track, transfer only with another branch', () => {
    expect(takeOutPurposes(custody('active'))).toEqual(['inspection']);
    expect(takeOutPurposes(custody('closed', 'not_ready', 1))).toEqual(['inspection', 'release', 'transfer']);
    expect(takeOutPurposes(custody('active', 'ready_for_auction'))).toEqual(['inspection', 'auction']);
  });
});
