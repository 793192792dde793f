import { describe, expect, it } from 'vitest';
import {
  InvalidMessageError,
  normaliseMobile,
  parseOutgoingMessage,
  type OutgoingMessage,
} from './message-port.js';

const email: OutgoingMessage = {
  channel: 'email',
  to: 'Meera.Iyer@Example.com',
  subject: 'Welcome to GoldLedger',
  text: 'Your account is ready.',
  purpose: 'staff_welcome',
};

const sms: OutgoingMessage = {
  channel: 'sms',
  to: '+91 98765 43210',
  text: 'Your GoldLedger login code is 482913',
  purpose: 'login_otp',
  template: { id: '171234', variables: ['482913'] },
};

function refusal(input: unknown): InvalidMessageError {
  try {
    parseOutgoingMessage(input);
  } catch (error) {
    if (error instanceof InvalidMessageError) return error;
    throw error;
  }
  throw new Error('the message was accepted');
}

describe('an outgoing message', () => {
  it('keeps an email address in lower case', () => {
    expect(parseOutgoingMessage(email).to).toBe('meera.iyer@example.com');
  });

  it.each(['9876543210', '+919876543210', '919876543210', '09876543210', '+91 98765-43210'])(
    'stores the mobile number %s as its 10 digits',
    (to) => {
      expect(parseOutgoingMessage({ ...sms, to }).to).toBe('9876543210');
    },
  );

  it('reads a 10-digit number starting with 91 as the number itself, not a prefix', () => {
    expect(normaliseMobile('9123456789')).toBe('9123456789');
  });

  it('refuses a bad email address with "is not an email address"', () => {
    const error = refusal({ ...email, to: 'meera.example.com' });
    expect(error.message).toBe('Invalid message: to: "meera.example.com" is not an email address');
    expect(error.errors).toEqual([{ path: 'to', msg: '"meera.example.com" is not an email address' }]);
  });

  it.each(['12345', '5876543210', '+9198765432101', '+44 7911 123456', 'meera@example.com'])(
    'refuses the SMS number %s as "not a 10-digit Indian mobile number"',
    (to) => {
      expect(refusal({ ...sms, to }).message).toMatch(/to: ".*" is not a 10-digit Indian mobile number/);
    },
  );

  it('refuses empty text with "must not be empty"', () => {
    expect(refusal({ ...sms, text: '   ' }).message).toBe('Invalid message: text: must not be empty');
  });

  it('refuses an email without a subject', () => {
    const { subject: _subject, ...withoutSubject } = email;
    expect(refusal(withoutSubject).message).toBe('Invalid message: subject: is required for an email');
  });

  it('refuses a subject of more than one line', () => {
    expect(refusal({ ...email, subject: 'Hello\nBcc: everyone@example.com' }).message).toBe(
      'Invalid message: subject: must be one line',
    );
  });

  it('refuses a purpose that is not a snake_case name', () => {
    expect(refusal({ ...sms, purpose: 'Login OTP' }).message).toMatch(/purpose: must be a snake_case name/);
  });

  it('refuses a template variable containing "|", which would shift the other variables', () => {
    expect(refusal({ ...sms, template: { id: '171234', variables: ['a|b'] } }).message).toBe(
      'Invalid message: template.variables.0: must not contain "|"',
    );
  });

  it('refuses an unknown channel', () => {
    expect(refusal({ ...sms, channel: 'fax' }).message).toMatch(/channel: must be "email" or "sms"/);
  });
});
