import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CallToAction, FeatureGrid, Hero, Section, Steps } from '@/features/public-site/components/marketing';
import { GOLD_PURCHASE_PRICE } from '@/features/public-site/figures';
import { formatGrams, formatMoney } from '@/lib/format';

const priceRange = `${formatMoney(GOLD_PURCHASE_PRICE.min)} – ${formatMoney(GOLD_PURCHASE_PRICE.max)} per gram`;

/** /gold-purchase: benefits, sample products, the four purchase steps. */
export default function GoldPurchaseRoute() {
  return (
    <div className="container">
      <Hero
        eyebrow="Buy gold with confidence"
        title="Gold Purchase"
        lead={
          <p>
            Certified gold coins and bars, priced from {priceRange} depending on the day&apos;s rate and the
            purity, delivered insured, and always welcome back with us.
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

      <Section title="Why buy from us" tinted>
        <FeatureGrid
          columns={4}
          items={[
            { title: 'Certified purity', icon: '✓', text: 'Hallmarked gold with a certificate of purity.' },
            { title: 'Secure purchase', icon: '◈', text: 'A clear invoice, and payment you can trace.' },
            { title: 'Insured delivery', icon: '➤', text: 'Sealed and insured until it reaches your hands.' },
            {
              title: 'Easy buyback',
              icon: '⇄',
              text: 'Sell it back to us or borrow against it whenever you need.',
            },
          ]}
        />
      </Section>

      <Section title="Popular choices" lead={`Priced at the day's rate, ${priceRange}.`}>
        <FeatureGrid
          columns={3}
          items={[
            {
              title: '24K gold coin',
              figure: formatGrams(10),
              text: 'Pure gold, 999.9 fineness: a gift that holds its value.',
            },
            {
              title: '22K gold coin',
              figure: formatGrams(8),
              text: 'The traditional sovereign weight, 916 hallmarked.',
            },
            {
              title: '24K gold bar',
              figure: formatGrams(50),
              text: 'For long-term saving, sealed with its certificate.',
            },
          ]}
        />
      </Section>

      <Section title="How to buy">
        <Steps
          items={[
            { title: 'Select Product', text: 'Choose a coin or bar at the branch or over the phone.' },
            { title: 'Make Payment', text: 'By bank transfer, UPI or at the branch.' },
            { title: 'Verify Details', text: 'Check the weight, purity and certificate with us.' },
            { title: 'Secure Delivery', text: 'Collect it at the branch or receive it insured.' },
          ]}
        />
      </Section>

      <CallToAction
        title="Already have gold?"
        text="See how much it can secure as a loan, at today's rate."
        actions={
          <ButtonLink to={paths.loanEligibility} variant="accent">
            Check eligibility
          </ButtonLink>
        }
      />
    </div>
  );
}
