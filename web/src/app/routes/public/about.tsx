import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { AboutVideo } from '@/features/public-site/components/about-video';
import { CallToAction, Checklist, Hero, Section, Stats } from '@/features/public-site/components/marketing';
import { COMPANY } from '@/features/public-site/figures';
import { formatNumber } from '@/lib/format';

/** /about: the company's story, its video and its statistics. */
export default function AboutRoute() {
  return (
    <div className="container">
      <Hero
        documentTitle="About us"
        eyebrow={`Since ${COMPANY.foundedYear}`}
        title="About us"
        lead={
          <>
            <p>
              {site.name} began in {COMPANY.foundedYear} with one idea: a family that needs money quickly
              should not have to sell its gold to get it. For {formatNumber(COMPANY.yearsServing)}+ years we
              have lent against jewellery and coins from our branch, to farmers and shopkeepers, salaried
              families and small businesses.
            </p>
          </>
        }
      />

      <Section title="Meet us">
        <AboutVideo />
      </Section>

      <Section title="Our record in numbers" tinted>
        <Stats
          items={[
            { value: `${formatNumber(COMPANY.yearsServing)}+`, label: 'Years of service' },
            { value: formatNumber(COMPANY.branches), label: 'Branch' },
            { value: `${formatNumber(COMPANY.releasedBankLoans)}+`, label: 'Bank loans released' },
            { value: `${formatNumber(COMPANY.happyCustomers)}+`, label: 'Happy customers' },
            { value: formatNumber(COMPANY.loansDisbursed), label: 'Loans disbursed' },
          ]}
        />
      </Section>

      <Section title="Our story">
        <p>
          We are a single branch on purpose. The people who value your gold are the people who hand it back to
          you, and you can always walk in and speak to them. Many of our customers first came to us to release
          gold pledged with a bank; {formatNumber(COMPANY.releasedBankLoans)}+ such loans later, they still
          come back.
        </p>
        <p>
          Every loan is recorded the moment it is made, every payment gets a receipt, and customers can see
          their loans online at any time.
        </p>
      </Section>

      <Section title="What we promise">
        <Checklist
          items={[
            'Your gold is weighed and tested in front of you.',
            'Every charge is written down before you sign.',
            'Your gold is kept sealed and insured in our vault.',
            'A receipt for every payment, at the branch or online.',
            'Your gold comes back as soon as your loan is closed.',
            'Staff who know you by name.',
          ]}
        />
      </Section>

      <CallToAction
        title="Come and meet us"
        text={`Branch open ${site.businessHours}.`}
        actions={
          <>
            <ButtonLink to={paths.location} variant="accent">
              Find our branch
            </ButtonLink>
            <ButtonLink to={paths.services} variant="secondary">
              Our services
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
