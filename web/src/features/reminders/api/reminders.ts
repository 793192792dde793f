import {
  ReminderListResponse,
  SendPaymentRemindersResponse,
  SmsConfigResponse,
  SuccessMessageResponse,
} from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api, type RequestOptions } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type ReminderItem = z.infer<typeof ReminderListResponse>['data'][number];
export type SmsConfig = z.infer<typeof SmsConfigResponse>['data'];
export type ReminderTab = 'upcoming' | 'overdue';
export type ReminderType = 'all' | 'upcoming' | 'overdue';

/** 001 §9: the upcoming list's windows, 7 days unless chosen otherwise. */
export const DAY_WINDOWS = [3, 7, 14, 30] as const;
export type DayWindow = (typeof DAY_WINDOWS)[number];
export const DEFAULT_DAY_WINDOW: DayWindow = 7;

const upcomingPath = (days: DayWindow) => `/api/notifications/upcoming-payments?days=${days}`;
const OVERDUE_PATH = '/api/notifications/overdue-payments';
const SMS_CONFIG_PATH = '/api/notifications/sms-config';

/** Every key this feature reads starts with this: one revalidation after a send refreshes them all. */
export const isReminderKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/api/notifications/');

export function getUpcomingPayments(days: DayWindow, options?: RequestOptions) {
  return api.get(upcomingPath(days), ReminderListResponse, options);
}

export function getOverduePayments(options?: RequestOptions) {
  return api.get(OVERDUE_PATH, ReminderListResponse, options);
}

/** `GET /api/notifications/upcoming-payments?days=`: installments due within the window. */
export function useUpcomingPayments(days: DayWindow) {
  const { token } = useAuth();
  return useSWR(
    token ? [upcomingPath(days), days, token] : null,
    ([, d, t]: [string, DayWindow, string]) => getUpcomingPayments(d, { token: t }),
    { keepPreviousData: true },
  );
}

/** `GET /api/notifications/overdue-payments`. */
export function useOverduePayments() {
  const { token } = useAuth();
  return useSWR(token ? [OVERDUE_PATH, token] : null, ([, t]: [string, string]) =>
    getOverduePayments({ token: t }),
  );
}

/** `GET /api/notifications/sms-config`: asked only while the SMS Config modal is open. */
export function useSmsConfig(open: boolean) {
  const { token } = useAuth();
  return useSWR(open && token ? [SMS_CONFIG_PATH, token] : null, ([, t]: [string, string]) =>
    api.get(SMS_CONFIG_PATH, SmsConfigResponse, { token: t }),
  );
}

/** "Send Email Reminders": one email per listed installment of the chosen type, at most once a day each. */
export function sendPaymentReminders(type: ReminderType, days: DayWindow) {
  return api.post('/api/notifications/send-payment-reminders', { type, days }, SendPaymentRemindersResponse);
}

/** "Send SMS Reminder" on one card; the server reads the figures from the loan itself. */
export function sendSmsReminder(item: ReminderItem) {
  return api.post(
    '/api/notifications/send-individual-sms-reminder',
    {
      loanId: item._id,
      customerMobile: item.customerMobile,
      customerName: item.customerName,
      amount: item.amount,
      dueDate: item.dueDate,
      daysUntilDue: item.daysUntilDue,
      daysOverdue: item.daysOverdue,
    },
    SuccessMessageResponse,
  );
}

export type TestSmsKind = 'test-sms' | 'test-payment-reminder-sms' | 'test-simple-payment-sms';

/** The three test messages (001 §7): each to a phone number given with its country code. */
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

export function sendTestSms(kind: TestSmsKind, phoneNumber: string) {
  return api.post(`/api/notifications/${kind}`, { phoneNumber }, SuccessMessageResponse);
}
