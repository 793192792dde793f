/**
 * Dependency audit of what ships (no dev dependencies): fails on a high or critical
 * advisory. `npx tsx tests/support/audit-deps.ts`
 *
 * Exit codes:
 *   0  no high or critical advisory
 *   1  high or critical advisories, listed
 *   2  npm's answer could not be understood
 *   3  the audit could not run: the registry has no audit endpoint (or could not be reached)
 * CI decides what 3 means; nothing here passes silently.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const EXIT = { clean: 0, findings: 1, unreadable: 2, couldNotRun: 3 } as const;

const BLOCKING = ['critical', 'high'] as const;

interface Advisory {
  title?: string;
  url?: string;
  severity?: string;
  range?: string;
}

interface AuditReport {
  vulnerabilities?: Record<
    string,
    {
      name: string;
      severity: string;
      isDirect?: boolean;
      via?: Array<string | Advisory>;
      fixAvailable?: unknown;
    }
  >;
  metadata?: { vulnerabilities?: Record<string, number>; dependencies?: Record<string, number> };
  // How npm reports a failed request to the audit endpoint.
  statusCode?: number;
  uri?: string;
  message?: string;
  error?: { code?: string; summary?: string; detail?: string };
}

export interface AuditRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface Verdict {
  exitCode: (typeof EXIT)[keyof typeof EXIT];
  lines: string[];
}

/** What an `npm audit --json` run means for CI. Pure, so it is tested on npm's real answers. */
export function judgeAudit(run: AuditRun): Verdict {
  let report: AuditReport | undefined;
  try {
    report = JSON.parse(run.stdout) as AuditReport;
  } catch {
    report = undefined;
  }
  const stderr = run.stderr.replace(/^npm warn Unknown user config.*\n?/gm, '').trim();
  const refused =
    (report?.statusCode !== undefined && /\/-\/npm\/v1\/security\//.test(report.uri ?? '')) ||
    /audit endpoint returned an error/.test(stderr);
  if (refused) {
    return {
      exitCode: EXIT.couldNotRun,
      lines: [
        'dependency audit could not run: registry has no audit endpoint',
        `  (${report?.message ?? stderr.split('\n')[0]})`,
      ],
    };
  }
  const unreachable = /\b(ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|ECONNRESET)\b/.exec(
    `${report?.error?.code ?? ''} ${report?.message ?? ''} ${stderr}`,
  );
  if (unreachable) {
    return {
      exitCode: EXIT.couldNotRun,
      lines: [`dependency audit could not run: registry unreachable (${unreachable[1]})`],
    };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!report || !counts) {
    return {
      exitCode: EXIT.unreadable,
      lines: [
        `dependency audit: npm's answer was not an audit report (exit ${run.status})`,
        ...[run.stdout.slice(0, 500), stderr.slice(0, 500)].filter(Boolean),
      ],
    };
  }
  const summary = `dependency audit: ${['critical', 'high', 'moderate', 'low']
    .map((s) => `${counts[s] ?? 0} ${s}`)
    .join(', ')} (of ${report.metadata?.dependencies?.prod ?? '?'} production dependencies)`;
  const blocking = Object.values(report.vulnerabilities ?? {}).filter((v) =>
    (BLOCKING as readonly string[]).includes(v.severity),
  );
  if (blocking.length === 0) return { exitCode: EXIT.clean, lines: [summary] };
  const lines = [summary];
  for (const v of blocking.sort((a, b) => a.name.localeCompare(b.name))) {
    const advisories = (v.via ?? []).filter((x): x is Advisory => typeof x === 'object');
    const through = (v.via ?? []).filter((x): x is string => typeof x === 'string');
    lines.push(`  ${v.severity}: ${v.name}${v.isDirect ? ' (direct)' : ''}`);
    for (const a of advisories)
      lines.push(`    ${a.title ?? 'advisory'} ${a.range ?? ''} ${a.url ?? ''}`.trimEnd());
    if (through.length > 0) lines.push(`    through ${through.join(', ')}`);
    if (v.fixAvailable === false) lines.push('    no fix available yet');
  }
  return { exitCode: EXIT.findings, lines };
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const verdict = judgeAudit({
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: `${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`,
  });
  const write = verdict.exitCode === EXIT.clean ? process.stdout : process.stderr;
  write.write(`${verdict.lines.join('\n')}\n`);
  process.exitCode = verdict.exitCode;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
