import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { sendTestSms, TEST_SMS, type TestSmsKind } from '../api/send-test-sms';
import styles from './reminders.module.css';

/** A test SMS asks for the phone number, with its country code. */
export function TestSmsDialog({ kind, onClose }: { kind: TestSmsKind | null; onClose(): void }) {
  const [phone, setPhone] = useState('+91 ');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const words = kind ? TEST_SMS[kind] : null;

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!kind || !words) return;
    if (!phone.replace(/[^\d]/g, '')) {
      setFailure('Phone number is required');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await sendTestSms(kind, phone.trim());
      toast.show(answer.message, 'success');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, words.failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={kind !== null}
      onClose={close}
      size="sm"
      title={words?.title ?? 'Test SMS'}
      description="The message goes to the number you give, with its country code."
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Input
          label="Phone number (with country code)"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          autoFocus
          required
        />
        <div className="cluster">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send Test
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
