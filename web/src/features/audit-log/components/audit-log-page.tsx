import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { AUDIT_TEXTS } from '../audit-view';
import { AuditFiltersForm } from './audit-filters-form';
import { AuditResults } from './audit-results';
import { useAuditSearch } from './use-audit-search';

/**
 * Every command's event with who made it and from where, for admins. Filters live in the
 * address bar (a search can be bookmarked or shared); the list pages with the server's
 * cursor, newest first.
 */
export function AuditLogPage() {
  const { token } = useAuth();
  const search = useAuditSearch();
  const { data, error, mutate } = search.log;

  let body;
  if (!token) {
    body = <ErrorState title={AUDIT_TEXTS.noToken} message="Please sign in again." />;
  } else if (error instanceof ApiError && error.status === 400) {
    body = (
      <Alert tone="error" title={AUDIT_TEXTS.badFilter}>
        {errorMessage(error, 'One of the filters is not valid.')}
      </Alert>
    );
  } else if (error && !data) {
    body = (
      <ErrorState
        title={AUDIT_TEXTS.fetchFailed}
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (!data) {
    body = <Loading text="Loading the audit log..." />;
  } else {
    body = <AuditResults search={search} data={data} />;
  }

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Audit Log"
        description="Every recorded action: who did it, in which role, from which address and when. Newest first."
      />
      <AuditFiltersForm search={search} />
      {body}
    </>
  );
}
