import { describe, expect, it } from 'vitest';
import { EditLoanRequest } from './loan-http.js';

describe('the loan edit request', () => {
  it('leaves out a bank mobile that was not sent, so a gold-item edit touches no bank field', () => {
    const parsed = EditLoanRequest.parse({
      goldItems: [{ description: 'Ring', grossWeight: 5, netWeight: 4.8 }],
    });
    expect(parsed).not.toHaveProperty('bankMobileNumber');
    expect(EditLoanRequest.parse({})).toEqual({});
  });

  it('reads an empty or null bank mobile as "clear it" and any way of writing one as its 10 digits', () => {
    expect(EditLoanRequest.parse({ bankMobileNumber: '' }).bankMobileNumber).toBeNull();
    expect(EditLoanRequest.parse({ bankMobileNumber: null }).bankMobileNumber).toBeNull();
    expect(EditLoanRequest.parse({ bankMobileNumber: '+91 94440 00000' }).bankMobileNumber).toBe(
      '9444000000',
    );
  });

  it('refuses a bank mobile that is not one, with the mobile message', () => {
    const res = EditLoanRequest.safeParse({ bankMobileNumber: '12345' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Please enter a valid 10-digit mobile number');
  });
});
