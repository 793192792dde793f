import { useState } from 'react';
import { DocumentTitle } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { businessToday } from '@/lib/business-date';
import { getLoanReceipt } from '../api/get-loan-receipt';
import { useCustomerLoans } from '../api/get-customer-loans';
import { loansForDisplay, paymentsDue, receiptFileName, type CustomerLoan } from '../derive';
import { InstallmentsDialog } from './installments-dialog';
import { LoanCard } from './loan-card';
import { PaymentHistoryDialog } from './payment-history-dialog';
import { PaymentsDueNotice } from './payments-due';
import { PortfolioSummary } from './portfolio-summary';
import { SupportFooter } from './support-footer';
import { useReceiptDownload } from './use-receipt-download';
import styles from './customer-dashboard.module.css';

/** Shown when the session has no token, word for word. */
export const NO_TOKEN = 'No authentication token found. Please log in again.';

type Open = { kind: 'payments' | 'installments'; loan: CustomerLoan } | null;

/** The customer's own loans, payments, installments and receipts (read-only). */
export function CustomerDashboard({ name }: { name: string }) {
  const { token } = useAuth();
  const { data, error, isLoading, mutate } = useCustomerLoans();
  const receipts = useReceiptDownload();
  const [open, setOpen] = useState<Open>(null);
  const today = businessToday();

  let body;
  if (!token) {
    body = <ErrorState title="Not signed in" message={NO_TOKEN} />;
  } else if (error) {
    body = (
      <ErrorState
        title="Failed to fetch loans"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !data) {
    body = <Loading text="Loading your loans..." />;
  } else if (data.data.length === 0) {
    body = (
      <div className={styles.panel}>
        <EmptyState title="No Loans Found" description="You don't have any active loans at the moment." />
      </div>
    );
  } else {
    const loans = loansForDisplay(data.data);
    body = (
      <>
        <PaymentsDueNotice due={paymentsDue(loans, today)} />
        <PortfolioSummary portfolio={data.portfolio} />
        <section aria-labelledby="your-loans" className={styles.section}>
          <h2 id="your-loans" className={styles.sectionTitle}>
            Your Loans
          </h2>
          <div className={styles.loanGrid}>
            {loans.map((loan) => {
              const key = `loan:${loan._id}`;
              return (
                <LoanCard
                  key={loan._id}
                  loan={loan}
                  today={today}
                  onViewPayments={() => setOpen({ kind: 'payments', loan })}
                  onViewInstallments={() => setOpen({ kind: 'installments', loan })}
                  downloading={receipts.busy === key}
                  onDownloadReceipt={() =>
                    void receipts.download(key, () => getLoanReceipt(loan._id), receiptFileName.loan(loan))
                  }
                />
              );
            })}
          </div>
        </section>
        <PaymentHistoryDialog
          loan={open?.kind === 'payments' ? open.loan : null}
          onClose={() => setOpen(null)}
          receipts={receipts}
        />
        <InstallmentsDialog
          loan={open?.kind === 'installments' ? open.loan : null}
          today={today}
          onClose={() => setOpen(null)}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <DocumentTitle title="My loans" />
      <header className={styles.banner}>
        <p className={styles.eyebrow}>Customer dashboard</p>
        <h1 className={styles.bannerTitle}>Welcome, {name}</h1>
        <p className={styles.bannerText}>
          Your gold loans at a glance: what is left to pay, every payment you have made and your receipts.
        </p>
      </header>
      {body}
      <SupportFooter />
    </div>
  );
}
