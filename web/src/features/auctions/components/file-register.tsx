import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { formatMoney, formatMoneyExact } from '@/lib/format';
import { MOBILE_INPUT_PROPS, tidyMobile } from '@/lib/mobile-input';
import { postAuctionStep } from '../api/auction-file';
import { performAuctionAction } from '../api/perform-auction-action';
import {
  actionBody,
  COST_KINDS,
  EMPTY_FORM,
  ID_TYPES,
  RELATIONSHIPS,
  validateAction,
  type ActionForm,
  type FormErrors,
} from '../derive';
import styles from './auctions.module.css';
import { day, Facts, useStep, type SectionProps } from './file-step';
import { DateInput } from '@/components/ui/date-input';

/** The auction's date, venue and reserve: set here or from the list (after the notice). */
export function ScheduleSection({ file, readOnly, onSaved }: SectionProps) {
  const [form, setForm] = useState<ActionForm>({
    ...EMPTY_FORM,
    auctionDate: file.notice?.auctionNotBefore ?? '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const step = useStep(onSaved);
  const set = (k: keyof ActionForm) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const canSchedule =
    !readOnly &&
    file.notice &&
    (file.auctionStatus === 'ready_for_auction' || file.auctionStatus === 'auction_scheduled');
  const basis = file.reserveBasis;
  return (
    <Card title="2. Auction date and venue" titleAs="h2" data-testid="schedule-section">
      {file.auctionDate && (
        <Facts
          rows={[
            ['Auction date', day(file.auctionDate)],
            [
              'Venue',
              file.venue
                ? `${file.venue.address}, ${file.venue.town}${file.venue.taluka ? ` (taluka ${file.venue.taluka})` : ''}`
                : '—',
            ],
            ['Reserve price', file.reservePrice === null ? '—' : formatMoneyExact(file.reservePrice)],
            ...(basis
              ? ([
                  [
                    'Valuation',
                    `${basis.floorPercent}% of ${formatMoney(basis.goldValue)} on ${day(basis.asOf)}`,
                  ],
                ] as Array<[string, string]>)
              : []),
          ]}
        />
      )}
      {!file.notice && file.auctionStatus !== 'auctioned' && (
        <p className={styles.note}>The auction is dated once the borrower&apos;s notice has been sent.</p>
      )}
      {canSchedule && (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const found = validateAction(
              'schedule',
              form,
              {
                minimumReservePrice: null,
                earliestAuctionDate: file.notice!.auctionNotBefore,
                failedAuctions: file.failedCount,
              },
              file.today,
            );
            setErrors(found);
            if (Object.values(found).some(Boolean)) return;
            void step.run(() =>
              performAuctionAction('schedule', file.loanId, actionBody('schedule', form), file.version),
            );
          }}
        >
          {step.failure}
          <div className={styles.pair}>
            <DateInput
              label="Auction date"
              required
              min={file.notice!.auctionNotBefore}
              value={form.auctionDate}
              error={errors.auctionDate}
              onChange={(e) => set('auctionDate')(e.target.value)}
            />
            <Input
              label="Reserve price (₹, optional)"
              inputMode="decimal"
              value={form.reservePrice}
              error={errors.reservePrice}
              hint={`At least ${file.reserveFloorPercent}% of the gold's value today; blank: the minimum.`}
              onChange={(e) => set('reservePrice')(e.target.value)}
            />
          </div>
          <Input
            label="Venue address"
            required
            maxLength={300}
            value={form.venueAddress}
            error={errors.venueAddress}
            onChange={(e) => set('venueAddress')(e.target.value)}
          />
          <div className={styles.pair}>
            <Input
              label="Venue town"
              required
              maxLength={80}
              value={form.venueTown}
              error={errors.venueTown}
              hint={`The branch's town (${file.branch.address}).`}
              onChange={(e) => set('venueTown')(e.target.value)}
            />
            <Input
              label="Taluka (optional)"
              maxLength={80}
              value={form.venueTaluka}
              hint="For a venue in another town of the branch's taluka."
              onChange={(e) => set('venueTaluka')(e.target.value)}
            />
          </div>
          <div className={styles.buttons}>
            <Button type="submit" variant={file.auctionDate ? 'secondary' : 'primary'} loading={step.busy}>
              {file.auctionDate ? 'Reschedule' : 'Schedule Auction'}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

const EMPTY_BIDDER = {
  name: '',
  idType: 'aadhaar',
  idNumber: '',
  address: '',
  mobile: '',
  relationship: 'None',
};

/** The bidder register of the current round; staff and the borrower's related parties are refused by the server. */
export function BiddersSection({ file, readOnly, onSaved }: SectionProps) {
  const [b, setB] = useState(EMPTY_BIDDER);
  const step = useStep(async (message) => {
    setB(EMPTY_BIDDER);
    await onSaved(message);
  });
  const round = file.sale?.round ?? file.round;
  const bidders = file.bidders.filter((x) => x.round === round);
  const open = !readOnly && file.auctionStatus === 'auction_scheduled';
  const set = (k: keyof typeof EMPTY_BIDDER) => (v: string) => setB((x) => ({ ...x, [k]: v }));
  return (
    <Card
      title={`5. Bidder register (auction ${round})`}
      titleAs="h2"
      className={styles.wide}
      data-testid="bidders-section"
    >
      {bidders.length === 0 ? (
        <p className={styles.note}>No bidders registered yet.</p>
      ) : (
        <Table caption="Registered bidders" hideCaption>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>ID</Th>
              <Th>Address</Th>
              <Th>Mobile</Th>
              <Th>Registered</Th>
            </tr>
          </thead>
          <tbody>
            {bidders.map((x) => (
              <Tr key={x.bidderId} data-testid="bidder-row">
                <Td>{x.name}</Td>
                <Td>
                  {ID_TYPES.find((t) => t.value === x.idType)?.label} {x.idNumber}
                </Td>
                <Td>{x.address}</Td>
                <Td>{x.mobile}</Td>
                <Td>{day(x.registeredOn)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      {open && (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void step.run(() => postAuctionStep(file.loanId, 'auction-bidders', { ...b }, file.version));
          }}
        >
          <p className={styles.note}>
            Each bidder is checked against the lender&apos;s staff and the borrower&apos;s related parties
            (the borrower, their emergency contact, anyone declaring a relationship); they are refused.
          </p>
          {step.failure}
          <div className={styles.pair}>
            <Input
              label="Bidder name"
              required
              maxLength={120}
              value={b.name}
              onChange={(e) => set('name')(e.target.value)}
            />
            <Input
              label="Mobile"
              required
              {...MOBILE_INPUT_PROPS}
              value={b.mobile}
              onChange={(e) => set('mobile')(tidyMobile(e.target.value))}
            />
          </div>
          <div className={styles.pair}>
            <Select label="ID type" value={b.idType} onChange={(e) => set('idType')(e.target.value)}>
              {ID_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
            <Input
              label="ID number"
              required
              maxLength={30}
              value={b.idNumber}
              onChange={(e) => set('idNumber')(e.target.value)}
            />
          </div>
          <Input
            label="Bidder address"
            required
            maxLength={300}
            value={b.address}
            onChange={(e) => set('address')(e.target.value)}
          />
          <Select
            label="Relationship to the borrower"
            value={b.relationship}
            onChange={(e) => set('relationship')(e.target.value)}
          >
            {RELATIONSHIPS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
          <div className={styles.buttons}>
            <Button type="submit" loading={step.busy}>
              Register Bidder
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** The auction's costs: notices, newspapers, valuer; recovered first from the sale. */
export function CostsSection({ file, readOnly, onSaved }: SectionProps) {
  const empty = { kind: 'newspaper', description: '', amount: '', incurredOn: file.today };
  const [c, setC] = useState(empty);
  const step = useStep(async (message) => {
    setC(empty);
    await onSaved(message);
  });
  const open =
    !readOnly && (file.auctionStatus === 'ready_for_auction' || file.auctionStatus === 'auction_scheduled');
  const set = (k: keyof typeof empty) => (v: string) => setC((x) => ({ ...x, [k]: v }));
  return (
    <Card title="4. Auction costs" titleAs="h2" data-testid="costs-section">
      {file.costs.length === 0 ? (
        <p className={styles.note}>No costs recorded.</p>
      ) : (
        <Facts
          rows={[
            ...file.costs.map((x): [string, string] => [
              `${day(x.incurredOn)} · ${x.description}`,
              formatMoneyExact(x.amount),
            ]),
            ['Total', formatMoneyExact(file.totalCosts)],
          ]}
        />
      )}
      {open && (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void step.run(() => postAuctionStep(file.loanId, 'auction-costs', { ...c }, file.version));
          }}
        >
          {step.failure}
          <div className={styles.pair}>
            <Select label="Cost type" value={c.kind} onChange={(e) => set('kind')(e.target.value)}>
              {COST_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </Select>
            <Input
              label="Amount (₹)"
              required
              inputMode="decimal"
              value={c.amount}
              onChange={(e) => set('amount')(e.target.value)}
            />
          </div>
          <div className={styles.pair}>
            <Input
              label="Cost description"
              required
              maxLength={200}
              value={c.description}
              onChange={(e) => set('description')(e.target.value)}
            />
            <DateInput
              label="Cost date"
              required
              max={file.today}
              value={c.incurredOn}
              onChange={(e) => set('incurredOn')(e.target.value)}
            />
          </div>
          <div className={styles.buttons}>
            <Button type="submit" variant="secondary" loading={step.busy}>
              Record Cost
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
