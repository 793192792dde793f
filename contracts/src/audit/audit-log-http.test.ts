import { describe, expect, it } from 'vitest';
import { AuditLogQuery, auditEventLabel, parseIpFilter } from './audit-log-http.js';

describe('an IP filter', () => {
  it('is one address when written in full', () => {
    expect(parseIpFilter('203.0.113.7')).toEqual({ kind: 'exact', ip: '203.0.113.7' });
    expect(parseIpFilter(' 203.0.113.7/32 ')).toEqual({ kind: 'exact', ip: '203.0.113.7' });
    expect(parseIpFilter('::ffff:203.0.113.7')).toEqual({ kind: 'exact', ip: '203.0.113.7' });
    expect(parseIpFilter('2001:DB8:0:0:0:0:0:1')).toEqual({ kind: 'exact', ip: '2001:db8::1' });
    expect(parseIpFilter('::1')).toEqual({ kind: 'exact', ip: '::1' });
  });

  it('is a block of whole octets when written as its start or as /8, /16, /24', () => {
    for (const text of ['203.0.113', '203.0.113.', '203.0.113.*', '203.0.113.0/24', '203.0.113.9/24']) {
      expect(parseIpFilter(text), text).toEqual({ kind: 'prefix', prefix: '203.0.113.' });
    }
    expect(parseIpFilter('10')).toEqual({ kind: 'prefix', prefix: '10.' });
    expect(parseIpFilter('10.0.0.0/8')).toEqual({ kind: 'prefix', prefix: '10.' });
  });

  it('is refused when it is not an address', () => {
    for (const text of [
      '',
      '300.1.2.3',
      '10.0.0.0/20',
      '1.2.3.4.5',
      'localhost',
      '10..1',
      '2001:db8::g',
      ':::',
    ]) {
      expect(parseIpFilter(text), text).toBeNull();
    }
  });
});

describe('the audit query', () => {
  it('treats empty fields as unset and fills in the page size', () => {
    expect(AuditLogQuery.parse({ actor: '', ip: ' ', from: '2026-11-01' })).toEqual({
      from: '2026-11-01',
      limit: 50,
    });
  });
});

describe('an event type in words', () => {
  it('splits the name, with a few names said better', () => {
    expect(auditEventLabel('GoldRateUpdated')).toBe('Gold rate updated');
    expect(auditEventLabel('PaymentRecorded')).toBe('Payment recorded');
    expect(auditEventLabel('SequenceAdvanced')).toBe('Reference number issued');
    expect(auditEventLabel('OTPVerified')).toBe('Otp verified');
  });
});
