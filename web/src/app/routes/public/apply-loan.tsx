import { Card } from '@/components/ui/card';
import { site } from '@/config/site';
import { ApplyLoanForm } from '@/features/public-site/components/apply-loan-form';
import { Checklist, Hero } from '@/features/public-site/components/marketing';
import { GOLD_LOAN } from '@/features/public-site/figures';
import { formatNumber } from '@/lib/format';
import { SideNote, Split } from '@/features/public-site/components/page-layout';

/** /apply-loan: an application that reaches our staff as an enquiry; the loan is made at the branch. */
export default function ApplyLoanRoute() {
  return (
    <div className="container">
      <Hero
        documentTitle="Apply for a loan"
        title="Apply for a loan"
        lead={
          <p>
            Tell us about your gold and what you need. Our loan team will call you to book a free evaluation
            at the branch, where your loan is approved within{' '}
            {formatNumber(GOLD_LOAN.approvalMinutesAfterEvaluation)} minutes.
          </p>
        }
      />
      <Split>
        <Card title="Your application">
          <ApplyLoanForm />
        </Card>
        <SideNote label="What happens next">
          <h2>What happens next</h2>
          <Checklist
            items={[
              'We call you, usually the same working day.',
              'You bring your gold and a photo ID to the branch.',
              'We evaluate your gold in front of you, free of charge.',
              'You take your money in cash or to your bank account.',
            ]}
          />
          <p>
            Prefer to talk? Call <a href={site.phoneHref}>{site.phone}</a>.
          </p>
        </SideNote>
      </Split>
    </div>
  );
}
