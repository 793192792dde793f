import { z } from 'zod';
import { BranchFilterQuery } from '../branches/branch-http.js';
import { IndianMobile } from '../identity/mobile.js';
import { DelinquencyClass } from '../lending/delinquency.js';
import { InstallmentPlace } from '../lending/installment-label.js';

/**
 * Payment reminders and SMS settings. Money in rupees, dates `YYYY-MM-DD`.
 */

export const REMINDER_WINDOWS_DAYS = [3, 7, 14, 30] as const;
const windowMessage = 'days must be 3, 7, 14 or 30';
const ReminderWindow = z.coerce
  .number({ error: windowMessage })
  .refine((d) => (REMINDER_WINDOWS_DAYS as readonly number[]).includes(d), windowMessage);

export const UpcomingPaymentsQuery = z.object({
  days: ReminderWindow.default(7),
  ...BranchFilterQuery.shape,
});

export const ReminderItem = z.object({
  /** The loan's internal id. */
  _id: z.string(),
  loanId: z.string(),
  customerName: z.string(),
  customerMobile: z.string(),
  customerEmail: z.string().nullable(),
  type: z.enum(['upcoming', 'overdue']),
  /** What is left to pay of this installment. */
  amount: z.number(),
  dueDate: z.string(),
  /** 0 on the due date; negative never (overdue items say daysOverdue). */
  daysUntilDue: z.number().int(),
  daysOverdue: z.number().int(),
  installmentNumber: z.number().int(),
  totalInstallments: z.number().int(),
  /** The installment's place in the schedule in force ("2 of 3 after the upgrade on …"). */
  installmentPlace: InstallmentPlace,
  totalPaid: z.number(),
  remainingBalance: z.number(),
  /** The last day a reminder of this installment went out, by any channel. */
  lastReminderSentOn: z.string().nullable(),
  /** The loan's asset class as the delinquency job last recorded it (issue 18). */
  delinquencyClass: DelinquencyClass,
});

export const ReminderListResponse = z.object({
  success: z.boolean(),
  data: z.array(ReminderItem),
  count: z.number().int(),
  message: z.string(),
});

export const SendPaymentRemindersRequest = z.object({
  type: z
    .enum(['all', 'upcoming', 'overdue'], { error: 'type must be all, upcoming or overdue' })
    .default('all'),
  /** How far ahead "upcoming" reaches (the screen's window). */
  days: ReminderWindow.default(7),
});

export const SendPaymentRemindersResponse = z.object({
  success: z.boolean(),
  data: z.object({
    totalSent: z.number().int(),
    emailsSent: z.number().int(),
    smsSent: z.number().int(),
    /** Already reminded today on this channel. */
    alreadySent: z.number().int(),
    /** No email address on file. */
    withoutEmail: z.number().int(),
  }),
  message: z.string(),
});

const invalidPhone = 'Please enter a valid mobile number with country code, e.g. +91 98765 43210';
/** An Indian mobile number, with or without +91: stored as its 10 digits. */
export const SmsPhoneNumber = IndianMobile(invalidPhone, 'Phone number is required');

export const SendIndividualSmsReminderRequest = z.object({
  /** The loan's internal id or its loan number (GL…). */
  loanId: z.string({ error: 'Loan ID is required' }).trim().min(1, 'Loan ID is required').max(64),
  customerMobile: SmsPhoneNumber,
  // What the card showed; the server reads the figures from the loan itself.
  customerName: z.string().max(200).optional(),
  amount: z.number().optional(),
  dueDate: z.string().max(40).optional(),
  daysUntilDue: z.number().nullable().optional(),
  daysOverdue: z.number().nullable().optional(),
});

export const TestSmsRequest = z.object({ phoneNumber: SmsPhoneNumber });

export const SuccessMessageResponse = z.object({ success: z.boolean(), message: z.string() });

export const SmsConfigResponse = z.object({
  success: z.boolean(),
  data: z.object({
    /** `fast2sms`, or `outbox` when no provider is configured (messages are stored, not delivered). */
    provider: z.string(),
    nodeEnv: z.string(),
    hasApiKey: z.boolean(),
    hasFast2smsApiKey: z.boolean(),
    senderId: z.string().nullable(),
    templateValidation: z.record(
      z.string(),
      z.object({ configured: z.boolean(), templateId: z.string().nullable() }),
    ),
    templates: z.record(
      z.string(),
      z.object({
        description: z.string(),
        variables: z.array(z.string()),
        templateId: z.string().nullable(),
      }),
    ),
  }),
  message: z.string(),
});
