import linkStyles from '@/components/ui/link-button.module.css';
import { getAppraisalCertificate } from '../api/get-appraisal-certificate';
import { getKeyFacts } from '../api/get-key-facts';
import { disclosureFileName, type CustomerLoan } from '../derive';
import { useReceiptDownload } from './use-receipt-download';
import styles from './customer-dashboard.module.css';

/**
 * The loan's documents from the day it was sanctioned, kept with it: the Key Facts
 * Statement (rate, APR, schedule, charges, what happens if it stays unpaid) and the
 * appraisal certificate of the gold. The same PDFs the branch handed over.
 */
export function LoanDocuments({ loan }: { loan: CustomerLoan }) {
  const { busy, download } = useReceiptDownload();
  const headingId = `documents-${loan._id}`;
  const documents = [
    { key: 'key-facts', label: 'Key Facts Statement', fetch: getKeyFacts, file: disclosureFileName.keyFacts },
    {
      key: 'certificate',
      label: 'Appraisal Certificate',
      fetch: getAppraisalCertificate,
      file: disclosureFileName.certificate,
    },
  ] as const;
  return (
    <section className={styles.documents} aria-labelledby={headingId} data-testid="loan-documents">
      <h4 id={headingId} className={styles.documentsTitle}>
        Loan documents <span className="visually-hidden">of {loan.loanId}</span>
      </h4>
      <ul className={styles.documentList}>
        {documents.map((d) => (
          <li key={d.key}>
            <button
              type="button"
              className={linkStyles.linkButton}
              disabled={busy === d.key}
              aria-busy={busy === d.key || undefined}
              onClick={() =>
                void download(d.key, () => d.fetch(loan._id), d.file(loan), 'Failed to download the document')
              }
            >
              {d.label} (PDF)
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
