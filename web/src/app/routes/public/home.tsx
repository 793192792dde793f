import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { LoanCalculator } from '@/features/public-site/components/loan-calculator';
import { CallToAction, FeatureGrid, Hero, Section } from '@/features/public-site/components/marketing';
import { ServiceCards } from '@/features/public-site/components/service-cards';
import { COMPANY, GOLD_LOAN } from '@/features/public-site/figures';
import { formatAnnualRate, formatNumber } from '@/lib/format';

/** The home page: hero, the gold loan calculator and the service cards. */
export default function HomeRoute() {
  return (
    <div className="container">
      <Hero
        documentTitle="Gold loans you can trust"
        eyebrow={`Gold loans since ${COMPANY.foundedYear}`}
        title="Gold loans you can trust"
        lead={
          <>
            <p>
              Your jewellery carries your family&apos;s story. Bring it to our branch and we weigh and test it
              in front of you, approve your loan within{' '}
              {formatNumber(GOLD_LOAN.approvalMinutesAfterEvaluation)} minutes of the evaluation, and keep it
              insured in our vault until you take it home.
            </p>
            <p>
              Interest from {formatAnnualRate(GOLD_LOAN.rateFromPercent)}, for{' '}
              {formatNumber(GOLD_LOAN.minTenureMonths)} months to {formatNumber(GOLD_LOAN.maxTenureYears)}{' '}
              years.
            </p>
          </>
        }
        actions={
          <>
            <ButtonLink to={paths.loanEligibility} variant="accent" size="lg">
              Check your eligibility
            </ButtonLink>
            <ButtonLink to={paths.contact} variant="secondary" size="lg">
              Talk to us
            </ButtonLink>
          </>
        }
        aside={<LoanCalculator />}
      />

      <Section
        title="Why families choose us"
        lead={`For ${formatNumber(COMPANY.yearsServing)}+ years we have lent against gold the way we would want our own family's gold treated.`}
        tinted
      >
        <FeatureGrid
          columns={4}
          items={[
            {
              title: 'Quick approval',
              icon: '◴',
              figure: `${formatNumber(GOLD_LOAN.approvalMinutesAfterEvaluation)} minutes`,
              text: 'From the evaluation of your gold to your approved loan.',
            },
            {
              title: 'Fair interest',
              icon: '%',
              figure: `from ${formatAnnualRate(GOLD_LOAN.rateFromPercent)}`,
              text: 'Interest only for the days you keep the loan, and no hidden charges.',
            },
            {
              title: 'Flexible tenure',
              icon: '◷',
              figure: `${formatNumber(GOLD_LOAN.minTenureMonths)} months – ${formatNumber(GOLD_LOAN.maxTenureYears)} years`,
              text: 'Repay early, in parts or all at once; your gold comes back when you close.',
            },
            {
              title: 'Proven record',
              icon: '★',
              figure: `${formatNumber(COMPANY.loansDisbursed)} loans`,
              text: `Disbursed to ${formatNumber(COMPANY.happyCustomers)}+ happy customers since ${COMPANY.foundedYear}.`,
            },
          ]}
        />
      </Section>

      <Section title="Our services" lead="Everything we do, under one roof at our branch.">
        <ServiceCards />
      </Section>

      <CallToAction
        title="Questions before you visit?"
        text={
          <>
            Call <a href={site.phoneHref}>{site.phone}</a> or WhatsApp{' '}
            <a href={site.whatsappHref}>{site.whatsapp}</a>. Branch: {site.businessHours}. Customer support:{' '}
            {site.supportHours}.
          </>
        }
        actions={
          <>
            <ButtonLink to={paths.location} variant="accent">
              Find our branch
            </ButtonLink>
            <ButtonLink to={paths.contact} variant="secondary">
              Contact Us
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
