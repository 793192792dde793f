import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Input, Select } from '@/components/ui/field';
import { cx } from '@/lib/class-names';
import { formatAnnualRate, formatGrams, formatMoney, formatNumber } from '@/lib/format';
import { finenessOfKarat } from '@goldledger/contracts';
import { DEFAULT_PURITY_KARAT, LTV_SLABS_RUPEES, PURITY_OPTIONS_KARAT } from '@/lib/lending-options';
import { noValuationPriceMessage } from '@/lib/valuation-price-message';
import { usePublicValuationPrice } from '../api/public-reads';
import { CALCULATOR } from '../figures';
import { termText } from '../interest-estimate';
import { eligibilityFor } from '../ltv';
import { gramsFrom } from './loan-calculator';
import styles from './calculators.module.css';

/**
 * /loan-eligibility: what gold of this weight and purity can secure at today's valuation
 * price of that purity (issue 17), under the loan-to-value slabs. Computed here from the
 * public valuation price (the staff valuation endpoint is not public), so the figure is
 * indicative; the branch's evaluation sets the loan.
 */
export function EligibilityChecker() {
  const headingId = useId();
  const [text, setText] = useState('');
  const [karat, setKarat] = useState(DEFAULT_PURITY_KARAT);
  const valuation = usePublicValuationPrice(finenessOfKarat(karat));
  const price = valuation.data?.price ?? null;
  const grams = gramsFrom(text);
  const result = grams !== null && price !== null ? eligibilityFor(grams, karat, price) : null;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Check how much you can borrow
      </h2>
      <div className={cx(styles.inputRow, styles.two)}>
        <Input
          label="Weight of your gold (grams)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 20"
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={text.trim() !== '' && grams === null ? 'Please enter a weight above 0 grams.' : null}
          hint="The net weight, without stones."
        />
        <Select label="Purity (karat)" value={karat} onChange={(e) => setKarat(Number(e.target.value))}>
          {PURITY_OPTIONS_KARAT.map((k) => (
            <option key={k} value={k}>
              {k}K{k === 22 ? ' (most jewellery)' : k === 24 ? ' (coins and bars)' : ''}
            </option>
          ))}
        </Select>
      </div>
      <div className={styles.result} aria-live="polite">
        {result && grams !== null ? (
          <>
            <dl className={styles.figures}>
              <div className={styles.row}>
                <dt>
                  Pure gold in {formatGrams(grams)} of {karat}K
                </dt>
                <dd className="numeric">{formatGrams(Math.round(result.fineGoldGrams * 100) / 100)}</dd>
              </div>
              <div className={styles.row}>
                <dt>Value at today&apos;s valuation price of {formatMoney(price!)} a gram</dt>
                <dd className="numeric">{formatMoney(result.goldValue)}</dd>
              </div>
              <div className={cx(styles.row, styles.strong)}>
                <dt>You can borrow up to</dt>
                <dd className="numeric" data-testid="eligible-amount">
                  {formatMoney(result.eligibleAmount)}
                </dd>
              </div>
              <div className={styles.row}>
                <dt>Loan-to-value limit applied</dt>
                <dd className="numeric">{formatNumber(result.capPercent)}%</dd>
              </div>
            </dl>
            <p className={styles.explain}>
              Over {termText()} at {formatAnnualRate(CALCULATOR.annualRatePercent)}, the{' '}
              <Link to={paths.home}>gold loan calculator</Link> shows the interest and the total to repay
              {karat === CALCULATOR.purityKarat
                ? ' on this amount'
                : ` for ${CALCULATOR.purityKarat}K gold of this weight`}
              .
            </p>
          </>
        ) : valuation.error !== undefined && !valuation.data ? (
          <p className={styles.idle} role="status">
            {noValuationPriceMessage(valuation.error)}
          </p>
        ) : grams !== null && valuation.isLoading ? (
          <p className={styles.idle}>Loading today&apos;s gold price…</p>
        ) : (
          <p className={styles.idle}>Enter the weight of your gold to see the amount it can secure.</p>
        )}
      </div>
      <p className={styles.small}>
        This figure is indicative. We value gold at the lower of its average price over the last 30 days and
        the previous working day&apos;s price, and lend a share of that value that depends on the size of the
        loan:
      </p>
      <ul className={styles.slabs}>
        {LTV_SLABS_RUPEES.map((s, i) => {
          const from = i === 0 ? null : LTV_SLABS_RUPEES[i - 1]!.upToRupees;
          const range =
            from === null
              ? `Up to ${formatMoney(s.upToRupees)}`
              : Number.isFinite(s.upToRupees)
                ? `${formatMoney(from)} to ${formatMoney(s.upToRupees)}`
                : `Above ${formatMoney(from)}`;
          return (
            <li key={s.capPercent}>
              {range}: {formatNumber(s.capPercent)}% of the gold&apos;s value
            </li>
          );
        })}
      </ul>
    </section>
  );
}
