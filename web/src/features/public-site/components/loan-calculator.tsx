import { useId, useState } from 'react';
import { Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { cx } from '@/lib/class-names';
import { formatAnnualRate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import { REFERENCE_PURITY } from '@/lib/lending-options';
import { noValuationPriceMessage } from '@/lib/valuation-price-message';
import { usePublicInterestQuote, usePublicValuationPrice } from '../api/public-reads';
import { CALCULATOR, MINIMUM_INTEREST_RUPEES } from '../figures';
import { estimateInterest, termText } from '../interest-estimate';
import { calculatorLoanAmount } from '../ltv';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import styles from './calculators.module.css';

/** A weight the visitor typed, in grams; null unless it is a number above 0. */
export function gramsFrom(text: string): number | null {
  const n = Number(text.trim().replace(/,/g, ''));
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
}

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={cx(styles.row, strong && styles.strong)}>
      <dt>{label}</dt>
      <dd className="numeric" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Grams → the loan amount the eligibility page gives 22K gold of that weight at today's
 * valuation price (issue 17: the lower of the 30-day average and the previous working day's
 * close), capped by the loan-to-value slabs (issue 19, point 8: one rule for both pages);
 * 12 % a year, disbursed now and closed 365 days (12 months) later, priced by the API. It answers as the weight changes (debounced);
 * if the interest cannot be had it shows a labelled estimate; without a valuation price
 * (the day's prices not yet in) it says so and shows no loan amount.
 */
export function LoanCalculator() {
  const headingId = useId();
  const [text, setText] = useState('10');
  const valuation = usePublicValuationPrice(REFERENCE_PURITY);
  const price = valuation.data?.price ?? null;
  const grams = gramsFrom(text);
  const settledGrams = useDebouncedValue(grams, 300);
  // Wait for the price, so one weight is asked once.
  const principal =
    settledGrams !== null && price !== null ? calculatorLoanAmount(settledGrams, price) : null;
  const { data, error, isLoading } = usePublicInterestQuote(principal);

  const current = data && principal !== null && data.principal === principal ? data : null;
  const pending =
    grams !== settledGrams || valuation.isLoading || (principal !== null && !current && isLoading);
  const estimate = principal !== null && error && !current ? estimateInterest(principal) : null;
  const shownPrincipal =
    principal ?? (grams !== null && price !== null ? calculatorLoanAmount(grams, price) : null);
  const noPrice = valuation.error !== undefined && !valuation.data;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Gold loan calculator
      </h2>
      <p className={styles.lead}>
        See what your gold can borrow today, and what it would cost to repay after {termText()} at{' '}
        {formatAnnualRate(CALCULATOR.annualRatePercent)}
      </p>
      <div className={styles.inputRow}>
        <Input
          label="Weight of your gold (grams)"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={text.trim() !== '' && grams === null ? 'Please enter a weight above 0 grams.' : null}
          hint={
            price !== null
              ? `At today's valuation price of ${formatMoney(price)} a gram of 22K gold.`
              : valuation.isLoading
                ? "Loading today's gold price…"
                : undefined
          }
        />
      </div>

      <div className={styles.result} aria-live="polite" aria-busy={pending || undefined}>
        {noPrice ? (
          <p className={styles.idle} role="status">
            {noValuationPriceMessage(valuation.error)}
          </p>
        ) : grams === null ? (
          <p className={styles.idle}>
            Enter the weight of your gold to see your loan amount, interest and total.
          </p>
        ) : (
          <>
            <div className={styles.status}>
              {pending ? (
                <>
                  <Spinner size="sm" label={null} /> Calculating…
                </>
              ) : estimate ? (
                <span className={styles.estimateLabel}>Estimate</span>
              ) : null}
            </div>
            <dl className={cx(styles.figures, pending && styles.stale)}>
              <Row
                label={`Loan amount for ${formatGrams(grams)}`}
                value={shownPrincipal !== null ? formatMoney(shownPrincipal) : '—'}
                testId="calculator-principal"
              />
              <Row
                label={`Interest for ${formatNumber(current?.effectiveDays ?? CALCULATOR.termDays)} days`}
                value={
                  current
                    ? formatMoney(current.totalInterest)
                    : estimate
                      ? formatMoney(estimate.totalInterest)
                      : '—'
                }
                testId="calculator-interest"
              />
              <Row
                label="Total to repay"
                value={
                  current
                    ? formatMoney(current.totalAmount)
                    : estimate
                      ? formatMoney(estimate.totalAmount)
                      : '—'
                }
                strong
                testId="calculator-total"
              />
              <Row label="Term" value={termText()} testId="calculator-term" />
            </dl>
            {current && (
              <div className={styles.explain}>
                <p>{current.message}</p>
                {current.minDaysApplied && (
                  <p>
                    <strong>Minimum days applied:</strong> interest is charged for at least{' '}
                    {formatNumber(current.effectiveDays)} days.
                  </p>
                )}
                {current.minInterestApplied && (
                  <p>
                    <strong>Minimum interest applied:</strong> every loan pays at least{' '}
                    {formatMoney(MINIMUM_INTEREST_RUPEES)} in interest.
                  </p>
                )}
              </div>
            )}
            {estimate && (
              <div className={styles.explain}>
                <p>
                  {errorMessage(error, 'Calculation failed').replace(/\.$/, '')}. This is an estimate at{' '}
                  {formatAnnualRate(CALCULATOR.annualRatePercent)} simple interest
                  {estimate.minInterestApplied
                    ? `, with the minimum interest of ${formatMoney(MINIMUM_INTEREST_RUPEES)}`
                    : ''}
                  ; our exact figure, compounded every 30 days, is slightly higher.
                </p>
              </div>
            )}
          </>
        )}
      </div>
      <p className={styles.small}>
        Indicative: the most 22K gold of this weight can secure under the loan-to-value limits, as on the
        eligibility page. Your loan amount is set when we weigh and test your gold at the branch.
      </p>
    </section>
  );
}
