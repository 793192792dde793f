import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';
import { EVENT_CONTRACTS, eventContractViolation } from './event-registry.js';

const isEventMap = (value: unknown): value is Record<string, z.ZodType> =>
  typeof value === 'object' &&
  value !== null &&
  !(value instanceof z.ZodType) &&
  Object.values(value).length > 0 &&
  Object.values(value).every((v) => v instanceof z.ZodType);

describe('the event registry', () => {
  it('registers every event map the contracts declare, each under a stream type', () => {
    const declared = Object.entries(contracts).filter(
      ([name, value]) => /Events$/.test(name) && isEventMap(value),
    );
    expect(declared.map(([name]) => name).sort()).toEqual([
      'AdminNotificationEvents',
      'AdminNotificationInboxEvents',
      'ApprovalEvents',
      'ApprovalPolicyEvents',
      'BorrowerLoansEvents',
      'BranchCodeEvents',
      'BranchEvents',
      'CashDayEvents',
      'CashRegisterEvents',
      'ContactEvents',
      'CustomerEvents',
      'CustomerKeyEvents',
      'GoldPriceEvents',
      'GoldRateEvents',
      'HolidayCalendarEvents',
      'IdentifierEvents',
      'LendingPolicyEvents',
      'LoanEvents',
      'LoanTopUpEvents',
      'PacketEvents',
      'PaymentReferenceEvents',
      'PhotoEvents',
      'PortfolioReportEvents',
      'SequenceEvents',
      'StaffLookupEvents',
      'UserEvents',
      'VaultAuditBranchEvents',
      'VaultAuditEvents',
    ]);
    const registered = new Set<unknown>(Object.values(EVENT_CONTRACTS));
    for (const [name, map] of declared) expect(registered.has(map), `${name} is registered`).toBe(true);
  });

  it('names each event type once across all streams', () => {
    const types = Object.values(EVENT_CONTRACTS).flatMap((map) => Object.keys(map));
    expect(types.length).toBe(new Set(types).size);
  });

  it('refuses an unknown type, a type of another stream, and money outside the safe-integer range', () => {
    expect(eventContractViolation(EVENT_CONTRACTS, 'loan', 'Nope', {})).toMatch(
      /Nope is not an event of a loan stream/,
    );
    expect(eventContractViolation(EVENT_CONTRACTS, 'loan', 'CustomerVerified', { channel: 'sms' })).toMatch(
      /not an event of a loan stream/,
    );
    expect(eventContractViolation(EVENT_CONTRACTS, 'loan', 'toString', {})).toMatch(/not an event/);
    const closed = { closedOn: '2026-11-21', reason: 'repaid', totalInterestPaise: 12_345, excessPaise: 0 };
    expect(eventContractViolation(EVENT_CONTRACTS, 'loan', 'LoanClosed', closed)).toBeNull();
    for (const unsafe of [Number.MAX_SAFE_INTEGER + 1, 2 ** 60, 1.5, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(
        eventContractViolation(EVENT_CONTRACTS, 'loan', 'LoanClosed', {
          ...closed,
          totalInterestPaise: unsafe,
        }),
      ).toMatch(/LoanClosed does not match its contract: totalInterestPaise/);
    }
  });
});
