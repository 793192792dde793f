import { sql, type Kysely } from 'kysely';
import { addDays, formatBusinessDate, formatInr, type LendingPolicy } from '@goldledger/contracts';
import { loanBook } from '../loan-queries/loan-book.queries.js';
import type { JobDefinition } from '../platform/scheduler/scheduler.js';
import { forEachSubject, type JobDeps } from './job-support.js';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';
import { policyOn } from '../policy/policy-versions.js';

export interface DailySummary {
  day: string;
  dueToday: { installments: number; amountPaise: number };
  overdue: { installments: number; loans: number; amountPaise: number };
  /** Null when the read model is not there (yet): the email says so rather than guess. */
  readyForAuction: { loans: number } | null;
  goldReturnsPending: { pending: number; overdue: number } | null;
}

/** Whether a read model's table exists: a projection added later may not have run yet. */
async function tableExists(db: Kysely<Database>, qualified: string): Promise<boolean> {
  const { rows } = await sql<{ t: string | null }>`select to_regclass(${qualified})::text as t`.execute(db);
  return rows[0]?.t != null;
}

/** The figures of the admins' morning email, all from read models; `policy` is the one in effect on `day`. */
export async function dailySummary(
  db: Kysely<Database>,
  day: string,
  policy: LendingPolicy,
): Promise<DailySummary> {
  const unpaid = loanBook(db)
    .selectFrom('loan_installments')
    .where('status', '=', 'unpaid')
    .where('loan_active', '=', true);
  const [due, overdue, auction, goldReturns] = await Promise.all([
    unpaid
      .where('due_date', '=', day)
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        sql<string>`coalesce(sum(amount_paise - amount_paid_paise), 0)`.as('paise'),
      ])
      .executeTakeFirstOrThrow(),
    unpaid
      .where('due_date', '<', day)
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        sql<string>`count(distinct loan_uuid)`.as('loans'),
        sql<string>`coalesce(sum(amount_paise - amount_paid_paise), 0)`.as('paise'),
      ])
      .executeTakeFirstOrThrow(),
    readyForAuction(db),
    pendingGoldReturns(db, day, policy),
  ]);
  return {
    day,
    dueToday: { installments: Number(due.n), amountPaise: Number(due.paise) },
    overdue: {
      installments: Number(overdue.n),
      loans: Number(overdue.loans),
      amountPaise: Number(overdue.paise),
    },
    readyForAuction: auction,
    goldReturnsPending: goldReturns,
  };
}

async function readyForAuction(db: Kysely<Database>): Promise<DailySummary['readyForAuction']> {
  if (!(await tableExists(db, 'rm_auctions.auction_loans'))) return null;
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from rm_auctions.auction_loans
    where auction_status = 'ready_for_auction' and loan_status <> 'deleted'`.execute(db);
  return { loans: Number(rows[0]!.n) };
}

async function pendingGoldReturns(
  db: Kysely<Database>,
  day: string,
  policy: LendingPolicy,
): Promise<DailySummary['goldReturnsPending']> {
  if (!(await tableExists(db, 'rm_gold_returns.gold_returns'))) return null;
  const overdueBefore = addDays(day, -policy.goldReturnOverdueDays);
  const { rows } = await sql<{ n: string; overdue: string }>`
    select count(*) as n, count(*) filter (where closed_on < ${overdueBefore}) as overdue
    from rm_gold_returns.gold_returns where status in ('pending', 'scheduled')`.execute(db);
  return { pending: Number(rows[0]!.n), overdue: Number(rows[0]!.overdue) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryEmail(name: string, s: DailySummary): { subject: string; text: string } {
  const lines = [
    `Good morning ${name},`,
    '',
    `The loan book on ${formatBusinessDate(s.day)}:`,
    '',
    `- Due today: ${plural(s.dueToday.installments, 'installment')}, ${formatInr(s.dueToday.amountPaise)}.`,
    `- Overdue: ${plural(s.overdue.installments, 'installment')} on ${plural(s.overdue.loans, 'loan')}, ${formatInr(s.overdue.amountPaise)}.`,
    s.readyForAuction
      ? `- Ready for auction: ${plural(s.readyForAuction.loans, 'loan')}.`
      : '- Ready for auction: not available yet.',
    s.goldReturnsPending
      ? `- Gold returns pending: ${s.goldReturnsPending.pending} (${s.goldReturnsPending.overdue} overdue).`
      : '- Gold returns pending: not available yet.',
    '',
    'Details are on the Payment Reminders, Auction Management and Gold Returns pages.',
    '',
    'GoldLedger',
  ];
  return { subject: `GoldLedger daily summary, ${formatBusinessDate(s.day)}`, text: lines.join('\n') };
}

/** Every admin gets the day's summary by email, once a day (the message's idempotency key). */
export function adminNotificationsJob(deps: JobDeps): JobDefinition {
  return {
    name: 'admin_notifications',
    displayName: 'Admin daily summary',
    description:
      "Emails every admin the day's due installments, overdue payments, loans ready for auction and gold returns pending.",
    schedule: '0 8 * * *',
    async run(ctx) {
      const admins = await readModel(ctx.db, 'rm_users')
        .selectFrom('users')
        .select(['user_id', 'name', 'email'])
        .where('role', '=', 'admin')
        .where('removed', '=', false)
        .where('email', 'is not', null)
        .orderBy('user_id')
        .execute();
      const summary = await dailySummary(
        ctx.db,
        ctx.businessDate,
        (await policyOn(ctx.store, ctx.businessDate)).policy,
      );
      const byId = new Map(admins.map((a) => [a.user_id, a]));
      return forEachSubject(ctx, [...byId.keys()], async (userId) => {
        const admin = byId.get(userId)!;
        const { subject, text } = summaryEmail(admin.name, summary);
        await deps.messages.send({
          channel: 'email',
          to: admin.email!,
          subject,
          text,
          purpose: 'admin_daily_summary',
          correlationId: `job-run:${ctx.runId}`,
          idempotencyKey: ctx.idempotencyKey(userId),
        });
        return true;
      });
    },
  };
}
