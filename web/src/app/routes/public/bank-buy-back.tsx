import { ButtonLink } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { CallToAction, Checklist, Hero, Section, Steps } from '@/features/public-site/components/marketing';
import { BUYBACK_DAYS, BUYBACK_RATES, COMPANY } from '@/features/public-site/figures';
import { formatMoney, formatNumber } from '@/lib/format';

const days = `${formatNumber(BUYBACK_DAYS.min)}-${formatNumber(BUYBACK_DAYS.max)} days`;

/** /bank-buy-back: benefits, four steps, indicative rates; buttons to /loan-eligibility and /apply-loan. */
export default function BankBuyBackRoute() {
  return (
    <div className="container">
      <Hero
        eyebrow="Release your gold from a bank"
        title="Bank Buy-Back"
        lead={
          <p>
            Gold pledged with a bank and a loan you want to close? We pay off the bank, release your gold and
            either buy it at a fair price or move it into a gold loan with us, in {days}. We have released{' '}
            {formatNumber(COMPANY.releasedBankLoans)}+ bank loans so far.
          </p>
        }
        actions={
          <>
            <ButtonLink to={paths.loanEligibility} variant="accent" size="lg">
              Check eligibility
            </ButtonLink>
            <ButtonLink to={paths.applyLoan} variant="secondary" size="lg">
              Apply now
            </ButtonLink>
          </>
        }
      />

      <Section title="Benefits" tinted>
        <Checklist
          items={[
            `Done in ${days}, start to finish.`,
            'We deal with the bank for you.',
            'A fair price per gram, quoted before you decide.',
            'Paid instantly, to your account or in cash.',
          ]}
        />
      </Section>

      <Section title="How it works">
        <Steps
          items={[
            { title: 'Book an appointment', text: 'Call us or send an enquiry with your bank loan details.' },
            {
              title: 'Assessment',
              text: 'We check the loan with your bank and assess your gold once released.',
            },
            { title: 'Price quote', text: 'A clear price per gram, by purity, before you decide.' },
            { title: 'Instant payment', text: 'The balance after the bank is paid, the same day.' },
          ]}
        />
      </Section>

      <Section
        title="Indicative buy-back rates"
        lead="Per gram, by purity. The final price depends on the day's rate and the assessment of your gold."
      >
        <Table caption="Indicative buy-back rates per gram" hideCaption stickyHeader={false}>
          <thead>
            <tr>
              <Th>Purity</Th>
              <Th numeric>Rate per gram</Th>
            </tr>
          </thead>
          <tbody>
            {BUYBACK_RATES.map((r) => (
              <tr key={r.karat}>
                <Td>{r.karat}K</Td>
                <Td numeric>{formatMoney(r.rupeesPerGram)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>

      <CallToAction
        title="Ready to release your gold?"
        text="Tell us about your bank loan and we will call you with the next steps."
        actions={
          <ButtonLink to={paths.applyLoan} variant="accent">
            Apply now
          </ButtonLink>
        }
      />
    </div>
  );
}
