import { describe, expect, it } from 'vitest';
import { EXIT, judgeAudit } from './audit-deps.js';

/** What npm 11 prints when the registry (here, a mirror) refuses the bulk advisory endpoint. */
const REFUSED = {
  status: 1,
  stdout: JSON.stringify({
    message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    method: 'POST',
    uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    headers: { allow: ['GET,HEAD'] },
    statusCode: 405,
    body: '',
    error: { summary: '', detail: '' },
  }),
  stderr:
    'npm warn audit 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk\nnpm error audit endpoint returned an error\n',
};

const report = (vulnerabilities: Record<string, unknown>, counts: Partial<Record<string, number>>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
      dependencies: { prod: 212, dev: 310, optional: 12, peer: 0, peerOptional: 0, total: 533 },
    },
  });

describe('the dependency audit', () => {
  it('says it could not run, with its own exit code, when the registry has no audit endpoint', () => {
    const verdict = judgeAudit(REFUSED);
    expect(verdict.exitCode).toBe(EXIT.couldNotRun);
    expect(verdict.lines[0]).toBe('dependency audit could not run: registry has no audit endpoint');
    expect(verdict.lines[1]).toContain('405 Method Not Allowed');
  });

  it('passes with moderate findings only, and says how many', () => {
    const verdict = judgeAudit({
      status: 0,
      stdout: report(
        {
          cookie: {
            name: 'cookie',
            severity: 'moderate',
            isDirect: false,
            via: [
              {
                title: 'cookie accepts out of bounds characters',
                url: 'https://github.com/advisories/GHSA-x',
                range: '<0.7.0',
              },
            ],
            fixAvailable: true,
          },
        },
        { moderate: 1, total: 1 },
      ),
      stderr: '',
    });
    expect(verdict).toEqual({
      exitCode: EXIT.clean,
      lines: ['dependency audit: 0 critical, 0 high, 1 moderate, 0 low (of 212 production dependencies)'],
    });
  });

  it('fails on a high or critical finding and names the package and the advisory', () => {
    const verdict = judgeAudit({
      status: 1,
      stdout: report(
        {
          'fast-xml-parser': {
            name: 'fast-xml-parser',
            severity: 'critical',
            isDirect: false,
            via: [
              { title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-y', range: '<4.2.4' },
            ],
            fixAvailable: false,
          },
          pdfmake: {
            name: 'pdfmake',
            severity: 'high',
            isDirect: true,
            via: ['fast-xml-parser'],
            fixAvailable: true,
          },
        },
        { high: 1, critical: 1, total: 2 },
      ),
      stderr: '',
    });
    expect(verdict.exitCode).toBe(EXIT.findings);
    expect(verdict.lines).toEqual([
      'dependency audit: 1 critical, 1 high, 0 moderate, 0 low (of 212 production dependencies)',
      '  critical: fast-xml-parser',
      '    Prototype pollution <4.2.4 https://github.com/advisories/GHSA-y',
      '    no fix available yet',
      '  high: pdfmake (direct)',
      '    through fast-xml-parser',
    ]);
  });

  it('reports an unreachable registry as "could not run" and anything else unknown as unreadable', () => {
    expect(
      judgeAudit({
        status: 1,
        stdout: '',
        stderr: 'npm error code ENOTFOUND\nnpm error network request failed',
      }).exitCode,
    ).toBe(EXIT.couldNotRun);
    expect(judgeAudit({ status: 1, stdout: 'Segmentation fault', stderr: '' }).exitCode).toBe(
      EXIT.unreadable,
    );
  });
});
