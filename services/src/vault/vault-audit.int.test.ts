import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VaultAuditListResponse,
  VaultAuditResponse,
  vaultAuditStreamId,
  type VaultAuditEvent,
} from '@goldledger/contracts';
import { lendingApiKit } from '../testing/lending-api-kit.js';
import { packetKit } from './packet-test-kit.js';
import { reportContent, reportDigest } from './vault-audit.decider.js';

const { kit, call, eventCount, newLoan } = lendingApiKit('vault_audit');
const packets = packetKit(() => kit.api);

/** Where the rendered report pages go, to be looked at (`pdftoppm`). */
const REPORT_DIR = path.join(tmpdir(), 'goldledger-vault-audit-report');

const audit = async (id: string) => {
  const res = await call('admin', 'GET', `/api/vault/audits/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return VaultAuditResponse.parse(res.json()).data;
};

describe('a surprise audit of a branch vault', () => {
  it('finds a missing packet, an extra one and a weight difference, and signs its report', async () => {
    const [a, b, c, gone] = [await newLoan(), await newLoan(), await newLoan(), await newLoan()];
    const pa = await packets.seal(a, { weightMg: 30_000 });
    const pb = await packets.seal(b, { weightMg: 20_000 });
    const pc = await packets.seal(c, { weightMg: 10_000, location: null });
    const pg = await packets.seal(gone, { weightMg: 15_000 });
    await packets.release(pg, 15_000);

    // Employees neither start nor read audits; a bad branch id is refused with a message.
    expect((await call('employee', 'POST', '/api/vault/audits', {})).statusCode).toBe(403);
    const noBranch = await call('admin', 'POST', '/api/vault/audits', { branchId: 'main' });
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.json().message).toBe('Please choose the branch whose vault to audit');

    const started = await call('admin', 'POST', '/api/vault/audits', { branchId: pa.branchId });
    expect(started.statusCode, started.body).toBe(201);
    const view = VaultAuditResponse.parse(started.json()).data;
    expect(view.status).toBe('in_progress');
    expect(view.startedBy).toMatchObject({ name: 'Asha Admin', role: 'admin' });
    expect(view.expected.map((p) => p.packetNumber)).toEqual([
      pa.packetNumber,
      pb.packetNumber,
      pc.packetNumber,
    ]);
    expect(view.counts).toEqual({ expected: 3, found: 0, missing: 3, extra: 0, weightDifferences: 0 });

    const again = await call('admin', 'POST', '/api/vault/audits', { branchId: pa.branchId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'An audit of this vault is already in progress. Complete it before starting another.',
      auditId: view.auditId,
    });

    const scan = (body: object) => call('admin', 'POST', `/api/vault/audits/${view.auditId}/scans`, body);
    expect((await scan({ packetNumber: pa.packetNumber, method: 'camera' })).statusCode).toBe(201);
    // Typed in lower case with spaces: read as the packet number.
    expect(
      (await scan({ packetNumber: ` ${pb.packetNumber.toLowerCase()} `, weighedGrossWeight: 19.5 }))
        .statusCode,
    ).toBe(201);
    expect((await scan({ packetNumber: 'PK99999999' })).statusCode).toBe(201);
    const extra = await scan({ packetNumber: pg.packetNumber, weighedGrossWeight: 15 });
    expect(extra.statusCode).toBe(201);

    // The same packet again, with nothing new: refused, nothing recorded.
    const before = await eventCount();
    const repeat = await scan({ packetNumber: pa.packetNumber });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toBe(
      `${pa.packetNumber} is already scanned in this audit; nothing was recorded`,
    );
    for (const [body, message] of [
      [{ packetNumber: 'GL123' }, 'A packet number is PK followed by 8 digits'],
      [
        { packetNumber: pa.packetNumber, weighedGrossWeight: 12.3456 },
        'Weighed gross weight can have at most 3 decimal places',
      ],
      [{ packetNumber: pa.packetNumber, weighedGrossWeight: 0 }, 'Weighed gross weight must be more than 0'],
    ] as const) {
      const bad = await scan(body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect(await eventCount()).toBe(before);

    const live = await audit(view.auditId);
    expect(live.counts).toEqual({ expected: 3, found: 2, missing: 1, extra: 2, weightDifferences: 1 });
    expect(live.expected.find((p) => p.packetNumber === pb.packetNumber)).toMatchObject({
      found: true,
      weighedGrossWeight: 19.5,
    });

    const done = await call('admin', 'POST', `/api/vault/audits/${view.auditId}/complete`, {
      remarks: 'PK for loan C not in the vault; the branch manager is asked to explain.',
    });
    expect(done.statusCode, done.body).toBe(200);
    const completed = VaultAuditResponse.parse(done.json()).data;
    expect(completed.status).toBe('completed');
    expect(completed.result.found).toEqual([pa.packetNumber, pb.packetNumber]);
    expect(completed.result.missing).toEqual([pc.packetNumber]);
    expect(completed.result.extra).toEqual([
      { packetNumber: 'PK99999999', weighedGrossWeight: null, identified: null },
      {
        packetNumber: pg.packetNumber,
        weighedGrossWeight: 15,
        identified: { packetId: pg.packetId, loanId: gone.loanId, branchId: pg.branchId, status: 'released' },
      },
    ]);
    expect(completed.result.weightDifferences).toEqual([
      { packetNumber: pb.packetNumber, sealedGrossWeight: 20, weighedGrossWeight: 19.5, difference: -0.5 },
    ]);

    // The digest is the SHA-256 of the report's content, rebuilt from the audit's events.
    const { events } = await kit.api.store.readStream(vaultAuditStreamId(view.auditId));
    const data = (type: VaultAuditEvent['type']) => events.filter((e) => e.type === type).map((e) => e.data);
    const [s] = data('VaultAuditStarted') as never[];
    const [c1] = data('VaultAuditCompleted') as Array<Record<string, unknown>>;
    const { reportSha256, ...rest } = c1!;
    expect(reportDigest(reportContent(s!, data('VaultAuditPacketScanned') as never[], rest as never))).toBe(
      reportSha256,
    );
    expect(completed.reportSha256).toBe(reportSha256);

    // Completed: no more scans, no second completion; the vault may be audited again.
    expect((await scan({ packetNumber: pc.packetNumber })).statusCode).toBe(409);
    expect((await call('admin', 'POST', `/api/vault/audits/${view.auditId}/complete`, {})).statusCode).toBe(
      409,
    );

    const history = await call('admin', 'GET', '/api/vault/audits');
    expect(history.statusCode, history.body).toBe(200);
    const rows = VaultAuditListResponse.parse(history.json()).data;
    expect(rows.find((r) => r.auditId === view.auditId)).toMatchObject({
      status: 'completed',
      completedBy: { name: 'Asha Admin' },
      counts: { expected: 3, found: 2, missing: 1, extra: 2, weightDifferences: 1 },
    });
    expect((await call('employee', 'GET', '/api/vault/audits')).statusCode).toBe(403);

    // The signed report: who, when, the figures, the lists and the digest.
    const pdf = await call('admin', 'GET', `/api/vault/audits/${view.auditId}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    mkdirSync(REPORT_DIR, { recursive: true });
    const file = path.join(REPORT_DIR, 'report.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const part of [
      'Vault Audit Report',
      'GoldLedger Main Branch (MAIN)',
      'Signed by Asha Admin (admin)',
      reportSha256 as string,
      pc.packetNumber,
      'PK99999999',
      'No packet of this number in the books',
      'Released to the customer',
      '−0.500 g',
      'the branch manager is asked to explain',
    ])
      expect(text).toContain(part);
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(REPORT_DIR, 'page')]);
    const pages = readdirSync(REPORT_DIR).filter((f) => f.endsWith('.png'));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(statSync(path.join(REPORT_DIR, page)).size).toBeGreaterThan(5_000);
    // Rendered from the recorded audit: the same bytes every time.
    const twice = await call('admin', 'GET', `/api/vault/audits/${view.auditId}/report.pdf`);
    expect(twice.rawPayload.equals(pdf.rawPayload)).toBe(true);

    const next = await call('admin', 'POST', '/api/vault/audits', { branchId: pa.branchId });
    expect(next.statusCode, next.body).toBe(201);
    // Its report waits for its completion.
    const early = await call('admin', 'GET', `/api/vault/audits/${next.json().data.auditId}/report.pdf`);
    expect(early.statusCode).toBe(409);
  });

  it('answers 404 for an audit that does not exist', async () => {
    const res = await call('admin', 'GET', '/api/vault/audits/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Audit not found');
  });

  it('answers malformed requests with a 4xx and a message, and records nothing', async () => {
    const loan = await newLoan();
    const p = await packets.seal(loan);
    const started = await call('admin', 'POST', '/api/vault/audits', { branchId: p.branchId });
    // Another test's audit of this vault may still be open: use it.
    const auditId = (
      started.statusCode === 201 ? started.json().data.auditId : started.json().auditId
    ) as string;
    const urls = [
      '/api/vault/audits',
      `/api/vault/audits/${auditId}/scans`,
      `/api/vault/audits/${auditId}/complete`,
      '/api/vault/audits/not-an-id/scans',
    ];
    const hostile = fc.oneof(
      fc.anything().map((json) => ({ json })),
      fc
        .record(
          {
            branchId: fc.oneof(fc.string(), fc.uuid(), fc.integer()),
            packetNumber: fc.oneof(fc.string(), fc.constant('PK0000000'), fc.integer()),
            weighedGrossWeight: fc.oneof(fc.double(), fc.string(), fc.constant(-1), fc.constant(1e300)),
            method: fc.oneof(fc.string(), fc.constant('laser')),
            remarks: fc.oneof(fc.integer(), fc.string({ minLength: 2001, maxLength: 2100 })),
          },
          { requiredKeys: [] },
        )
        .map((json) => ({ json })),
      fc.constantFrom('{', '[]', 'null', '"x"', '{"__proto__":{"x":1}}').map((raw) => ({ raw })),
    );
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), hostile, async (url, body) => {
        const before = await eventCount();
        const res = await kit.api.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', 'x-auth-token': await kit.api.tokenFor('admin') },
          payload: 'raw' in body ? body.raw : JSON.stringify(body.json ?? null),
        });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          refused++;
          expect(typeof res.json().message).toBe('string');
          expect(await eventCount(), `${url} refused but recorded`).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
    expect(refused).toBeGreaterThan(100);
  });
});
