import { describe, expect, it } from 'vitest';
import { redactSecrets } from './logger.js';

describe('redactSecrets', () => {
  it('hides Aadhar numbers, mobiles, emails and codes in URLs, bodies and messages', () => {
    const line = JSON.stringify({
      req: { url: '/api/employee/check-aadhar/612345678901?search=meena%40example.com&m=%2B919845012345' },
      body: {
        otp: '123456',
        mobile: '+91 98450 12345',
        aadhar: '6123 4567 8901',
        email: 'a.b@example.co.in',
      },
      msg: 'Your code is 654321; 777777 is your OTP; mobile 9845012345',
    });
    const out = redactSecrets(line);
    for (const secret of [
      '612345678901',
      'meena',
      '919845012345',
      '123456',
      '98450',
      '6123',
      'a.b@',
      '654321',
      '777777',
      '9845012345',
    ])
      expect(out).not.toContain(secret);
    expect(out).toContain('/api/employee/check-aadhar/[aadhar]');
  });

  it('leaves times, amounts, ids, durations and Postgres error codes readable', () => {
    const line = JSON.stringify({
      time: 1764118000123,
      reqId: '0b8f2c1e-4d3a-4f6b-9a7c-123456789012',
      responseTime: 12.345678,
      amountPaise: 5_000_000,
      err: { code: '23505' },
      global_position: '1234',
    });
    expect(redactSecrets(line)).toBe(line);
  });
});
