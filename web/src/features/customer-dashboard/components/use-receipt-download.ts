import { useCallback, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * Downloads one receipt (or other loan document) at a time: `busy` names the one in flight
 * (its button spins); a failure shows the server's message, or `failure` (the seeds'
 * 'Failed to download receipt' unless said).
 */
export function useReceiptDownload() {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  const download = useCallback(
    async (
      key: string,
      fetchPdf: () => Promise<Blob>,
      fileName: string,
      failure = 'Failed to download receipt',
    ) => {
      setBusy(key);
      try {
        saveFile(await fetchPdf(), fileName);
      } catch (error) {
        console.error('Receipt download failed', error);
        toast.show(errorMessage(error, failure), 'error');
      } finally {
        setBusy((current) => (current === key ? null : current));
      }
    },
    [toast],
  );

  return { busy, download };
}
