import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select, Textarea } from '@/components/ui/field';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { formatMoneyExact } from '@/lib/format';
import { postAuctionStep, recordSurplusPayout } from '../api/auction-file';
import { performAuctionAction } from '../api/perform-auction-action';
import { saleFromBids, type BidEntry } from '../derive';
import styles from './auctions.module.css';
import { day, Facts, useStep, type SectionProps } from './file-step';
import { DateInput } from '@/components/ui/date-input';

const REASONS = { no_bids: 'No bids', below_reserve: 'No bid reached the reserve' } as const;

/** The auction's result on its day: the bids (the highest registered one wins) or a failed auction. */
export function ResultSection({ file, readOnly, onSaved }: SectionProps) {
  const round = file.round;
  const bidders = file.bidders.filter((b) => b.round === round);
  const [bids, setBids] = useState<BidEntry[]>([]);
  const [outcome, setOutcome] = useState<'sold' | 'failed'>('sold');
  const [reason, setReason] = useState<'no_bids' | 'below_reserve'>('no_bids');
  const [highestBid, setHighestBid] = useState('');
  const [notes, setNotes] = useState('');
  const step = useStep(onSaved);
  const held =
    file.auctionStatus === 'auction_scheduled' && file.auctionDate !== null && file.auctionDate <= file.today;
  const amountOf = (id: string) => bids.find((b) => b.bidderId === id)?.amount ?? '';
  const setAmount = (id: string, amount: string) =>
    setBids((all) => [...all.filter((b) => b.bidderId !== id), { bidderId: id, amount }]);

  const submit = () => {
    step.setError(null);
    if (outcome === 'failed') {
      return step.run(() =>
        postAuctionStep(
          file.loanId,
          'auction-failed',
          { reason, highestBid: reason === 'below_reserve' ? highestBid : null, notes: notes.trim() || null },
          file.version,
        ),
      );
    }
    const sale = saleFromBids(bids);
    if (sale === null)
      return step.setError('Enter the winning bid, or record the auction as failed (no bids)');
    if ('error' in sale) return step.setError(sale.error);
    return step.run(() =>
      performAuctionAction(
        'mark_auctioned',
        file.loanId,
        {
          saleAmount: sale.saleAmount,
          winningBidderId: sale.winningBidderId,
          otherBids: sale.otherBids,
          notes: notes.trim() || null,
        },
        file.version,
      ),
    );
  };

  return (
    <Card
      title="6. Auction result"
      titleAs="h2"
      className={styles.wide}
      id="result"
      data-testid="result-section"
    >
      {file.failedAuctions.length > 0 && (
        <Table caption={`Failed auctions (${file.failedAuctions.length})`}>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Reason</Th>
              <Th numeric>Highest bid</Th>
              <Th numeric>Reserve</Th>
            </tr>
          </thead>
          <tbody>
            {file.failedAuctions.map((f) => (
              <Tr key={`${f.round}-${f.auctionDate}`} data-testid="failed-row">
                <Td>{day(f.auctionDate)}</Td>
                <Td>{REASONS[f.reason]}</Td>
                <Td numeric>{f.highestBid === null ? '—' : formatMoneyExact(f.highestBid)}</Td>
                <Td numeric>{formatMoneyExact(f.reservePrice)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      {file.sale ? (
        <p className={styles.note}>Sold on {day(file.sale.auctionDate)}: see the settlement below.</p>
      ) : !held ? (
        <p className={styles.note}>
          {file.auctionDate
            ? `The result is recorded on or after the auction day, ${day(file.auctionDate)}.`
            : 'No auction is scheduled.'}
        </p>
      ) : readOnly ? (
        <p className={styles.note}>Waiting for the result.</p>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {step.failure}
          <Select
            label="Outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as 'sold' | 'failed')}
          >
            <option value="sold">Sold to the highest bidder</option>
            <option value="failed">Failed (no sale)</option>
          </Select>
          {outcome === 'sold' ? (
            bidders.length === 0 ? (
              <Alert tone="warning">Register the bidders first: a sale must go to a registered bidder.</Alert>
            ) : (
              <fieldset className={styles.form}>
                <legend>
                  Bids (₹; blank: no bid). The highest wins and must reach the reserve of{' '}
                  {formatMoneyExact(file.reservePrice ?? 0)}.
                </legend>
                {bidders.map((b) => (
                  <Input
                    key={b.bidderId}
                    label={`Bid by ${b.name}`}
                    inputMode="decimal"
                    value={amountOf(b.bidderId)}
                    onChange={(e) => setAmount(b.bidderId, e.target.value)}
                  />
                ))}
              </fieldset>
            )
          ) : (
            <div className={styles.pair}>
              <Select
                label="Reason"
                value={reason}
                onChange={(e) => setReason(e.target.value as 'no_bids' | 'below_reserve')}
              >
                <option value="no_bids">No bids</option>
                <option value="below_reserve">No bid reached the reserve</option>
              </Select>
              {reason === 'below_reserve' && (
                <Input
                  label="Highest bid (₹)"
                  inputMode="decimal"
                  value={highestBid}
                  onChange={(e) => setHighestBid(e.target.value)}
                />
              )}
            </div>
          )}
          <Textarea
            label="Notes (optional)"
            rows={2}
            maxLength={1000}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className={styles.buttons}>
            <Button type="submit" variant={outcome === 'sold' ? 'primary' : 'danger'} loading={step.busy}>
              {outcome === 'sold' ? 'Mark Auctioned' : 'Record Failed Auction'}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

const METHODS = [
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'upi', label: 'UPI' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'cash', label: 'Cash' },
] as const;

/** How the proceeds settled costs, interest and principal, and the surplus's refund (or the shortfall owed). */
export function SettlementSection({ file, readOnly, onSaved }: SectionProps) {
  const [method, setMethod] = useState('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(file.today);
  const step = useStep(onSaved);
  const sale = file.sale;
  if (!sale) return null;
  const owedBack = sale.surplus - sale.surplusRefunded;
  return (
    <Card
      title="7. Sale and settlement"
      titleAs="h2"
      className={styles.wide}
      data-testid="settlement-section"
    >
      <Facts
        rows={[
          ['Sold on', day(sale.auctionDate)],
          [
            'Winning bid',
            `${formatMoneyExact(sale.saleAmount)}${sale.winningBidder ? ` by ${sale.winningBidder.name}` : ''}`,
          ],
          ['Reserve price', formatMoneyExact(sale.reservePrice)],
        ]}
      />
      <Table caption="Applied in order: costs, interest, principal">
        <thead>
          <tr>
            <Th>Item</Th>
            <Th numeric>Owed</Th>
            <Th numeric>Settled</Th>
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['Auction costs', sale.owed.costs, sale.settled.costs],
              ['Interest', sale.owed.interest, sale.settled.interest],
              ['Principal', sale.owed.principal, sale.settled.principal],
            ] as const
          ).map(([label, owed, settled]) => (
            <Tr key={label}>
              <Td>{label}</Td>
              <Td numeric>{formatMoneyExact(owed)}</Td>
              <Td numeric>{formatMoneyExact(settled)}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {sale.surplus > 0 ? (
        <div data-testid="surplus">
          <Facts
            rows={[
              ['Surplus to the borrower', formatMoneyExact(sale.surplus)],
              [
                'Refund due by',
                `${day(sale.surplusRefundDueBy)} (${file.surplusRefundWorkingDays} working days)`,
              ],
              ['Refunded', formatMoneyExact(sale.surplusRefunded)],
              [
                'Working days taken',
                sale.surplusPaidOn
                  ? `${sale.workingDaysTaken} (paid ${day(sale.surplusPaidOn)})`
                  : `${sale.workingDaysTaken ?? 0} so far`,
              ],
              ...sale.payouts.map((p): [string, string] => [
                `Payout ${day(p.paidOn)}`,
                `${formatMoneyExact(p.amount)}, ${METHODS.find((m) => m.value === p.method)?.label ?? p.method}${p.reference ? `, ref. ${p.reference}` : ''}`,
              ]),
            ]}
          />
          {sale.refundOverdue && (
            <Alert tone="error">The surplus is past its refund date: pay it out today.</Alert>
          )}
          {owedBack > 0 && !readOnly && (
            <form
              className={styles.form}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void step.run(() =>
                  recordSurplusPayout(file._id, {
                    method,
                    reference: reference.trim() || null,
                    paidOn,
                    expectedVersion: file.version,
                  }),
                );
              }}
            >
              {step.failure}
              <p className={styles.note}>
                {formatMoneyExact(owedBack)} is still to be paid back to the borrower.
              </p>
              <div className={styles.pair}>
                <Select label="Paid by" value={method} onChange={(e) => setMethod(e.target.value)}>
                  {METHODS.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </Select>
                <DateInput
                  label="Paid on"
                  max={file.today}
                  value={paidOn}
                  onChange={(e) => setPaidOn(e.target.value)}
                />
              </div>
              <Input
                label="Reference (UTR, cheque number, voucher)"
                maxLength={100}
                value={reference}
                onChange={(e) => setReference(e.target.value)}
              />
              <div className={styles.buttons}>
                <Button type="submit" loading={step.busy}>
                  Record Surplus Payout
                </Button>
              </div>
            </form>
          )}
        </div>
      ) : sale.shortfall > 0 ? (
        <Alert tone="warning" title="Shortfall still owed">
          The sale did not cover what was owed: {formatMoneyExact(sale.shortfall)} remains receivable from the
          borrower.
        </Alert>
      ) : (
        <p className={styles.note}>The sale covered exactly what was owed.</p>
      )}
    </Card>
  );
}
