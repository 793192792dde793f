import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { EligibilityChecker } from '@/features/public-site/components/eligibility-checker';
import { CallToAction, Hero } from '@/features/public-site/components/marketing';
import { GOLD_LOAN } from '@/features/public-site/figures';
import { formatNumber } from '@/lib/format';

/** /loan-eligibility (linked from the service pages): an indicative eligible amount from weight and karat. */
export default function LoanEligibilityRoute() {
  return (
    <div className="container">
      <Hero
        documentTitle="Loan eligibility"
        eyebrow="Before you visit"
        title="Loan eligibility"
        lead={
          <p>
            How much you can borrow depends on how much pure gold you bring and on today&apos;s gold rate.
            Enter the weight and purity for an indicative amount; at the branch we confirm it within{' '}
            {formatNumber(GOLD_LOAN.approvalMinutesAfterEvaluation)} minutes of evaluation.
          </p>
        }
        aside={<EligibilityChecker />}
      />
      <CallToAction
        title="Happy with the amount?"
        text="Send us an application and we will call you to book your evaluation."
        actions={
          <>
            <ButtonLink to={paths.applyLoan} variant="accent">
              Apply now
            </ButtonLink>
            <ButtonLink to={paths.location} variant="secondary">
              Find our branch
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
