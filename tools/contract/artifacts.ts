// The report directory (--report-dir): for each failing check of each operation, the failing
// request and the response it got as files a CI job can attach, beside an index of them. Requests
// are written as the report holds them (typed parts and how they authenticated), never with
// credentials; responses with their headers and body as received.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiReport, FailureReport } from './results.ts';
import { reproduceCommand } from './report.ts';

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);

function responseText(f: FailureReport): string {
  if (!f.response) return '(no response: the request failed before an answer)\n';
  const head = Object.entries(f.response.headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP ${f.response.status}\n${head.join('\n')}\n\n${f.response.body}\n`;
}

/** Writes `<dir>/<api>/<operation>--<check>.request.json` and `.response.txt` per failure, and `<dir>/index.json`; returns the files written. */
export function writeReportDir(dir: string, reports: ApiReport[]): string[] {
  const files: string[] = [];
  const index: Record<string, unknown>[] = [];
  for (const report of reports) {
    for (const op of report.operations) {
      for (const f of op.failures) {
        const folder = join(dir, report.api);
        mkdirSync(folder, { recursive: true });
        const stem = join(folder, `${safe(op.operationId)}--${f.check}`);
        const request = {
          api: report.api, operationId: op.operationId, check: f.check, message: f.message, case: { kind: f.kind, label: f.label },
          request: f.request, ...(f.shrinkSteps > 0 ? { original: f.original } : {}), reproduce: reproduceCommand(report, op.operationId),
        };
        writeFileSync(`${stem}.request.json`, `${JSON.stringify(request, null, 2)}\n`);
        writeFileSync(`${stem}.response.txt`, responseText(f));
        files.push(`${stem}.request.json`, `${stem}.response.txt`);
        index.push({ api: report.api, operationId: op.operationId, check: f.check, status: f.status, request: `${stem}.request.json`, response: `${stem}.response.txt` });
      }
    }
    // A webhook that failed: the POST the sandbox sent, as the receiver got it.
    for (const w of report.webhooks ?? []) {
      if (w.failures.length === 0) continue;
      const folder = join(dir, report.api);
      mkdirSync(folder, { recursive: true });
      const file = join(folder, `webhook-${safe(w.event)}.request.txt`);
      const head = Object.entries(w.failed?.headers ?? {}).map(([k, v]) => `${k}: ${String(v)}`);
      writeFileSync(file, `${w.failures.join('\n')}\n\n${w.failed ? `POST\n${head.join('\n')}\n\n${w.failed.body}\n` : '(never received)\n'}`);
      files.push(file);
      index.push({ api: report.api, webhook: w.event, request: file });
    }
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.json'), `${JSON.stringify({ ok: reports.every((r) => r.ok), failures: index }, null, 2)}\n`);
  return files;
}
