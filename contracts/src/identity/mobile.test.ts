import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateCustomerRequest } from '../customers/customer-http.js';
import { ContactRequest } from '../contact/contact.js';
import { CreateStaffRequest } from './staff-http.js';
import {
  IndianMobile,
  MOBILE_MESSAGE,
  OptionalIndianMobile,
  mobileInputValue,
  normaliseMobile,
  normaliseSearchTerm,
} from './mobile.js';

/** A valid Indian mobile: 10 digits, the first 6-9. */
const validMobile = fc
  .tuple(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/))
  .map(([first, rest]) => first + rest);

const separator = fc.constantFrom('', ' ', '-', '  ', ' - ', '\u00a0', '.', '\u2013');
const prefix = fc.constantFrom('', '+91', '91', '0', '+91 ', '91-', '0 ', '+91-');

/** The number written as people write it: a prefix and separators anywhere between digits. */
const formatted = (mobile: string) =>
  fc
    .tuple(prefix, fc.array(separator, { minLength: 10, maxLength: 10 }), separator, separator)
    .map(([p, seps, lead, trail]) => lead + p + [...mobile].map((d, i) => d + seps[i]).join('') + trail);

describe('normaliseMobile (the one normaliser for Indian mobiles)', () => {
  it('turns the usual ways of writing a number into its 10 digits', () => {
    for (const typed of [
      '+91 98450 12345',
      '+919845012345',
      '919845012345',
      '098450 12345',
      '09845012345',
      '98450-12345',
      '9845012345',
      ' 98450 12345 ',
      '+91-98450-12345',
    ]) {
      expect(normaliseMobile(typed), typed).toBe('9845012345');
    }
  });

  it('property: every formatting of a valid number normalises to that number', () => {
    fc.assert(
      fc.property(
        validMobile.chain((m) => formatted(m).map((typed) => [m, typed] as const)),
        ([mobile, typed]) => normaliseMobile(typed) === mobile,
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a 10-digit number that happens to start 91 as it is', () => {
    expect(normaliseMobile('9198450123')).toBe('9198450123');
  });

  it('refuses what is not an Indian mobile', () => {
    for (const typed of [
      '',
      '98450',
      '984501234',
      '98450123456',
      '5845012345',
      '0845012345',
      '+44 20 7946 0958',
      '+1 415 555 0100',
      '+92 98450 12345',
      '0091 98450 12345',
      '98450 1234x',
      'nine eight four',
      '+91 098450 12345',
    ]) {
      expect(normaliseMobile(typed), typed).toBeNull();
    }
  });

  it('property: garbage is refused (wrong length, wrong first digit, letters)', () => {
    const wrongLength = fc
      .stringMatching(/^[6-9]\d{0,8}$|^[6-9]\d{10,14}$/)
      .filter((s) => !/^(91|0)[6-9]\d{9}$/.test(s));
    const wrongFirst = fc.stringMatching(/^[1-5]\d{9}$/);
    const withLetter = fc
      .tuple(validMobile, fc.nat(9), fc.stringMatching(/^[a-zA-Z]$/))
      .map(([m, at, letter]) => m.slice(0, at) + letter + m.slice(at + 1));
    fc.assert(
      fc.property(fc.oneof(wrongLength, wrongFirst, withLetter), (typed) => normaliseMobile(typed) === null),
      { numRuns: 2000 },
    );
  });
});

describe('the zod fields every contract uses', () => {
  it('a required mobile stores the digits or says what is wrong', () => {
    expect(IndianMobile().parse('+91 98450 12345')).toBe('9845012345');
    const refused = IndianMobile().safeParse('+91 98450 1234');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(MOBILE_MESSAGE);
    expect(IndianMobile(MOBILE_MESSAGE, 'Mobile is required').safeParse('').error?.issues[0]?.message).toBe(
      'Mobile is required',
    );
  });

  it('an optional mobile is null when empty', () => {
    expect(OptionalIndianMobile().parse('')).toBeNull();
    expect(OptionalIndianMobile().parse(null)).toBeNull();
    expect(OptionalIndianMobile().parse(undefined)).toBeNull();
    expect(OptionalIndianMobile().parse('098450-12345')).toBe('9845012345');
    expect(OptionalIndianMobile().safeParse('12345').success).toBe(false);
  });

  it('customers, staff and the contact form all store +91 98450 12345 as 9845012345', () => {
    const customer = CreateCustomerRequest.parse({
      aadharNumber: '123456789012',
      name: 'meena iyer',
      primaryMobile: '+91 98450 12345',
      secondaryMobile: '098450 12346',
      emergencyContact: { mobile: '98450-12347', relation: 'sister' },
      presentAddress: '12 MG Road',
      permanentAddress: '12 MG Road',
    });
    expect([customer.primaryMobile, customer.secondaryMobile, customer.emergencyContact.mobile]).toEqual([
      '9845012345',
      '9845012346',
      '9845012347',
    ]);
    const staff = CreateStaffRequest.parse({
      name: 'Ravi',
      email: 'ravi@example.com',
      aadharNumber: '123456789012',
      mobile: '+919845012345',
      alternateMobile: '',
      role: 'employee',
    });
    expect(staff.mobile).toBe('9845012345');
    expect(
      ContactRequest.parse({ name: 'A', email: 'a@b.in', gold: 1, phone: '098450 12345', message: 'hi' })
        .phone,
    ).toBe('9845012345');
  });

  it('the same number typed two ways is "the same" for the distinct-mobiles rule', () => {
    const parsed = CreateCustomerRequest.safeParse({
      aadharNumber: '123456789012',
      name: 'meena iyer',
      primaryMobile: '+91 98450 12345',
      emergencyContact: { mobile: '9845012345', relation: 'sister' },
      presentAddress: '12 MG Road',
      permanentAddress: '12 MG Road',
    });
    expect(parsed.success).toBe(false);
  });
});

describe('what an input shows (mobileInputValue)', () => {
  it('a pasted +91 number becomes its 10 digits; it is never cut to someone else’s', () => {
    expect(mobileInputValue('+91 98450 12345')).toBe('9845012345');
    expect(mobileInputValue('+91 98450 1234')).toBe('+91 98450 1234');
  });

  it('property: typing any formatting key by key ends on the number', () => {
    fc.assert(
      fc.property(
        validMobile.chain((m) => formatted(m).map((typed) => [m, typed] as const)),
        ([mobile, typed]) => {
          let shown = '';
          for (const key of typed) shown = mobileInputValue(shown + key);
          return normaliseMobile(shown) === mobile;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('normaliseSearchTerm', () => {
  it('a mobile with spaces or +91 and an amount with commas or ₹ are searched as stored', () => {
    expect(normaliseSearchTerm(' +91 98450 12345 ')).toBe('9845012345');
    expect(normaliseSearchTerm('47,947')).toBe('47947');
    expect(normaliseSearchTerm('₹47,947')).toBe('47947');
    expect(normaliseSearchTerm('₹ 4,79,470.00')).toBe('479470');
    expect(normaliseSearchTerm('Meena')).toBe('Meena');
    expect(normaliseSearchTerm('GL261100001')).toBe('GL261100001');
  });
});
