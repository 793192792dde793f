import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import {
  CallToAction,
  Checklist,
  FeatureGrid,
  Hero,
  Section,
} from '@/features/public-site/components/marketing';
import { LOAN_APPROVAL_HOURS, OTHER_LOANS } from '@/features/public-site/figures';
import { formatAnnualRate, formatNumber } from '@/lib/format';

const approval = `${formatNumber(LOAN_APPROVAL_HOURS.min)}-${formatNumber(LOAN_APPROVAL_HOURS.max)} hours`;

/** /other-loans: four loan types, four benefits, required documents, Apply. */
export default function OtherLoansRoute() {
  return (
    <div className="container">
      <Hero
        eyebrow="Beyond gold"
        title="Other Loans"
        lead={
          <p>
            When your plans need more than a gold loan, we help with home, business, personal and vehicle
            loans, with a decision in {approval}. Limits depend on your income and the loan; we agree them
            with you in person.
          </p>
        }
        actions={
          <ButtonLink to={paths.applyLoan} variant="accent" size="lg">
            Apply
          </ButtonLink>
        }
      />

      <Section title="Loans we offer">
        <FeatureGrid
          columns={4}
          items={OTHER_LOANS.map((l) => ({
            title: l.name,
            figure: `from ${formatAnnualRate(l.ratePercent)}`,
            text: l.text,
          }))}
        />
      </Section>

      <Section title="Benefits" tinted>
        <FeatureGrid
          columns={4}
          items={[
            { title: 'Quick approval', icon: '◴', text: `A decision in ${approval}.` },
            { title: 'Competitive rates', icon: '%', text: 'Fixed when you sign, with no hidden charges.' },
            { title: 'Flexible repayment', icon: '◷', text: 'Monthly installments that fit your income.' },
            {
              title: 'Personal service',
              icon: '☺',
              text: 'One person at the branch follows your loan through.',
            },
          ]}
        />
      </Section>

      <Section title="Documents to bring">
        <Checklist
          items={[
            'Photo ID: Aadhaar, PAN card, passport or voter ID',
            'Address proof: Aadhaar, utility bill or rental agreement',
            'Two recent passport-size photographs',
            'Income proof: salary slips or income tax returns',
            'Bank statements for the last 6 months',
            'For business loans: business registration and GST returns',
          ]}
        />
      </Section>

      <CallToAction
        title="Apply in a few minutes"
        text="Send us your details and we will call you to talk it through."
        actions={
          <ButtonLink to={paths.applyLoan} variant="accent">
            Apply
          </ButtonLink>
        }
      />
    </div>
  );
}
