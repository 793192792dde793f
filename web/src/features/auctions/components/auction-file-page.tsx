import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyExact } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import { saveFile } from '@/lib/save-file';
import { useState } from 'react';
import { getAuctionPdf, useAuctionFile } from '../api/auction-file';
import { useRevalidateAuctionLoans } from '../api/get-auction-loans';
import styles from './auctions.module.css';
import { NoticeSection, PublicNoticeSection } from './file-notices';
import { BiddersSection, CostsSection, ScheduleSection } from './file-register';
import { ResultSection, SettlementSection } from './file-result';

/**
 * /admin/auction-management/:loanId: one loan's auction by the rules, step by step: the
 * notice to the borrower, the date and venue, the public notice, the bidder register, the
 * costs, the result (sale or failed auction), the settlement and the surplus refund, and
 * the two PDFs. Auditors read it.
 */
export function AuctionFilePage({ loanRef }: { loanRef: string }) {
  const readOnly = useReadOnly();
  const toast = useToast();
  const revalidateList = useRevalidateAuctionLoans();
  const { data, error, mutate } = useAuctionFile(loanRef);
  const [downloading, setDownloading] = useState<string | null>(null);

  if (error) {
    return (
      <ErrorState
        title="Failed to fetch the auction file"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  }
  if (!data) return <Loading text="Loading the auction file..." />;
  const file = data.data;
  const onSaved = async (message: string) => {
    toast.show(message, 'success');
    await mutate();
    void revalidateList();
  };
  const download = async (doc: 'statement' | 'report') => {
    setDownloading(doc);
    try {
      const blob = await getAuctionPdf(file.loanId, doc);
      saveFile(blob, `${doc === 'statement' ? 'AuctionStatement' : 'AuctionReport'}_${file.loanId}.pdf`);
    } catch (e) {
      toast.show(errorMessage(e, 'Failed to download the document'), 'error');
    } finally {
      setDownloading(null);
    }
  };
  const props = { file, readOnly, onSaved };
  return (
    <div className={styles.page}>
      <PageHeader
        title={`Auction file: ${file.loanId}`}
        description={`${file.customer.name} (${file.customer.customerId}) · ${file.customer.mobile} · ${file.branch.name}`}
      />
      <div className={styles.fileHead}>
        <Link to="/admin/auction-management">← Auction Management</Link>
        <Badge status={file.auctionStatus} />
        {file.failedCount > 0 && <span>{file.failedCount} failed auction(s)</span>}
        <span>Reserve floor today: {file.reserveFloorPercent}%</span>
        {file.sale && file.sale.shortfall > 0 && (
          <strong className={styles.shortfall}>Shortfall owed {formatMoneyExact(file.sale.shortfall)}</strong>
        )}
        <div className={styles.buttons}>
          <Button
            size="sm"
            variant="secondary"
            loading={downloading === 'report'}
            onClick={() => void download('report')}
          >
            Auction Report (PDF)
          </Button>
          {file.sale && (
            <Button
              size="sm"
              variant="secondary"
              loading={downloading === 'statement'}
              onClick={() => void download('statement')}
            >
              Borrower Statement (PDF)
            </Button>
          )}
        </div>
      </div>
      {file.nextSteps.length > 0 && (
        <Card title="Still to do" titleAs="h2">
          <ol className={styles.steps} data-testid="next-steps">
            {file.nextSteps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </Card>
      )}
      <div className={styles.fileGrid}>
        <NoticeSection {...props} />
        <ScheduleSection {...props} />
        <PublicNoticeSection {...props} />
        <CostsSection {...props} />
        <BiddersSection {...props} />
        <ResultSection {...props} />
        <SettlementSection {...props} />
      </div>
    </div>
  );
}
