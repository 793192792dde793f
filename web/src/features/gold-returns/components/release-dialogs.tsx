import { useState } from 'react';
import {
  CUSTOMER_TOLD_CHANNEL_LABELS,
  type CompensationPayoutMethod,
  type CustomerToldChannel,
} from '@goldledger/contracts';
import { Input, Select, Textarea } from '@/components/ui/field';
import { businessToday } from '@/lib/business-date';
import { formatDate, formatMoney } from '@/lib/format';
import { payCompensation } from '../api/pay-compensation';
import { recordCustomerTold } from '../api/record-customer-told';
import { ActionForm, notesOrNull, type ActionDialogProps } from './action-dialogs';
import styles from './gold-returns.module.css';
import { DateInput } from '@/components/ui/date-input';

/** Release on time (issue 18): the customer told the gold is ready, and compensation paid out. */
const CHANNELS = Object.keys(CUSTOMER_TOLD_CHANNEL_LABELS) as CustomerToldChannel[];

/**
 * Staff told the customer the gold is ready: when and how. From the next day the delay is
 * the customer's and no compensation accrues (until they book a return, up to its day).
 */
export function CustomerToldDialog({ item, onClose }: ActionDialogProps) {
  const today = businessToday();
  const [toldOn, setToldOn] = useState(today);
  const [channel, setChannel] = useState<CustomerToldChannel>('call');
  const [notes, setNotes] = useState('');
  const reset = () => {
    setToldOn(businessToday());
    setChannel('call');
    setNotes('');
    onClose();
  };
  return (
    <ActionForm
      item={item}
      onClose={reset}
      title="Customer Told Gold Is Ready"
      submitLabel="Record"
      fallback="Failed to record that the customer was told"
      submit={async (it, expectedVersion) => {
        const res = await recordCustomerTold(it.loanId, {
          toldOn,
          channel,
          notes: notesOrNull(notes),
          expectedVersion,
        });
        setNotes('');
        return { message: res.message };
      }}
    >
      <p className={styles.muted}>
        Record that {item?.customerName ?? 'the customer'} was told the gold is ready to collect. From the
        next day the delay is theirs: no compensation accrues until they book a return, and again if the gold
        is not handed over on the booked day.
      </p>
      <DateInput
        label="Told on"
        required
        max={today}
        min={item?.closedDate}
        value={toldOn}
        onChange={(e) => setToldOn(e.target.value)}
      />
      <Select label="How" value={channel} onChange={(e) => setChannel(e.target.value as CustomerToldChannel)}>
        {CHANNELS.map((c) => (
          <option key={c} value={c}>
            {CUSTOMER_TOLD_CHANNEL_LABELS[c]}
          </option>
        ))}
      </Select>
      <Textarea
        label="Notes (optional)"
        rows={2}
        maxLength={1000}
        value={notes}
        placeholder="What the customer said"
        onChange={(e) => setNotes(e.target.value)}
      />
    </ActionForm>
  );
}

/** Pays out all the compensation owed, in cash (from the branch's drawer) or by bank transfer with its reference. */
export function PayCompensationDialog({ item, onClose }: ActionDialogProps) {
  const [method, setMethod] = useState<CompensationPayoutMethod>('cash');
  const [reference, setReference] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const reset = () => {
    setMethod('cash');
    setReference('');
    setInvalid(null);
    onClose();
  };
  const owed = item?.compensation?.owed ?? 0;
  const days =
    (item?.compensation?.days ?? 0) - (item?.compensation?.payouts.reduce((s, p) => s + p.days, 0) ?? 0);
  return (
    <ActionForm
      item={item}
      onClose={reset}
      title="Pay Compensation"
      submitLabel={`Pay ${formatMoney(owed)}`}
      fallback="Failed to pay the compensation"
      submit={async (it, expectedVersion) => {
        if (method === 'bank' && !reference.trim()) {
          const problem = 'Please give the bank transfer reference';
          setInvalid(problem);
          return { invalid: problem };
        }
        const res = await payCompensation(it.loanId, {
          method,
          reference: reference.trim() || null,
          expectedVersion,
        });
        setReference('');
        return { message: res.message };
      }}
    >
      {item && (
        <p>
          Pay {item.customerName} <strong className="numeric">{formatMoney(owed)}</strong> for {days} working{' '}
          {days === 1 ? 'day' : 'days'} the gold of loan {item.loanId} was kept past{' '}
          {formatDate(item.releaseDueBy)}. This pays all that is owed and cannot be undone.
        </p>
      )}
      <Select
        label="Paid by"
        value={method}
        onChange={(e) => {
          setMethod(e.target.value as CompensationPayoutMethod);
          setInvalid(null);
        }}
      >
        <option value="cash">Cash (from the branch cash book)</option>
        <option value="bank">Bank transfer</option>
      </Select>
      <Input
        label={method === 'bank' ? 'Bank transfer reference (UTR)' : 'Voucher number (optional)'}
        required={method === 'bank'}
        maxLength={100}
        value={reference}
        error={invalid}
        onChange={(e) => {
          setReference(e.target.value);
          setInvalid(null);
        }}
      />
    </ActionForm>
  );
}
