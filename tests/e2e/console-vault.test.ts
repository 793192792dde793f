import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BarcodeFormat, QRCodeWriter } from '@zxing/library';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BRANCH_ID,
  PACKET_STREAM_TYPE,
  packetStreamId,
  type PacketEvent,
} from '@goldledger/contracts';
import { createDb, createPool } from '../../services/src/platform/db.js';
import { createEventStore, type EventStore } from '../../services/src/platform/event-store/event-store.js';
import {
  CHROMIUM_PATH,
  launchChromium,
  screenshotBothWidths,
  seriousAxeViolations,
} from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';
import {
  apiGet,
  apiSend,
  signInByApi,
  visitSignedIn,
  waitForDemoBook,
  type Session,
} from './support/staff.js';

/**
 * Issue 16, points 5 and 6: the vault register (now, as of a moment before a release, CSV,
 * reconciliation; employees masked) and a surprise audit typed in by hand (the camera
 * cannot run headless), completed with its signed report, in Debian's Chromium against the
 * real server. The packets are written to the server's store as the custody slice records
 * them: sealing and moving packets is that slice's (point 3).
 */

let server: E2eServer;
let browser: Browser;
let admin: Session;
let employee: Session;
let store: EventStore;
let closeDb: () => Promise<void>;
/** Packets the demo sealed at the main branch before this file added its three. */
let demoPackets = 0;
const plus = (n: number) => String(demoPackets + n);

interface DemoLoan {
  _id: string;
  loanId: string;
  status: string;
  name: string;
}
const sealed: Array<{ packetId: string; packetNumber: string; loan: DemoLoan }> = [];

/** `2026-11-21T10:30:15` in Asia/Kolkata (the browser context's zone), for a datetime-local field. */
const istInputValue = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19);

async function appendPacket(packetId: string, event: PacketEvent) {
  const streamId = packetStreamId(packetId);
  const version = await store.streamVersion(streamId);
  await store.append(streamId, [{ ...event, occurredAt: new Date((event.data as { at: string }).at) }], {
    streamType: PACKET_STREAM_TYPE,
    expectedVersion: version === 0 ? 'no_stream' : version,
  });
}

const movement = () => ({
  by: { id: employee.user._id, name: employee.user.name },
  confirmedBy: { id: admin.user._id, name: admin.user.name, method: 'password' as const },
  at: new Date().toISOString(),
  reason: null,
});

beforeAll(async () => {
  server = await startServer('e2e: console vault');
  browser = await launchChromium();
  admin = await signInByApi(server, 'admin');
  employee = await signInByApi(server, 'employee');
  await waitForDemoBook(server, admin.token);
  const db = createDb(createPool(server.databaseUrl, 2));
  store = createEventStore(db);
  closeDb = () => db.destroy();

  // The demo seals its open loans' gold, bar the newest four of each branch: three are ours (the
  // fourth stays unsealed, a mismatch the register shows).
  const before = await apiGet(server, `/api/vault/register?branchId=${DEFAULT_BRANCH_ID}`, admin.token);
  expect(before.status, JSON.stringify(before.body)).toBe(200);
  demoPackets = before.body.data.totals.packets as number;
  const list = await apiGet(
    server,
    `/api/admin/loans?status=active&branchId=${DEFAULT_BRANCH_ID}&limit=100&sort=loanId&order=desc`,
    admin.token,
  );
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const loans: DemoLoan[] = [];
  for (const loan of list.body.data as DemoLoan[]) {
    const custody = await apiGet(server, `/api/loans/${loan._id}/custody`, admin.token);
    if (custody.body.data.packet === null) loans.push(loan);
    if (loans.length === 3) break;
  }
  expect(loans).toHaveLength(3);
  for (const [i, loan] of loans.entries()) {
    const packetId = randomUUID();
    const packetNumber = `PK9000000${i + 1}`;
    await appendPacket(packetId, {
      type: 'PacketSealed',
      data: {
        ...movement(),
        packetId,
        packetNumber,
        loanStreamId: `loan-${loan._id}`,
        loanId: loan.loanId,
        branchId: DEFAULT_BRANCH_ID,
        sealedGrossWeightMg: 20_000 + i * 5_125,
        itemCount: 1,
      },
    });
    await appendPacket(packetId, {
      type: 'PacketStored',
      data: { ...movement(), branchId: DEFAULT_BRANCH_ID, location: { safe: 'Safe 1', slot: `T${i + 1}` } },
    });
    sealed.push({ packetId, packetNumber, loan });
  }
});

afterAll(async () => {
  await closeDb?.();
  await browser?.close();
  await server?.stop();
});

describe('the vault register', () => {
  it('shows the packets, the reconciliation and the CSV, and replays a moment before a release', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/vault`);
      for (const p of sealed) await page.locator(`tr[data-packet="${p.packetNumber}"]`).first().waitFor();
      await expect(page.getByTestId('total-packets').innerText()).resolves.toBe(plus(3));
      await expect(page.getByTestId('total-weight').innerText()).resolves.toMatch(/^[\d,]+\.\d{3} g$/);
      // The demo's other open loans have no packet: the mismatch is shown, highlighted.
      const panel = page.getByTestId('reconciliation');
      await panel.getByText('The vault and the loan book disagree').waitFor();
      expect(Number(await page.getByTestId('mismatches').innerText())).toBeGreaterThan(0);
      await expect(
        page.locator(`tr[data-packet="${sealed[0]!.packetNumber}"]`).innerText(),
      ).resolves.toContain(sealed[0]!.loan.name);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-vault-register');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const csv = await readFile((await (await download).path())!, 'utf8');
      expect(csv).toMatch(/^Packet number,Custody,Safe/);
      for (const p of sealed) expect(csv).toContain(p.packetNumber);
      expect(csv).toContain(`Total: ${plus(3)} packets`);

      // The first loan is repaid and its packet handed back.
      const released = sealed[0]!;
      const quote = await apiSend(
        server,
        'POST',
        `/api/loans/${released.loan._id}/calculate-early-repayment`,
        employee.token,
        {},
      );
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      const paid = await apiSend(server, 'POST', `/api/loans/${released.loan._id}/payment`, employee.token, {
        amount: quote.body.totalDue,
        paymentMethod: 'handcash',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      const before = new Date();
      await page.waitForTimeout(1_100);
      await appendPacket(released.packetId, {
        type: 'PacketTakenOut',
        data: { ...movement(), branchId: DEFAULT_BRANCH_ID, purpose: 'release' },
      });
      await appendPacket(released.packetId, {
        type: 'PacketReleased',
        data: {
          ...movement(),
          branchId: DEFAULT_BRANCH_ID,
          weighedGrossWeightMg: 20_000,
          customerConfirmed: true,
          incidentId: null,
        },
      });

      await page.reload();
      await page.locator(`tr[data-packet="${sealed[1]!.packetNumber}"]`).first().waitFor();
      expect(await page.locator(`tr[data-packet="${released.packetNumber}"]`).count()).toBe(0);
      await expect(page.getByTestId('total-packets').innerText()).resolves.toBe(plus(2));

      // As of a moment before the release, it was there.
      await page.getByLabel('As of (empty: now)').fill(istInputValue(before));
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.getByText(/replayed from the events/).waitFor();
      await page.locator(`tr[data-packet="${released.packetNumber}"]`).first().waitFor();
      await expect(page.getByTestId('total-packets').innerText()).resolves.toBe(plus(3));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-vault-register-as-of');
      await page.getByRole('button', { name: 'Now', exact: true }).click();
      await page.locator(`tr[data-packet="${released.packetNumber}"]`).first().waitFor({ state: 'detached' });
      expect(v.pageErrors).toEqual([]);
      expect(v.foreignRequests).toEqual([]);
    } finally {
      await v.context.close();
    }
  });

  it('shows an employee their branch’s register with names masked', async () => {
    const v = await visitSignedIn(browser, server, employee);
    try {
      const page = v.page;
      await page.goto(`${server.url}/employee/vault`);
      const row = page.locator(`tr[data-packet="${sealed[1]!.packetNumber}"]`).first();
      await row.waitFor();
      const text = await row.innerText();
      expect(text).not.toContain(sealed[1]!.loan.name);
      expect(text).toMatch(/[A-Z]\*\*\*/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-vault-register-employee');
    } finally {
      await v.context.close();
    }
  });
});

describe('a surprise audit', () => {
  it('is started, scanned by typing, completed and signed; the history lists it', async () => {
    const v = await visitSignedIn(browser, server, admin);
    try {
      const page = v.page;
      await page.goto(`${server.url}/admin/vault-audits`);
      await page.getByText('No audits yet').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Start audit' }).click();
      await page.waitForURL(/\/admin\/vault-audits\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('count-expected').innerText()).resolves.toBe(plus(2));
      // The camera is offered; headless Chromium has none, so the numbers are typed.
      await page.getByRole('button', { name: 'Scan with camera' }).waitFor();

      const [found, missing] = [sealed[1]!, sealed[2]!];
      await page.getByLabel('Packet number').fill(found.packetNumber.toLowerCase());
      await page.getByLabel('Weighed gross weight, g (optional)').fill('25.000');
      await page.getByRole('button', { name: 'Record scan' }).click();
      await page.getByText(`${found.packetNumber} found (25 g).`).waitFor();
      await page.getByLabel('Packet number').fill('PK99999999');
      await page.getByRole('button', { name: 'Record scan' }).click();
      await page.getByText('PK99999999 is not expected in this vault: recorded as extra.').waitFor();
      await page.locator(`tr[data-extra="PK99999999"]`).waitFor();
      await page.locator(`tr[data-missing="${missing.packetNumber}"]`).waitFor();
      await page.locator(`tr[data-weight="${found.packetNumber}"]`).waitFor();
      await expect(page.getByTestId('count-found').innerText()).resolves.toBe('1');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-vault-audit-scanning');

      await page.getByLabel('Remarks').fill('One packet not in the vault; manager asked to explain.');
      await page.getByRole('button', { name: 'Complete audit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText(
          `1 of ${plus(2)} expected packets found, ${plus(1)} missing, 1 extra, 1 with a weight difference.`,
        )
        .waitFor();
      await dialog.getByRole('button', { name: 'Complete and sign' }).click();
      await page.getByText('Audit completed. Its signed report is ready.').waitFor();
      const digest = await page.getByTestId('digest').innerText();
      expect(digest).toMatch(/^[0-9a-f]{64}$/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-vault-audit-completed');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Signed report (PDF)' }).click();
      const pdf = await readFile((await (await download).path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      await page.getByRole('link', { name: 'All audits' }).click();
      const row = page.locator('tr[data-audit]').first();
      await row.waitFor();
      await expect(row.innerText()).resolves.toMatch(/Differences/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBothWidths(page, 'console-vault-audits');
      expect(v.pageErrors).toEqual([]);
    } finally {
      await v.context.close();
    }
  });
});

/**
 * A camera that films a packet label: a Y4M video (what Chromium's fake capture device
 * plays) of the QR code of `text`, black modules on white, 320 × 240, two identical frames.
 */
async function qrVideo(dir: string, text: string): Promise<string> {
  const [W, H, SIDE] = [320, 240, 200];
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, SIDE, SIDE, new Map());
  const luma = Buffer.alloc(W * H, 235);
  const [left, top] = [(W - matrix.getWidth()) / 2, (H - matrix.getHeight()) / 2];
  for (let y = 0; y < matrix.getHeight(); y++)
    for (let x = 0; x < matrix.getWidth(); x++) if (matrix.get(x, y)) luma[(top + y) * W + left + x] = 16;
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(dir, 'label.y4m');
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F5:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

describe('scanning with the camera', () => {
  it('reads a packet label’s QR code and records it as found', async () => {
    const audit = await apiSend(server, 'POST', '/api/vault/audits', admin.token, {
      branchId: DEFAULT_BRANCH_ID,
    });
    expect(audit.status, JSON.stringify(audit.body)).toBe(201);
    const label = sealed[2]!;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'goldledger-camera-'));
    // Chromium's fake camera plays the file; the permission prompt is answered yes.
    const cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${await qrVideo(dir, label.packetNumber)}`,
      ],
    });
    try {
      const v = await visitSignedIn(cameraBrowser, server, admin);
      await v.context.grantPermissions(['camera'], { origin: server.url });
      const page = v.page;
      await page.goto(`${server.url}/admin/vault-audits/${audit.body.data.auditId}`);
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await page.getByText(`${label.packetNumber} found.`).waitFor({ timeout: 30_000 });
      await page.locator(`tr[data-found="${label.packetNumber}"]`).waitFor();
      await page.getByRole('button', { name: 'Stop camera' }).click();
      const recorded = await apiGet(server, `/api/vault/audits/${audit.body.data.auditId}`, admin.token);
      expect(recorded.body.data.scans).toEqual([
        expect.objectContaining({ packetNumber: label.packetNumber, method: 'camera', expected: true }),
      ]);
      expect(v.pageErrors).toEqual([]);
      await v.context.close();
    } finally {
      await cameraBrowser.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
