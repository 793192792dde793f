import type { Kysely } from 'kysely';
import {
  addDays,
  BranchFilterQuery,
  ErrorResponse,
  formatBusinessDate,
  formatInr,
  mobileDigits,
  ReminderListResponse,
  SendIndividualSmsReminderRequest,
  SendPaymentRemindersRequest,
  SendPaymentRemindersResponse,
  SmsConfigResponse,
  SuccessMessageResponse,
  TestSmsRequest,
  UpcomingPaymentsQuery,
  businessDate,
} from '@goldledger/contracts';
import { branchScopeOf, inBranchScope, scopeOf } from '../branches/branch-scope.js';
import { ADMIN_READERS, sessionOf } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { loadLoan } from '../lending/loan-commands.js';
import { findLoan } from '../loan-queries/loan-book.queries.js';
import type { MessageSender } from '../messaging/message-port.js';
import { type Clock } from '../platform/clock.js';
import type { Config } from '../platform/config.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { App } from '../platform/http/app.js';
import {
  isOverdueOn,
  reminderMessage,
  sendPaymentReminder,
  unpaidInstallments,
  type ReminderDeps,
} from './payment-reminders.js';
import { reminderItems } from './reminders.queries.js';
import { SMS_PURPOSES, smsTemplate, type SmsPurpose } from './sms-templates.js';
import type { Database } from '../platform/platform.js';

export interface ReminderRouteDeps {
  db: Kysely<Database>;
  store: EventStore;
  clock: Clock;
  messages: MessageSender;
  config: Pick<Config, 'NODE_ENV' | 'FAST2SMS_API_KEY' | 'FAST2SMS_SENDER_ID' | 'FAST2SMS_TEMPLATES'>;
}

const ADMIN = ['admin'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const loanNotFound = () => new DomainError('Loan not found', 'loan_not_found', 404);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The reminders' sample figures for the test SMS. */
const SAMPLE = { customerName: 'Test Customer', loanId: 'GL0000000', amountDuePaise: 5_000_00 };

/**
 * Payment reminders and the SMS settings, admins
 * only. Lists come from the loan book; sending records each reminder on its loan first,
 * and the loan refuses a second one for the same installment, channel and day.
 */
export function registerReminderRoutes(app: App, deps: ReminderRouteDeps): void {
  const today = () => businessDate(deps.clock.now());
  const { config } = deps;
  const templates = config.FAST2SMS_TEMPLATES;
  const provider = config.FAST2SMS_API_KEY && config.FAST2SMS_SENDER_ID ? 'fast2sms' : 'outbox';
  const reminderDeps: ReminderDeps = { ...deps, smsTemplates: templates };

  app.get(
    '/api/notifications/upcoming-payments',
    {
      config: { access: ADMIN_READERS },
      schema: {
        querystring: UpcomingPaymentsQuery,
        response: { 200: ReminderListResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const { days } = request.query;
      const data = await reminderItems(deps, today(), { type: 'upcoming', days }, scopeOf(request));
      return {
        success: true,
        data,
        count: data.length,
        message:
          data.length === 0
            ? `No payments due in the next ${days} days`
            : `${plural(data.length, 'payment')} due in the next ${days} days`,
      };
    },
  );

  app.get(
    '/api/notifications/overdue-payments',
    {
      config: { access: ADMIN_READERS },
      schema: { querystring: BranchFilterQuery, response: { 200: ReminderListResponse } },
    },
    async (request) => {
      const data = await reminderItems(deps, today(), { type: 'overdue' }, scopeOf(request));
      return {
        success: true,
        data,
        count: data.length,
        message: data.length === 0 ? 'No overdue payments' : `${plural(data.length, 'overdue payment')}`,
      };
    },
  );

  // "Send Email Reminders": one email per listed installment, at most once a day each.
  app.post(
    '/api/notifications/send-payment-reminders',
    {
      config: { access: ADMIN },
      schema: {
        body: SendPaymentRemindersRequest.optional(),
        response: { 200: SendPaymentRemindersResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const { type, days } = SendPaymentRemindersRequest.parse(request.body ?? {});
      const day = today();
      const scope = branchScopeOf(sessionOf(request));
      const items = [
        ...(type !== 'overdue' ? await reminderItems(deps, day, { type: 'upcoming', days }, scope) : []),
        ...(type !== 'upcoming' ? await reminderItems(deps, day, { type: 'overdue' }, scope) : []),
      ];
      let sent = 0;
      let alreadySent = 0;
      let withoutEmail = 0;
      for (const item of items) {
        if (!item.customerEmail) {
          withoutEmail += 1;
          continue;
        }
        const { state } = await loadLoan(deps.store, item._id);
        const installment = unpaidInstallments(state, day).find(
          (i) => i.number === item.installmentNumber && i.dueDate === item.dueDate,
        );
        // Paid, closed or rescheduled since the read model was written: nothing to remind of.
        if (state.status !== 'active' || !installment) continue;
        const outcome = await sendPaymentReminder(reminderDeps, {
          loanUuid: item._id,
          state,
          installment,
          kind: item.type,
          channel: 'email',
          today: day,
          metadata: metadataOf(request),
        });
        if (outcome === 'sent') sent += 1;
        else if (outcome === 'already_sent') alreadySent += 1;
        else withoutEmail += 1;
      }
      const notes = [
        alreadySent > 0 && `${alreadySent} already reminded today`,
        withoutEmail > 0 && `${withoutEmail} without an email address`,
      ].filter(Boolean);
      return {
        success: true,
        data: { totalSent: sent, emailsSent: sent, smsSent: 0, alreadySent, withoutEmail },
        message:
          sent > 0
            ? `Successfully sent ${plural(sent, 'reminder email')}!`
            : `No reminder emails to send${notes.length > 0 ? ` (${notes.join(', ')})` : ''}.`,
      };
    },
  );

  app.post(
    '/api/notifications/send-individual-sms-reminder',
    {
      config: { access: ADMIN },
      schema: {
        body: SendIndividualSmsReminderRequest,
        response: { 200: SuccessMessageResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const b = request.body;
      const day = today();
      // The internal id reaches the stream at once; a loan number goes through the loan book.
      const scope = branchScopeOf(sessionOf(request));
      const loanUuid = UUID.test(b.loanId) ? b.loanId : (await findLoan(deps.db, b.loanId, scope))?.loan_uuid;
      if (!loanUuid) throw loanNotFound();
      const { state } = await loadLoan(deps.store, loanUuid);
      if (
        state.status === 'none' ||
        state.status === 'deleted' ||
        !state.customer ||
        !inBranchScope(scope, state.branchId)
      )
        throw loanNotFound();
      if (state.status !== 'active') {
        throw new DomainError('Reminders go only to active loans; this loan is closed', 'loan_closed', 409);
      }
      const onFile = [state.customer.primaryMobile, state.customer.secondaryMobile]
        .filter((m): m is string => !!m)
        .map(mobileDigits);
      if (!onFile.includes(b.customerMobile)) {
        throw new DomainError(
          `The mobile number ${b.customerMobile} is not on file for this loan's customer`,
          'mobile_mismatch',
          400,
        );
      }
      const unpaid = unpaidInstallments(state, day);
      const installment =
        unpaid.find((i) => b.dueDate !== undefined && i.dueDate === b.dueDate.slice(0, 10)) ??
        unpaid.find((i) => isOverdueOn(i.dueDate, day, state.policy)) ??
        unpaid[0];
      if (!installment) throw new DomainError('No installment is due on this loan', 'nothing_due', 409);
      const outcome = await sendPaymentReminder(reminderDeps, {
        loanUuid,
        state,
        installment,
        kind: isOverdueOn(installment.dueDate, day, state.policy) ? 'overdue' : 'upcoming',
        channel: 'sms',
        to: b.customerMobile,
        today: day,
        metadata: metadataOf(request),
      });
      if (outcome !== 'sent') {
        throw new DomainError(
          `An SMS reminder for installment ${installment.number} was already sent to ${state.customer.name} today`,
          'reminder_already_sent',
          409,
        );
      }
      return { success: true, message: `SMS reminder sent successfully to ${state.customer.name}!` };
    },
  );

  app.get(
    '/api/notifications/sms-config',
    { config: { access: ADMIN_READERS }, schema: { response: { 200: SmsConfigResponse } } },
    async () => {
      // Every purpose we send, and any other configured one (a later feature's template).
      const names = [...new Set([...Object.keys(SMS_PURPOSES), ...Object.keys(templates)])];
      const describe = (name: string) =>
        (SMS_PURPOSES as Record<string, { description: string; variables: readonly string[] }>)[name] ?? {
          description: 'Configured template',
          variables: [],
        };
      return {
        success: true,
        data: {
          provider,
          nodeEnv: config.NODE_ENV,
          hasApiKey: !!config.FAST2SMS_API_KEY,
          hasFast2smsApiKey: !!config.FAST2SMS_API_KEY,
          senderId: config.FAST2SMS_SENDER_ID ?? null,
          templateValidation: Object.fromEntries(
            names.map((n) => [n, { configured: !!templates[n], templateId: templates[n] ?? null }]),
          ),
          templates: Object.fromEntries(
            names.map((n) => [
              n,
              {
                description: describe(n).description,
                variables: [...describe(n).variables],
                templateId: templates[n] ?? null,
              },
            ]),
          ),
        },
        message:
          provider === 'fast2sms'
            ? 'SMS goes out through Fast2SMS'
            : 'No SMS provider is configured: SMS are kept in the outbox, not delivered',
      };
    },
  );

  /** Queues one test SMS, refusing up front what Fast2SMS would refuse later. */
  async function sendTest(phone: string, purpose: SmsPurpose, text: string, variables: string[]) {
    if (provider === 'fast2sms' && !templates[purpose]) {
      throw new DomainError(
        `No DLT template is configured for "${purpose}": add its template id to FAST2SMS_TEMPLATES`,
        'sms_template_missing',
        400,
      );
    }
    await deps.messages.send({
      channel: 'sms',
      to: phone,
      text,
      purpose,
      ...smsTemplate(templates, purpose, variables),
    });
    return {
      success: true,
      message:
        provider === 'fast2sms'
          ? `Test SMS sent to ${phone}.`
          : `Test SMS stored in the outbox for ${phone}: no SMS provider is configured, so it is not delivered.`,
    };
  }

  const testRoute = (path: string, build: (phone: string) => Parameters<typeof sendTest>) =>
    app.post(
      path,
      {
        config: { access: ADMIN },
        schema: { body: TestSmsRequest, response: { 200: SuccessMessageResponse, 400: ErrorResponse } },
      },
      async (request) => sendTest(...build(request.body.phoneNumber)),
    );

  testRoute('/api/notifications/test-sms', (phone) => [
    phone,
    'test_sms',
    'GoldLedger test message: SMS is set up and working.',
    [],
  ]);
  testRoute('/api/notifications/test-payment-reminder-sms', (phone) => {
    const words = reminderMessage(
      'upcoming',
      {
        customerName: SAMPLE.customerName,
        loanId: SAMPLE.loanId,
        installment: { number: 1, dueDate: addDays(today(), 3), amountDuePaise: SAMPLE.amountDuePaise },
        place: { n: 1, of: 3, upgradedOn: null },
      },
      today(),
    );
    return [phone, words.purpose, words.sms, words.smsVariables];
  });
  testRoute('/api/notifications/test-simple-payment-sms', (phone) => {
    const amount = formatInr(SAMPLE.amountDuePaise);
    const due = formatBusinessDate(addDays(today(), 3));
    return [
      phone,
      'payment_due_simple',
      `GoldLedger: your gold loan payment of ${amount} is due on ${due}. Please pay on time.`,
      [amount, due],
    ];
  });
}
