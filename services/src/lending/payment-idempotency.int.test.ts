import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_REFERENCE_STREAM_TYPE, paymentReferenceStreamId } from '@goldledger/contracts';
import { lendingApiKit } from '../testing/lending-api-kit.js';

/**
 * Issue 15, point 4: retries must not double payments. Every command route takes an
 * `Idempotency-Key`; the same key and body answer the first answer and append nothing,
 * the same key with another body is refused, and one bank transaction id (UTR) pays
 * once across all loans.
 */
const { kit, call, eventCount, newLoan } = lendingApiKit('payment_idempotency');

let token = '';
beforeAll(async () => {
  token = await kit.api.tokenFor('employee');
});

const pay = (loanUuid: string, body: object, key?: string) =>
  kit.api.app.inject({
    method: 'POST',
    url: `/api/loans/${loanUuid}/payment`,
    payload: body,
    headers: { 'x-auth-token': token, ...(key ? { 'idempotency-key': key } : {}) },
  });

const paymentsOf = async (loanUuid: string) =>
  Number(
    (
      await sql<{ n: string }>`
        select count(*) as n from events
        where stream_id = ${`loan-${loanUuid}`} and type = 'PaymentRecorded'`.execute(kit.t.db)
    ).rows[0]!.n,
  );

describe('Idempotency-Key on POST /api/loans/:id/payment', () => {
  it('10 parallel identical payments with one key record one payment and give 10 identical answers', async () => {
    const loan = await newLoan();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pay(loan._id, { amount: 1_000, paymentMethod: 'handcash' }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await paymentsOf(loan._id)).toBe(1);
    // Retried later: the same answer again, nothing appended.
    const before = await eventCount();
    const again = await pay(loan._id, { paymentMethod: 'handcash', amount: 1_000 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(answers[0]!.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(await eventCount()).toBe(before);
  });

  it('refuses the same key with a different body (422) and records nothing', async () => {
    const loan = await newLoan();
    const key = randomUUID();
    expect((await pay(loan._id, { amount: 1_000 }, key)).statusCode).toBe(201);
    const before = await eventCount();
    const other = await pay(loan._id, { amount: 2_000 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      'This Idempotency-Key was already used for a different request. Send a new key for a new action.',
    );
    expect(await eventCount()).toBe(before);
    expect(await paymentsOf(loan._id)).toBe(1);
  });

  it('keeps keys per signed-in user: another user with the same key makes a payment of their own', async () => {
    const loan = await newLoan();
    const key = randomUUID();
    expect((await pay(loan._id, { amount: 1_000 }, key)).statusCode).toBe(201);
    const asAdmin = await kit.api.app.inject({
      method: 'POST',
      url: `/api/loans/${loan._id}/payment`,
      payload: { amount: 1_000 },
      headers: { 'x-auth-token': await kit.api.tokenFor('admin'), 'idempotency-key': key },
    });
    expect(asAdmin.statusCode).toBe(201);
    expect(await paymentsOf(loan._id)).toBe(2);
  });

  it('without a key, behaves as before: each request is a payment', async () => {
    const loan = await newLoan();
    const answers = await Promise.all([pay(loan._id, { amount: 1_000 }), pay(loan._id, { amount: 1_000 })]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(await paymentsOf(loan._id)).toBe(2);
  });

  it('refuses a malformed key with 400 and runs nothing', async () => {
    const loan = await newLoan();
    const bad = await pay(loan._id, { amount: 1_000 }, 'has spaces in it');
    expect(bad.statusCode).toBe(400);
    expect(await paymentsOf(loan._id)).toBe(0);
  });

  it('a run cut short after its events committed is answered from them on retry, not paid twice', async () => {
    const loan = await newLoan();
    const key = randomUUID();
    const first = await pay(loan._id, { amount: 1_000 }, key);
    expect(first.statusCode).toBe(201);
    // As after a crash between the commit and the stored answer: the claim is running, its lease over.
    await sql`update request_idempotency
      set state = 'running', response_status = null, response_headers = null, response_body = null,
          lease_until = now() - interval '1 second'
      where idempotency_key = ${key}`.execute(kit.t.db);
    const retry = await pay(loan._id, { amount: 1_000 }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.payment).toEqual(first.json().data.payment);
    expect(await paymentsOf(loan._id)).toBe(1);
  });
});

describe('Idempotency-Key on the other command routes', () => {
  it('replays a loan edit (PUT) with the same key and appends nothing', async () => {
    const loan = await newLoan();
    const key = randomUUID();
    const admin = await kit.api.tokenFor('admin');
    const edit = () =>
      kit.api.app.inject({
        method: 'PUT',
        url: `/api/admin/loans/${loan._id}`,
        payload: { depositedBank: 'Canara Bank' },
        headers: { 'x-auth-token': admin, 'idempotency-key': key },
      });
    const first = await edit();
    expect(first.statusCode, first.body).toBe(200);
    const before = await eventCount();
    const again = await edit();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(await eventCount()).toBe(before);
  });

  it('answers 409 "in progress" to a repeat while the first still holds its claim', async () => {
    const loan = await newLoan();
    const key = randomUUID();
    expect((await pay(loan._id, { amount: 1_000 }, key)).statusCode).toBe(201);
    // As while the first run is still going: running, lease not over.
    await sql`update request_idempotency
      set state = 'running', response_status = null, response_body = null,
          lease_until = now() + interval '1 minute'
      where idempotency_key = ${key}`.execute(kit.t.db);
    const before = await eventCount();
    const repeat = await pay(loan._id, { amount: 1_000 }, key);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toBe(
      'The same request is still being processed. Please try again in a moment.',
    );
    expect(repeat.headers['retry-after']).toBe('1');
    expect(await eventCount()).toBe(before);
  });
});

describe('a bank transaction id (UTR) pays once', () => {
  const online = (utr: string, amount = 1_000) => ({
    amount,
    paymentMethod: 'online',
    transactionId: utr,
    bankName: 'SBI',
  });

  it('refuses a second online payment with the same transaction id, on any loan, naming the loan (409)', async () => {
    const first = await newLoan();
    const second = await newLoan();
    const utr = `UTR${Date.now()}`;
    expect((await pay(first._id, online(utr))).statusCode).toBe(201);
    const before = await eventCount();
    const again = await pay(second._id, online(` ${utr.toLowerCase()} `, 2_000));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Transaction ID ${utr.toLowerCase()} is already recorded on loan ${first.loanId}`,
    );
    expect(await eventCount()).toBe(before);
    const sameLoan = await pay(first._id, online(utr, 3_000));
    expect(sameLoan.statusCode).toBe(409);
    expect(sameLoan.json().message).toContain(first.loanId);
    expect(await paymentsOf(second._id)).toBe(0);
    expect(await paymentsOf(first._id)).toBe(1);
  });

  it('refuses an online payment on a version the loan has left (409) without claiming its transaction id', async () => {
    const loan = await newLoan();
    const utr = `UTRSTALE${Date.now()}`;
    const before = await eventCount();
    const stale = await pay(loan._id, { ...online(utr), expectedVersion: 99 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    // Not claimed and released again: a refused request appends nothing.
    expect(await eventCount()).toBe(before);
    expect((await kit.api.store.readStream(paymentReferenceStreamId(utr))).events).toEqual([]);
    expect((await pay(loan._id, online(utr))).statusCode).toBe(201);
  });

  it('takes over a claim whose payment never appeared (its request died between the two writes)', async () => {
    const loan = await newLoan();
    const utr = `UTRDEAD${Date.now()}`;
    await kit.api.store.append(
      paymentReferenceStreamId(utr),
      [
        {
          type: 'PaymentReferenceClaimed',
          data: { paymentId: randomUUID(), loanStreamId: `loan-${loan._id}`, loanId: loan.loanId },
          occurredAt: new Date(kit.api.clock.now().getTime() - 2 * 60_000),
        },
      ],
      { streamType: PAYMENT_REFERENCE_STREAM_TYPE, expectedVersion: 'no_stream' },
    );
    expect((await pay(loan._id, online(utr))).statusCode).toBe(201);
    expect((await pay(loan._id, online(utr))).statusCode).toBe(409);
  });

  it('frees the transaction id when the payment is reversed', async () => {
    const wrong = await newLoan();
    const right = await newLoan();
    const utr = `UTRREV${Date.now()}`;
    const recorded = await pay(wrong._id, online(utr));
    expect(recorded.statusCode).toBe(201);
    const reversed = await call(
      'admin',
      'POST',
      `/api/loans/${wrong._id}/payments/${recorded.json().data.payment._id}/reverse`,
      { reason: 'entered on the wrong loan' },
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await pay(right._id, online(utr))).statusCode).toBe(201);
  });
});
