import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { getAppraisalCertificate } from '../api/get-appraisal-certificate';
import { getKeyFacts } from '../api/get-key-facts';
import type { Loan } from '../derive';
import { openPdfTab } from '../open-file';
import styles from './loans.module.css';

type Disclosure = 'key-facts' | 'certificate';

const DISCLOSURES: Record<Disclosure, { label: string; fetch: (id: string) => Promise<Blob>; file: string }> =
  {
    'key-facts': { label: 'Key Facts Statement', fetch: getKeyFacts, file: 'KeyFacts' },
    certificate: {
      label: 'Appraisal certificate',
      fetch: getAppraisalCertificate,
      file: 'AppraisalCertificate',
    },
  };

/**
 * The disclosures made when the loan was sanctioned, kept with it: the Key Facts Statement
 * and the appraisal certificate (borrower's and lender's copies), each opened in a new tab
 * to print or hand over. Built from the sanction, so they read the same every time.
 */
export function LoanDisclosures({ loan }: { loan: Loan }) {
  const toast = useToast();
  const [busy, setBusy] = useState<Disclosure | null>(null);

  const open = (which: Disclosure) => {
    const { fetch, file } = DISCLOSURES[which];
    const tab = openPdfTab();
    setBusy(which);
    fetch(loan._id)
      .then((blob) => tab.show(blob, `${file}_${loan.loanId}.pdf`))
      .catch((error: unknown) => {
        tab.fail();
        console.error('Disclosure failed', error);
        toast.show(errorMessage(error, 'Failed to open the document'), 'error');
      })
      .finally(() => setBusy(null));
  };

  return (
    <section aria-labelledby={`disclosures-${loan._id}`} data-testid="loan-disclosures">
      <h4 id={`disclosures-${loan._id}`} className={styles.subTitle}>
        Disclosures at sanction
      </h4>
      <div className="cluster">
        {(Object.keys(DISCLOSURES) as Disclosure[]).map((which) => (
          <Button
            key={which}
            variant="secondary"
            size="sm"
            loading={busy === which}
            onClick={() => open(which)}
            aria-label={`${DISCLOSURES[which].label} of ${loan.loanId} (PDF, opens in a new tab)`}
          >
            {DISCLOSURES[which].label}
          </Button>
        ))}
      </div>
    </section>
  );
}
