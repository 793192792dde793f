/**
 * Hands a downloaded file to the browser under `fileName`. The PDF is fetched with the
 * session's token (a plain link could not send it), so it arrives as a Blob and leaves
 * through a temporary object URL.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; free it once the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
