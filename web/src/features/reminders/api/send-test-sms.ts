import { SuccessMessageResponse } from '@goldledger/contracts';
import { api } from '@/lib/api-client';

export type TestSmsKind = 'test-sms' | 'test-payment-reminder-sms' | 'test-simple-payment-sms';

/** The three test messages: each to a phone number given with its country code. */
export const TEST_SMS: Record<TestSmsKind, { button: string; title: string; failure: string }> = {
  'test-sms': {
    button: 'Test SMS',
    title: 'Send a test SMS',
    failure: 'Failed to test SMS',
  },
  'test-payment-reminder-sms': {
    button: 'Test Payment Reminder SMS',
    title: 'Send a sample payment reminder SMS',
    failure: 'Failed to test payment reminder SMS',
  },
  'test-simple-payment-sms': {
    button: 'Test Simple Payment SMS',
    title: 'Send a sample simple payment SMS',
    failure: 'Failed to test simple payment SMS',
  },
};

/** `POST /api/notifications/{kind}`: one test message to the number given. */
export function sendTestSms(kind: TestSmsKind, phoneNumber: string) {
  return api.post(`/api/notifications/${kind}`, { phoneNumber }, SuccessMessageResponse);
}
