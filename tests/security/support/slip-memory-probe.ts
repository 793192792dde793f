/**
 * Renders a Loan Acknowledgement slip in a process of its own and prints its peak
 * resident memory (JSON on the last line), so a test can bound what one slip costs.
 * Arguments: the PNG files to embed, one photo each. Each is put in a fresh blob store
 * with no slip copy, as a photo stored before copies were kept: the costliest case,
 * where the slip makes every copy from the original (as the slip route does).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loanSlipDocument, type SlipPhoto } from '../../../services/src/documents/loan-slip.document.js';
import { imageDataUrl, renderPdf } from '../../../services/src/documents/pdf.js';
import { FileSystemBlobStore } from '../../../services/src/photos/blob-store.js';
import { slipCopy } from '../../../services/src/photos/images.js';

const dir = mkdtempSync(path.join(tmpdir(), 'goldledger-slip-probe-'));
const blobs = new FileSystemBlobStore(dir);
const images: Record<string, string> = {};
const photos: SlipPhoto[] = [];
for (const [i, file] of process.argv.slice(2).entries()) {
  const photo = { blobKey: `loan-photos/probe/photo-${i}.png`, contentType: 'image/png' as const };
  await blobs.put(photo.blobKey, readFileSync(file), photo.contentType);
  const copy = await slipCopy(blobs, photo);
  if (!copy) throw new Error(`no slip copy of ${file}`);
  images[`photo-${i}`] = imageDataUrl(copy, 'image/jpeg');
  photos.push({ image: `photo-${i}`, caption: `Item ${i + 1}` });
}
const pdf = await renderPdf(
  loanSlipDocument({
    loanId: 'GL-PROBE-001',
    loanDate: '2026-11-21',
    customer: {
      customerId: 'CUS000001',
      name: 'Probe Customer',
      primaryMobile: '9800000001',
      aadharNumber: '500000000001',
      presentAddress: '1 Probe Road',
    } as never,
    principalPaise: 10_000_000,
    annualRatePercent: 18,
    termMonths: 6,
    repaymentType: 'emi',
    monthlyPaymentPaise: 1_000_000,
    totalPaymentPaise: 11_000_000,
    finalAuctionDate: '2027-06-21',
    goldItems: [],
    photos,
    images,
    printedOn: '2026-11-21',
  }),
  new Date('2026-11-21T04:30:00Z'),
);
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ pdfBytes: pdf.length, photos: photos.length, peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`,
);
