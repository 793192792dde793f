import { ButtonLink } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { CallToAction, Checklist, Hero, Section } from '@/features/public-site/components/marketing';
import {
  GOLD_LOAN,
  GOLD_LOAN_TYPES,
  MINIMUM_DAYS,
  MINIMUM_INTEREST_RUPEES,
  OTHER_LOANS,
} from '@/features/public-site/figures';
import { formatAnnualRate, formatMoney, formatNumber } from '@/lib/format';

const tenure = `${formatNumber(GOLD_LOAN.minTenureMonths)} months – ${formatNumber(GOLD_LOAN.maxTenureYears)} years`;

/** /interest-rates: the rates table and a Contact Us link. */
export default function InterestRatesRoute() {
  return (
    <div className="container">
      <Hero
        eyebrow="Clear and simple"
        title="Interest Rates"
        lead={
          <p>
            Gold loan interest starts at {formatAnnualRate(GOLD_LOAN.rateFromPercent)} Every rate we charge is
            below, and the rate for your loan is written on your loan papers before you sign.
          </p>
        }
      />

      <Section title="Our rates">
        <Table caption="Interest rates by loan" hideCaption stickyHeader={false}>
          <thead>
            <tr>
              <Th>Loan</Th>
              <Th numeric>Interest from</Th>
              <Th numeric>Amount</Th>
              <Th>Tenure</Th>
            </tr>
          </thead>
          <tbody>
            {GOLD_LOAN_TYPES.map((t) => (
              <tr key={t.name}>
                <Td>{t.name}</Td>
                <Td numeric>{formatAnnualRate(GOLD_LOAN.rateFromPercent)}</Td>
                <Td numeric>
                  {formatMoney(t.min)} – {formatMoney(t.max)}
                </Td>
                <Td>{tenure}</Td>
              </tr>
            ))}
            {OTHER_LOANS.map((l) => (
              <tr key={l.name}>
                <Td>{l.name}</Td>
                <Td numeric>{formatAnnualRate(l.ratePercent)}</Td>
                <Td numeric>On application</Td>
                <Td>On application</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <Section title="How gold loan interest works" tinted>
        <Checklist
          items={[
            'Interest accrues day by day, so you pay only for the days you keep the money.',
            'Unpaid interest is added to the balance every 30 days (compounded monthly).',
            <>
              A minimum of {formatNumber(MINIMUM_DAYS.otherwise)} days&apos; interest applies at rates up to{' '}
              {formatNumber(MINIMUM_DAYS.thresholdPercent)}% a year, and{' '}
              {formatNumber(MINIMUM_DAYS.aboveThreshold)} days above it.
            </>,
            <>Every loan pays at least {formatMoney(MINIMUM_INTEREST_RUPEES)} in interest.</>,
            'Close early at any time; there is no penalty.',
            'The calculator on our home page shows the interest for your weight of gold.',
          ]}
        />
      </Section>

      <CallToAction
        title="Questions about a rate?"
        text="We are happy to work out the cost of a loan with you before you decide."
        actions={
          <ButtonLink to={paths.contact} variant="accent">
            Contact Us
          </ButtonLink>
        }
      />
    </div>
  );
}
