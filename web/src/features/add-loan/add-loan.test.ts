import { CUSTOMER_MESSAGES, type CustomerDetails } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import {
  EMPTY_CUSTOMER,
  addCustomerLabel,
  checkCustomerForm,
  digitsOnly,
  tidyField,
  valuesFromCustomer,
  type CustomerFormValues,
} from './customer-form';
import { errorLines, NETWORK_ERROR } from './errors';
import {
  LOAN_MESSAGES,
  completeItems,
  interestRequest,
  loanErrors,
  deductedWeight,
  netWeightOf,
  newGoldItem,
  parseWeight,
  simpleInterest,
  totalNetWeight,
  weightError,
  type GoldItemDraft,
  type LoanDraft,
} from './loan-form';
import { photoDescription, pickImages, uploadFailure, uploadPlan, wantsAllItemsPhoto } from './photos';

const valid: CustomerFormValues = {
  aadharNumber: '123456789012',
  name: 'Ravi Kumar',
  email: '',
  primaryMobile: '9876543210',
  secondaryMobile: '',
  emergencyMobile: '9876543211',
  emergencyRelation: 'Brother',
  presentAddress: '12 MG Road, Bengaluru',
  permanentAddress: '12 MG Road, Bengaluru',
};

describe('customer form', () => {
  it('keeps the Aadhar to its digits, up to the field length', () => {
    expect(digitsOnly('1234 5678-9012 34', 12)).toBe('123456789012');
    expect(tidyField('aadharNumber', 'abc')).toBe('');
  });

  it('normalises a pasted mobile instead of cutting it to 10 digits (issue 19)', () => {
    // Cutting `+91 98765 43210` to 10 digits gave 9198765432: someone else's number.
    expect(tidyField('primaryMobile', '+91 98765 43210')).toBe('9876543210');
    expect(tidyField('secondaryMobile', '098765 43210')).toBe('9876543210');
    expect(tidyField('emergencyMobile', '98765-43210')).toBe('9876543210');
    // Half typed: kept as typed so typing can go on.
    expect(tidyField('primaryMobile', '+91 9876')).toBe('+91 9876');
  });

  it('capitalises each word of names and relations as typed', () => {
    expect(tidyField('name', 'lakshmi devi')).toBe('Lakshmi Devi');
    expect(tidyField('emergencyRelation', 'elder brother')).toBe('Elder Brother');
    expect(tidyField('presentAddress', 'mg road')).toBe('mg road');
  });

  it('labels the submit button by email and progress', () => {
    expect(addCustomerLabel({ email: '' }, false)).toBe('Add Customer');
    expect(addCustomerLabel({ email: 'a@b.in' }, false)).toBe('Add Customer & Send OTP');
    expect(addCustomerLabel({ email: 'a@b.in' }, true)).toBe('Creating Customer...');
  });

  it('accepts a complete form, asking for the loan_creation purpose', () => {
    const result = checkCustomerForm(valid);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.body).toMatchObject({
        aadharNumber: '123456789012',
        email: null,
        secondaryMobile: null,
        emergencyContact: { mobile: '9876543211', relation: 'Brother' },
        purpose: 'loan_creation',
      });
    }
  });

  it('asks for the required fields first', () => {
    const result = checkCustomerForm({ ...EMPTY_CUSTOMER, aadharNumber: '12345' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.messages[0]).toBe(CUSTOMER_MESSAGES.required);
      expect(result.fieldErrors.aadharNumber).toBe('Aadhar number must be exactly 12 digits');
      expect(result.fieldErrors.primaryMobile).toBe(
        'Primary mobile number is required for SMS OTP verification.',
      );
      expect(result.fieldErrors.presentAddress).toBe(CUSTOMER_MESSAGES.required);
    }
  });

  it('refuses the same number twice among the three mobiles', () => {
    const result = checkCustomerForm({ ...valid, emergencyMobile: valid.primaryMobile });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.messages).toEqual([
        'Primary Mobile, Secondary Mobile, and Emergency Contact Number must be different',
      ]);
      expect(result.fieldErrors.emergencyMobile).toBeDefined();
    }
    const secondary = checkCustomerForm({ ...valid, secondaryMobile: valid.emergencyMobile });
    expect(secondary.ok).toBe(false);
  });

  it('wants 10-digit mobiles', () => {
    const result = checkCustomerForm({ ...valid, secondaryMobile: '98765' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors.secondaryMobile).toBe(CUSTOMER_MESSAGES.mobile);
  });

  it('prefills an existing customer, keeping the Aadhar as typed', () => {
    const found = {
      _id: 'u',
      customerId: 'CUS000001',
      branchId: '00000000-0000-4000-8000-0000000b7a01',
      aadharNumber: '****-****-9012',
      name: 'Lakshmi Devi',
      email: null,
      primaryMobile: '9000000003',
      secondaryMobile: null,
      emergencyContact: { mobile: '9000000004', relation: 'Son' },
      presentAddress: 'a',
      permanentAddress: 'b',
      verified: true,
      hasUserAccount: true,
    } satisfies CustomerDetails;
    expect(valuesFromCustomer('123456789012', found)).toEqual({
      aadharNumber: '123456789012',
      name: 'Lakshmi Devi',
      email: '',
      primaryMobile: '9000000003',
      secondaryMobile: '',
      emergencyMobile: '9000000004',
      emergencyRelation: 'Son',
      presentAddress: 'a',
      permanentAddress: 'b',
    });
  });
});

const item = (over: Partial<GoldItemDraft> = {}): GoldItemDraft => ({
  ...newGoldItem('k'),
  description: 'Chain',
  grossWeight: '10.5',
  netWeight: '10',
  ...over,
});

describe('gold items and loan terms', () => {
  it('reads weights in grams', () => {
    expect(parseWeight('10.25')).toBe(10.25);
    expect(parseWeight('')).toBeNull();
    expect(parseWeight('0')).toBeNull();
    expect(parseWeight('-1')).toBeNull();
    expect(parseWeight('abc')).toBeNull();
  });

  it('refuses a net weight above the gross weight', () => {
    expect(weightError(item({ netWeight: '11' }))).toBe(LOAN_MESSAGES.netAboveGross);
    expect(weightError(item())).toBeNull();
    expect(weightError(item({ netWeight: '10.5' }))).toBeNull();
  });

  it('sends items only when every one is complete', () => {
    expect(completeItems([item()])).toEqual([
      { description: 'Chain', itemType: 'ornament', purity: 916, grossWeight: 10.5, netWeight: 10 },
    ]);
    expect(completeItems([item(), item({ description: ' ' })])).toBeNull();
    expect(completeItems([])).toBeNull();
    expect(totalNetWeight([item(), item({ netWeight: '0.1' }), item({ netWeight: '' })])).toBe(10.1);
  });

  it('takes the net weight as the gross less the deductions, each with a reason', () => {
    const stones = (weight: string, reason = 'Kempu stones') => ({
      key: 'd',
      kind: 'stones' as const,
      weight,
      reason,
    });
    const withStones = item({
      grossWeight: '30',
      netWeight: '',
      deductions: [stones('1.25'), stones('0.5', 'Lac')],
    });
    expect(deductedWeight(withStones)).toBe(1.75);
    expect(netWeightOf(withStones)).toBe(28.25);
    expect(completeItems([withStones])).toEqual([
      {
        description: 'Chain',
        itemType: 'ornament',
        purity: 916,
        grossWeight: 30,
        netWeight: 28.25,
        deductions: [
          { kind: 'stones', weight: 1.25, reason: 'Kempu stones' },
          { kind: 'stones', weight: 0.5, reason: 'Lac' },
        ],
      },
    ]);
    expect(completeItems([item({ deductions: [stones('1', ' ')] })])).toBeNull();
    expect(weightError(item({ grossWeight: '2', deductions: [stones('2')] }))).toBe(
      LOAN_MESSAGES.deductionsTooHeavy,
    );
    expect(loanErrors(draft({ items: [item({ deductions: [stones('')] })] }), '2026-11-21')).toEqual([
      LOAN_MESSAGES.deductionIncomplete,
    ]);
  });

  it('pays out in cash only up to ₹20,000, and a transfer with its reference', () => {
    const cash = { disbursementMode: 'cash' as const, disbursementReference: '' };
    expect(loanErrors(draft({ amount: '20000', ...cash }), '2026-11-21')).toEqual([]);
    expect(loanErrors(draft({ amount: '20001', ...cash }), '2026-11-21')).toEqual([
      'A loan above ₹20,000 cannot be paid out in cash (Income Tax Act s.269SS); choose bank transfer or UPI',
    ]);
    expect(loanErrors(draft({ disbursementMode: 'upi', disbursementReference: ' ' }), '2026-11-21')).toEqual([
      LOAN_MESSAGES.reference,
    ]);
    expect(
      loanErrors(draft({ disbursementMode: 'bank_transfer', disbursementReference: 'UTR1' }), '2026-11-21'),
    ).toEqual([]);
  });

  const draft = (over: Partial<LoanDraft> = {}): LoanDraft => ({
    verified: true,
    items: [item()],
    amount: '50000',
    term: 6,
    interestRate: 18,
    loanDate: '',
    monthlyPayment: 8_900,
    totalPayment: 53_400,
    disbursementMode: 'bank_transfer',
    disbursementReference: 'UTR000001',
    ...over,
  });

  it('passes a complete loan', () => {
    expect(loanErrors(draft(), '2026-11-21')).toEqual([]);
  });

  it('names every problem in the seeds words', () => {
    expect(loanErrors(draft({ verified: false }), '2026-11-21')).toEqual([LOAN_MESSAGES.unverified]);
    expect(loanErrors(draft({ items: [item({ grossWeight: '' })] }), '2026-11-21')).toEqual([
      'Please add at least one gold item with complete details',
    ]);
    expect(loanErrors(draft({ amount: '99' }), '2026-11-21')).toEqual(['Loan amount must be at least 100']);
    expect(loanErrors(draft({ term: 0 }), '2026-11-21')).toEqual(['Loan duration must be at least 1 month']);
    expect(loanErrors(draft({ interestRate: -1 }), '2026-11-21')).toEqual([
      'Interest rate cannot be negative',
    ]);
    expect(loanErrors(draft({ monthlyPayment: 0, totalPayment: null }), '2026-11-21')).toEqual([
      'Invalid monthly payment amount',
      'Invalid total payment amount',
    ]);
    expect(loanErrors(draft({ loanDate: '2026-11-22' }), '2026-11-21')).toEqual([
      'Loan date cannot be in the future',
    ]);
  });

  it('asks the interest calculation from the loan date to the end of the term', () => {
    expect(interestRequest(50_000, 18, 3, '2026-11-30')).toEqual({
      principal: 50_000,
      annualRate: 18,
      disbursementDate: '2026-11-30',
      closureDate: '2027-02-28',
      termMonths: 3,
    });
  });

  it('falls back to simple interest', () => {
    // 1,00,000 at 24 % for 6 months: 12,000 interest.
    expect(simpleInterest(100_000, 24, 6)).toEqual({ totalAmount: 112_000, monthlyPayment: 18_667 });
  });
});

describe('photos', () => {
  const file = (name: string, type: string) => ({ name, type });

  it('takes images only, up to the slot limit', () => {
    expect(pickImages([file('a.jpg', 'image/jpeg'), file('b.pdf', 'application/pdf')], 0, 3)).toEqual({
      accepted: [file('a.jpg', 'image/jpeg')],
      notImages: 1,
      overLimit: 0,
    });
    const many = ['1', '2', '3'].map((n) => file(`${n}.png`, 'image/png'));
    expect(pickImages(many, 2, 3)).toMatchObject({ accepted: [many[0]], overLimit: 2 });
  });

  it('plans uploads per item, then the group photo, then the bank receipt', () => {
    expect(wantsAllItemsPhoto(1)).toBe(false);
    expect(wantsAllItemsPhoto(2)).toBe(true);
    expect(uploadPlan([['a'], [], ['c', 'd']], ['g'], ['r'])).toEqual([
      { slot: 0, files: ['a'] },
      { slot: 2, files: ['c', 'd'] },
      { slot: -1, files: ['g'] },
      { slot: -2, files: ['r'] },
    ]);
    // One item: no group photo even if one was chosen before an item was removed.
    expect(uploadPlan([['a']], ['g'], [])).toEqual([{ slot: 0, files: ['a'] }]);
  });

  it('describes uploads and their failures as the seeds do', () => {
    expect(photoDescription(0)).toBe('Photos for gold item 1');
    expect(uploadFailure(1)).toBe('Failed to upload photos for gold item 2');
    expect(uploadFailure(-1)).toBe('Failed to upload "all items together" photo');
  });
});

describe('errorLines', () => {
  it('lists the server validation messages, once each', () => {
    const error = new ApiError(400, {
      message: 'a',
      errors: [
        { msg: 'a', path: 'x' },
        { msg: 'b', path: 'y' },
        { msg: 'a', path: 'z' },
      ],
    });
    expect(errorLines(error, 'Failed to create loan')).toEqual(['a', 'b']);
  });

  it('uses the server message, else the fallback', () => {
    expect(errorLines(new ApiError(409, { message: 'Taken' }), 'Failed')).toEqual(['Taken']);
    expect(errorLines(new ApiError(500, 'oops'), 'Failed to create loan')).toEqual(['Failed to create loan']);
    expect(errorLines(new Error('x'), 'Failed to add customer')).toEqual(['Failed to add customer']);
    expect(errorLines(new NetworkError(new Error('down')), 'Failed')).toEqual([NETWORK_ERROR]);
  });
});
