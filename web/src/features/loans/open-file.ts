/**
 * Files fetched with the session's token (a plain link could not send it) leave the
 * page through temporary object URLs.
 */

const FREE_AFTER_MS = 60_000;

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), FREE_AFTER_MS);
}

/**
 * Opens a PDF in a new tab. The tab is opened at once, inside the click (a window opened
 * after a network wait is a pop-up to most browsers), and shown the PDF when it arrives.
 * Returns what to do with the bytes, or with a failure (the empty tab is closed).
 */
export function openPdfTab(): { show(blob: Blob, fileName: string): void; fail(): void } {
  const tab = window.open('', '_blank');
  return {
    show(blob, fileName) {
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab && !tab.closed) {
        tab.location.href = url;
      } else {
        // Pop-ups blocked: save it instead, so the slip still reaches the counter's printer.
        saveBlob(blob, fileName);
      }
      setTimeout(() => URL.revokeObjectURL(url), FREE_AFTER_MS);
    },
    fail() {
      tab?.close();
    },
  };
}
