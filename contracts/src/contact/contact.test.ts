import { describe, expect, it } from 'vitest';
import { ContactRequest } from './contact.js';

const valid = {
  name: ' Meena Iyer ',
  email: ' Meena@Example.COM ',
  gold: 25.5,
  phone: '+91 98765 43210',
  message: 'Loan against jewellery, please call.',
};

const firstMessage = (input: unknown) => {
  const parsed = ContactRequest.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the contact form', () => {
  it('trims, lower-cases the email and keeps the 10 digits of the phone', () => {
    expect(ContactRequest.parse(valid)).toEqual({
      name: 'Meena Iyer',
      email: 'meena@example.com',
      gold: 25.5,
      phone: '9876543210',
      message: 'Loan against jewellery, please call.',
    });
  });

  it.each(['9876543210', '919876543210', '+919876543210', '98765-43210', ' 98765 43210 '])(
    'accepts the mobile written as "%s"',
    (phone) => {
      expect(ContactRequest.parse({ ...valid, phone }).phone).toBe('9876543210');
    },
  );

  it('accepts 0 grams and 2 decimals', () => {
    expect(ContactRequest.parse({ ...valid, gold: 0 }).gold).toBe(0);
    expect(ContactRequest.parse({ ...valid, gold: 12.34 }).gold).toBe(12.34);
  });

  it.each([
    [{ name: undefined }, 'Please enter your name'],
    [{ name: '   ' }, 'Please enter your name'],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ email: undefined }, 'Please enter your email address'],
    [{ email: 'meena@' }, 'Please enter a valid email address'],
    [{ gold: undefined }, 'Please enter the weight of your gold in grams'],
    [{ gold: '25' }, 'Gold weight must be a number of grams'],
    [{ gold: -1 }, 'Gold weight cannot be negative'],
    [{ gold: 1.234 }, 'Gold weight can have at most 2 decimal places'],
    [{ gold: 100_001 }, 'Gold weight must be at most 1,00,000 grams'],
    [{ phone: undefined }, 'Please enter your phone number'],
    [{ phone: '12345' }, 'Please enter a valid 10-digit mobile number'],
    [{ phone: '5876543210' }, 'Please enter a valid 10-digit mobile number'],
    [{ phone: '98765432101' }, 'Please enter a valid 10-digit mobile number'],
    [{ message: '' }, 'Please enter your message'],
    [{ message: 'x'.repeat(2001) }, 'Message must be at most 2,000 characters'],
  ])('refuses %o with "%s"', (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it('asks for the form when there is no body', () => {
    expect(firstMessage(undefined)).toBe('Please fill in the contact form');
  });
});
