import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import {
  CallToAction,
  Checklist,
  FeatureGrid,
  Hero,
  Section,
} from '@/features/public-site/components/marketing';

/** /payments: Online Banking, UPI, Branch Payment, and a link to /contact. */
export default function PaymentsRoute() {
  return (
    <div className="container">
      <Hero
        eyebrow="Repay your loan"
        title="Payments"
        lead={
          <p>
            Pay your interest or close your loan the way that suits you. Every payment is recorded against
            your loan and receipted.
          </p>
        }
      />

      <Section title="Ways to pay">
        <FeatureGrid
          columns={3}
          items={[
            {
              title: 'Online Banking',
              icon: '⌨',
              text: 'Transfer by NEFT, RTGS or IMPS to our account, with your loan number as the reference. We give you our account details when your loan is made.',
            },
            {
              title: 'UPI',
              icon: '₹',
              text: 'Pay from any UPI app to our UPI ID, printed on your loan papers, and share the transaction ID with us.',
            },
            {
              title: 'Branch Payment',
              icon: '⌂',
              text: `Pay in cash at the counter, ${site.businessHours}, and take your receipt with you.`,
            },
          ]}
        />
      </Section>

      <Section title="Good to know" tinted>
        <Checklist
          items={[
            'Pay only to the account or UPI ID on your loan papers; our staff will never ask you to pay anyone else.',
            'Paying early saves interest: interest runs only until the day you pay.',
            'Customers can see their loans and payments, and download receipts, after signing in.',
            'When your loan is closed, your gold is returned at the branch.',
          ]}
        />
      </Section>

      <CallToAction
        title="Need help with a payment?"
        text={
          <>
            Call <a href={site.phoneHref}>{site.phone}</a> ({site.supportHours}) or send us a message.
          </>
        }
        actions={
          <ButtonLink to={paths.contact} variant="accent">
            Contact Us
          </ButtonLink>
        }
      />
    </div>
  );
}
