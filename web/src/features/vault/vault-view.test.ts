import { describe, expect, it } from 'vitest';
import { asOfMoment, formatVaultGrams, packetNumberFrom } from './vault-view';

describe('the vault screens', () => {
  it('read a packet number from a scanned or typed text', () => {
    expect(packetNumberFrom('PK00000042')).toBe('PK00000042');
    expect(packetNumberFrom(' pk00000042 ')).toBe('PK00000042');
    expect(packetNumberFrom('GoldLedger packet PK00001234 / GL261100001')).toBe('PK00001234');
    expect(packetNumberFrom('PK123')).toBeNull();
    expect(packetNumberFrom('PK000000421')).toBeNull();
  });

  it('show weights to the milligram', () => {
    expect(formatVaultGrams(30.25)).toBe('30.250 g');
    expect(formatVaultGrams(1234.005)).toBe('1,234.005 g');
    expect(formatVaultGrams(-0.5)).toBe('−0.500 g');
  });

  it('never ask the server for a moment still to come', () => {
    const now = new Date(2026, 10, 21, 10, 30, 15);
    expect(asOfMoment('2026-11-21T10:30', now)).toBe(now.toISOString());
    expect(asOfMoment('2026-11-21T09:00', now)).toBe(new Date(2026, 10, 21, 9, 0, 59, 999).toISOString());
    expect(asOfMoment('soon', now)).toBeNull();
  });
});
