import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import {
  CallToAction,
  Checklist,
  FeatureGrid,
  Hero,
  Section,
  Steps,
} from '@/features/public-site/components/marketing';
import { GOLD_LOAN, GOLD_LOAN_TYPES } from '@/features/public-site/figures';
import { formatAnnualRate, formatMoney, formatNumber } from '@/lib/format';

/** /gold-loan: benefits and the three loan types; buttons to /loan-eligibility and /login. */
export default function GoldLoanRoute() {
  return (
    <div className="container">
      <Hero
        eyebrow="Loans against gold"
        title="Gold Loan"
        lead={
          <p>
            Your gold can work for you without leaving your family. Borrow against jewellery or coins from{' '}
            {formatAnnualRate(GOLD_LOAN.rateFromPercent)}, for {formatNumber(GOLD_LOAN.minTenureMonths)}{' '}
            months to {formatNumber(GOLD_LOAN.maxTenureYears)} years, with approval within{' '}
            {formatNumber(GOLD_LOAN.approvalMinutesAfterEvaluation)} minutes of evaluation.
          </p>
        }
        actions={
          <>
            <ButtonLink to={paths.loanEligibility} variant="accent" size="lg">
              Check eligibility
            </ButtonLink>
            <ButtonLink to={paths.login} variant="secondary" size="lg">
              Login
            </ButtonLink>
          </>
        }
      />

      <Section title="Benefits" tinted>
        <Checklist
          items={[
            <>
              Interest from {formatAnnualRate(GOLD_LOAN.rateFromPercent)}, charged only for the days you
              borrow.
            </>,
            <>
              Approval within {formatNumber(GOLD_LOAN.approvalMinutesAfterEvaluation)} minutes of evaluation.
            </>,
            <>
              Tenure from {formatNumber(GOLD_LOAN.minTenureMonths)} months to{' '}
              {formatNumber(GOLD_LOAN.maxTenureYears)} years.
            </>,
            'No income proof or credit score needed: your gold is the security.',
            'Repay in parts or all at once, at the branch, online or by UPI.',
            'Your gold is sealed, insured and returned when you close the loan.',
          ]}
        />
      </Section>

      <Section
        title="Three kinds of gold loan"
        lead="Choose the loan that fits what you bring and what you need."
      >
        <FeatureGrid
          columns={3}
          items={GOLD_LOAN_TYPES.map((t) => ({
            title: t.name,
            figure: `${formatMoney(t.min)} – ${formatMoney(t.max)}`,
            text: t.text,
          }))}
        />
      </Section>

      <Section title="How it works">
        <Steps
          items={[
            { title: 'Bring your gold', text: 'With a photo ID and address proof, to our branch.' },
            { title: 'Free evaluation', text: 'We weigh and test your gold in front of you.' },
            {
              title: 'Approval',
              text: `Within ${formatNumber(GOLD_LOAN.approvalMinutesAfterEvaluation)} minutes, with every charge written down.`,
            },
            { title: 'Money in hand', text: 'In cash or straight to your bank account.' },
          ]}
        />
      </Section>

      <CallToAction
        title="See what your gold can borrow"
        text="Enter the weight and purity of your gold for an indicative amount, before you visit."
        actions={
          <>
            <ButtonLink to={paths.loanEligibility} variant="accent">
              Check eligibility
            </ButtonLink>
            <ButtonLink to={paths.applyLoan} variant="secondary">
              Apply now
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
