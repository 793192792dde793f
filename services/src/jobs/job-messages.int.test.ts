import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { CLI, eventsOf, openLoan, outbox, schedulerFor } from '../testing/jobs-test-kit.js';

let t: TestDatabase;
let api: TestApi;
let scheduler: ReturnType<typeof schedulerFor>;

beforeAll(async () => {
  t = await createTestDatabase('jobmsg');
  api = await createTestApi(t);
  scheduler = schedulerFor(t, api, { payment_reminder: '1707170000000000001' });
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

const run = (job: string, asOf: string) =>
  scheduler.execute(job, { executionType: 'backfill', executedBy: CLI, asOf });

describe('the payment reminders job', () => {
  it('reminds by SMS and email of the next installment due within 3 days once, and of overdue ones weekly', async () => {
    // Installments due 23 Nov (upcoming on the 21st) and, for the other loan, 5 Oct and 5 Nov (overdue).
    const soon = await openLoan(api, { loanDate: '2026-10-23', rate: 18 });
    const behind = await openLoan(api, { loanDate: '2026-09-05', rate: 18 });
    await api.project();

    const first = await run('payment_reminders', '2026-11-21');
    expect(first).toMatchObject({ status: 'success', recordsOk: 2, recordsFailed: 0 });
    const sent = await outbox(t);
    // The oldest overdue installment only, not one message per late installment.
    expect(sent.map((m) => `${m.purpose} ${m.channel} ${m.recipient}`).sort()).toEqual([
      'payment_overdue email customer@demo.local',
      'payment_overdue sms 9000000003',
      'payment_reminder email customer@demo.local',
      'payment_reminder sms 9000000003',
    ]);
    const overdueSms = sent.find((m) => m.purpose === 'payment_overdue' && m.channel === 'sms')!;
    expect(overdueSms.body).toContain(`installment 1 of 3 of your gold loan ${behind.loanId}`);
    expect(overdueSms.idempotency_key).toBe(`payment_reminders:${behind.loanUuid}:1:overdue:2026-11-21:sms`);
    // The DLT template goes with the SMS when one is configured.
    const [templated] = await t.db
      .selectFrom('outbox_messages' as any)
      .select('template')
      .where('purpose', '=', 'payment_reminder')
      .where('channel', '=', 'sms')
      .execute();
    expect((templated as { template: { id: string } }).template.id).toBe('1707170000000000001');

    // The same day again and the next: nothing new.
    for (const day of ['2026-11-21', '2026-11-22']) {
      expect((await run('payment_reminders', day)).recordsOk, day).toBe(0);
    }
    expect(await outbox(t)).toHaveLength(4);
    // 24 Nov: the 23 Nov installment is overdue now (its first overdue reminder).
    expect((await run('payment_reminders', '2026-11-24')).recordsOk).toBe(1);
    // 27 Nov: six days after the last overdue reminders, nothing.
    expect((await run('payment_reminders', '2026-11-27')).recordsOk).toBe(0);
    // 28 Nov: a week on, the oldest overdue installment again.
    expect((await run('payment_reminders', '2026-11-28')).recordsOk).toBe(1);
    expect(await outbox(t)).toHaveLength(8);
    const recorded = await eventsOf(t, [soon.loanUuid, behind.loanUuid], ['PaymentReminderSent']);
    expect(
      recorded
        .map(
          (e) =>
            `${e.streamId === `loan-${soon.loanUuid}` ? 'soon' : 'behind'} #${e.data.installmentNumber} ${e.data.kind} ${e.data.channel} ${e.data.sentOn}`,
        )
        .sort(),
    ).toEqual(
      [
        'behind #1 overdue sms 2026-11-21',
        'behind #1 overdue email 2026-11-21',
        'soon #1 upcoming sms 2026-11-21',
        'soon #1 upcoming email 2026-11-21',
        'behind #1 overdue sms 2026-11-28',
        'behind #1 overdue email 2026-11-28',
        'soon #1 overdue sms 2026-11-24',
        'soon #1 overdue email 2026-11-24',
      ].sort(),
    );
  });
});

describe('the auction readiness job', () => {
  it('puts a loan past its final date on the auction list once and tells the customer once', async () => {
    // 24 %, 3 months from 1 Jan 2026: final date 1 Jan + 3 + 1 + 2 × 3 months = 1 Nov 2026.
    const late = await openLoan(api, { loanDate: '2026-01-01', rate: 24 });
    await api.project();
    expect((await run('auction_readiness', '2026-10-31')).recordsOk).toBe(0);
    const ready = await run('auction_readiness', '2026-11-01');
    expect(ready.recordsOk).toBe(1);
    for (const day of ['2026-11-01', '2026-11-02'])
      expect((await run('auction_readiness', day)).recordsOk).toBe(0);

    const marked = await eventsOf(t, [late.loanUuid], ['MarkedReadyForAuction']);
    expect(marked).toHaveLength(1);
    expect(marked[0]!.data).toMatchObject({ readyOn: '2026-11-01', by: 'scheduler' });
    expect(marked[0]!.metadata).toMatchObject({
      idempotencyKey: `auction_readiness:${late.loanUuid}:2026-11-01`,
      actor: CLI,
    });
    const notices = await outbox(t, 'auction_ready');
    expect(notices.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', 'customer@demo.local'],
      ['sms', '9000000003'],
    ]);
    expect(notices.find((m) => m.channel === 'email')!.subject).toBe(
      `Notice of auction: gold loan ${late.loanId}`,
    );
  });
});

describe('the admin notifications job', () => {
  it("emails each admin the day's summary, once a day", async () => {
    await api.project();
    const first = await run('admin_notifications', '2026-11-23');
    expect(first).toMatchObject({ status: 'success', recordsOk: 1 });
    await run('admin_notifications', '2026-11-23');
    const emails = await outbox(t, 'admin_daily_summary');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      channel: 'email',
      recipient: 'admin@demo.local',
      subject: 'GoldLedger daily summary, 23 Nov 2026',
    });
    // The book: the 23 Nov installment due that day; 5 Oct, 5 Nov and the 24 % loan's three overdue.
    expect(emails[0]!.body).toContain('- Due today: 1 installment, ₹34,869.');
    expect(emails[0]!.body).toMatch(/- Overdue: 5 installments on 2 loans, ₹[\d,]+\./);
    expect(emails[0]!.body).toContain('- Ready for auction: 1 loan.');
    expect(emails[0]!.body).toContain('- Gold returns pending: 0 (0 overdue).');
  });
});
