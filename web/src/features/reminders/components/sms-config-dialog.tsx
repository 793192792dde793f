import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useSmsConfig } from '../api/get-sms-config';
import { shortId } from '../derive';
import styles from './reminders.module.css';

const yesNo = (value: boolean) => (
  <Badge tone={value ? 'success' : 'neutral'}>{value ? 'Configured' : 'Not configured'}</Badge>
);

/**
 * The SMS Config modal: which provider sends, whether its key and sender
 * are set, and each message's DLT template. The server sends no key, only whether
 * there is one; nothing secret reaches this screen.
 */
export function SmsConfigDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { data, error, isLoading, mutate } = useSmsConfig(open);
  let body;
  if (error) {
    body = (
      <ErrorState
        title="Failed to fetch SMS configuration"
        message={errorMessage(error, 'Please check your connection and try again.')}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !data) {
    body = <Loading text="Loading SMS configuration..." />;
  } else {
    const c = data.data;
    const names = Object.keys(c.templates);
    body = (
      <div className={styles.config}>
        <p className={styles.summary} data-testid="sms-config-message">
          {data.message}
        </p>
        <dl className={styles.configFacts}>
          <dt>Provider</dt>
          <dd data-testid="sms-provider">
            {c.provider === 'outbox' ? 'Outbox (not delivered)' : c.provider}
          </dd>
          <dt>Environment</dt>
          <dd>{c.nodeEnv}</dd>
          <dt>API key</dt>
          <dd>{yesNo(c.hasApiKey)}</dd>
          <dt>Fast2SMS API key</dt>
          <dd>{yesNo(c.hasFast2smsApiKey)}</dd>
          <dt>Sender ID</dt>
          <dd>{c.senderId ? <span className={styles.code}>{c.senderId}</span> : yesNo(false)}</dd>
        </dl>
        {names.length > 0 && (
          <Table caption="Message templates" stickyHeader={false}>
            <thead>
              <tr>
                <Th>Message</Th>
                <Th>Variables</Th>
                <Th>DLT template</Th>
              </tr>
            </thead>
            <tbody>
              {names.map((name) => {
                const t = c.templates[name]!;
                const configured = c.templateValidation[name]?.configured ?? t.templateId !== null;
                return (
                  <tr key={name}>
                    <Td>
                      <strong>{t.description}</strong>
                      <br />
                      <span className={styles.code}>{name}</span>
                    </Td>
                    <Td>{t.variables.length > 0 ? t.variables.join(', ') : '—'}</Td>
                    <Td>
                      {configured ? (
                        <span className={styles.code}>{shortId(t.templateId)}</span>
                      ) : (
                        <Badge tone="neutral">Not configured</Badge>
                      )}
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </div>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="SMS Configuration"
      description="How SMS reminders are sent. Keys are never shown, only whether they are set."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}
