import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { actionKeys, errorMessage } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { formatDate, formatNumber } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { useImportGoldPrices } from '../api/import-gold-prices';
import { csvDataRows, sampleCsv } from '../gold-price-view';
import styles from './gold-prices.module.css';

/** The API's body limit for the file's text. */
const MAX_FILE_BYTES = 1_000_000;

type ImportState =
  | { step: 'idle' }
  | { step: 'reading'; percent: number }
  | { step: 'sending'; rows: number }
  | { step: 'done'; text: string }
  | { step: 'failed'; text: string };

function readText(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * A CSV of closing prices (columns date,purity,pricePerGram under a header row), read in the
 * browser and sent whole: every row is recorded, or none, and a bad line is named.
 */
export function CsvImportCard({ purities }: { purities: readonly number[] }) {
  const columnsId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const [keyFor] = useState(actionKeys);
  const importPrices = useImportGoldPrices();
  const busy = state.step === 'reading' || state.step === 'sending';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError('Please choose a CSV file');
    if (file.size > MAX_FILE_BYTES) return setFileError('The file is too large: at most 1 MB');
    setFileError(null);
    setState({ step: 'reading', percent: 0 });
    try {
      const text = await readText(file, (percent) => setState({ step: 'reading', percent }));
      setState({ step: 'sending', rows: csvDataRows(text) });
      const answer = await importPrices(text, { idempotencyKey: keyFor({ name: file.name, text }) });
      setState({
        step: 'done',
        text: `${answer.message} (${formatDate(answer.from)} to ${formatDate(answer.to)}).`,
      });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      setState({ step: 'failed', text: errorMessage(error, 'Failed to import the file. Please try again.') });
    }
  }

  return (
    <Card
      title="Import a CSV file"
      description="Back-dated history is welcome; a day already in the register is corrected."
    >
      <p className={styles.muted} id={columnsId}>
        A header row naming the columns, then one price a row (rupees a gram, up to 2 decimals):
      </p>
      <pre className={styles.columns} aria-labelledby={columnsId}>
        {'date,purity,pricePerGram\n2026-11-20,916,7003.50'}
      </pre>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Input
          ref={input}
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError(null);
            setState({ step: 'idle' });
          }}
          error={fileError}
        />
        <div className={styles.formRow}>
          <Button type="submit" loading={busy}>
            Import prices
          </Button>
          <Button
            variant="ghost"
            onClick={() =>
              saveFile(
                new Blob([sampleCsv(purities, businessToday())], { type: 'text/csv' }),
                'gold-prices-sample.csv',
              )
            }
          >
            Download a sample
          </Button>
        </div>
      </form>
      <div className={styles.progress} aria-live="polite">
        {state.step === 'reading' && (
          <ProgressBar value={state.percent} label="Reading the file" valueText={`${state.percent}%`} />
        )}
        {state.step === 'sending' && (
          <>
            <ProgressBar value={100} label="File read" valueText="Read" />
            <p className={styles.muted}>
              <Spinner size="sm" label={null} /> Recording {formatNumber(state.rows)}{' '}
              {state.rows === 1 ? 'price' : 'prices'}…
            </p>
          </>
        )}
        {state.step === 'done' && (
          <Alert tone="success" onDismiss={() => setState({ step: 'idle' })}>
            <span data-testid="import-result">{state.text}</span>
          </Alert>
        )}
        {state.step === 'failed' && (
          <Alert tone="error" title="Nothing was imported">
            <span data-testid="import-result">{state.text}</span>
          </Alert>
        )}
      </div>
    </Card>
  );
}
