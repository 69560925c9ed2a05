// The diff report of a run: a table for the terminal (one line per operation: its cases and its
// declared statuses, grouped as exercised / not exercised / mismatched), the failures with their
// shrunk request and how to reproduce them, JSON, and JUnit XML (one test case per operation and
// status) for CI.
import type { ApiReport, FailureReport, OperationReport } from './results.ts';

const pad = (s: string, n: number) => (s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length));
const statesOf = (op: OperationReport, state: string) => op.statuses.filter((r) => r.state === state).map((r) => r.status).join(' ') || '-';

/** The command that replays an operation's cases with the same seed. */
export function reproduceCommand(report: Pick<ApiReport, 'api' | 'baseUrl' | 'seed' | 'runs'>, operationId: string): string {
  return `npm run contract -- --api ${report.api} --base-url ${report.baseUrl} --seed ${report.seed} --runs ${report.runs} --operation ${operationId}`;
}

function requestLine(f: FailureReport): string {
  const r = f.request;
  const path = r.path_template.replace(/\{([^}]+)\}/g, (_m, k: string) => String(r.path[k]));
  const query = Object.keys(r.query).length > 0 ? ` query=${JSON.stringify(r.query)}` : '';
  const form = r.encoding === 'form' ? ' form' : '';
  const body = r.rawBody !== undefined ? ` raw${form} body=${JSON.stringify(r.rawBody)}` : r.body !== undefined ? `${form} body=${JSON.stringify(r.body)}` : '';
  return `${r.method} ${path}${query}${body} [auth: ${r.auth}, credential #${r.slot}]`;
}

export function formatTable(reports: ApiReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    const n = report.operations.length;
    const bad = report.operations.filter((o) => o.failures.length > 0).length;
    lines.push(
      `${report.api} @ ${report.baseUrl}  seed ${report.seed}  ${n} operations  ${report.requests} requests  ${(report.durationMs / 1000).toFixed(1)} s` +
        (report.rateLimitWaitMs > 0 ? `  (${(report.rateLimitWaitMs / 1000).toFixed(0)} s waiting on 429)` : '') +
        `  ${bad === 0 ? (report.ok ? 'OK' : 'UNEXERCISED STATUSES') : `${bad} operation(s) MISMATCHED`}`,
    );
    lines.push(`  ${pad('OPERATION', 36)}${pad('EX', 3)}${pad('VALID', 6)}${pad('NEG', 5)}${pad('AUTH', 5)}${pad('STATE', 6)}${pad('METH', 5)}${pad('EXERCISED', 24)}${pad('NOT EXERCISED', 24)}MISMATCHED`);
    for (const op of report.operations) {
      const c = op.cases;
      lines.push(
        `  ${pad(op.operationId, 36)}${pad(String(c.example), 3)}${pad(String(c.valid), 6)}${pad(String(c.negative), 5)}${pad(String(c.auth), 5)}${pad(String(c.stateful), 6)}${pad(String(c.method), 5)}` +
          `${pad(statesOf(op, 'exercised'), 24)}${pad(statesOf(op, 'not exercised'), 24)}${statesOf(op, 'mismatched')}`,
      );
    }
    for (const op of report.operations) {
      for (const f of op.failures) {
        lines.push('', `  MISMATCH ${report.api} ${op.operationId} (${op.method} ${op.path}) — ${f.check}, status ${f.status}`);
        lines.push(`    ${f.message}`);
        lines.push(`    case: ${f.kind} "${f.label}"${f.more > 0 ? `, and ${f.more} more case(s) failing this check` : ''}`);
        lines.push(`    ${f.shrinkSteps > 0 ? `shrunk (${f.shrinkSteps} steps)` : 'request'}: ${requestLine(f)}`);
        lines.push(
          `    seed ${f.seed} (operation seed ${f.operationSeed}${f.sampleIndex !== undefined ? `, sample #${f.sampleIndex}` : ''}): ${reproduceCommand(report, op.operationId)}`,
        );
      }
      for (const note of op.notes) lines.push(`  note: ${op.operationId}: ${note}`);
    }
    for (const w of report.webhooks ?? []) {
      lines.push(`  webhook ${w.event}: received ${w.received}, ${w.failures.length === 0 ? 'as documented' : 'MISMATCHED'}`);
      for (const f of w.failures) lines.push(`    ${f}`);
    }
    if (report.failOnUnexercised && report.unexercised?.length) {
      lines.push('', `  UNEXERCISED ${report.api}: ${report.unexercised.length} declared (operation, status) pair(s) never reached (a 2xx only through Prefer counts as never reached):`);
      for (const u of report.unexercised) lines.push(`    ${u.operationId} ${u.status}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

export function toJson(reports: ApiReport[]): string {
  return `${JSON.stringify({ ok: reports.every((r) => r.ok), apis: reports }, null, 2)}\n`;
}

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** JUnit XML: a suite per API, a test case per operation and status row. */
export function toJUnit(reports: ApiReport[]): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites name="contract">'];
  for (const report of reports) {
    const rows = report.operations.flatMap((op) => op.statuses.map((row) => ({ op, row })));
    const unreached = (op: OperationReport, status: string) => report.failOnUnexercised === true && (report.unexercised ?? []).some((u) => u.operationId === op.operationId && u.status === status);
    const failures = rows.filter((r) => r.row.state === 'mismatched' || unreached(r.op, r.row.status)).length;
    const skipped = rows.filter((r) => r.row.state === 'not exercised' && !unreached(r.op, r.row.status)).length;
    const hooks = report.webhooks ?? [];
    out.push(`  <testsuite name="contract.${report.api}" tests="${rows.length + hooks.length}" failures="${failures + hooks.filter((w) => w.failures.length > 0).length}" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}">`);
    for (const { op, row } of rows) {
      const name = `${op.operationId} ${row.status}${row.declared ? '' : ' (undeclared)'}`;
      out.push(`    <testcase classname="contract.${report.api}.${xml(op.operationId)}" name="${xml(name)}">`);
      if (unreached(op, row.status)) out.push(`      <failure message="not exercised">${xml(`${op.operationId} never answered ${row.status}${row.preferredOnly ? ' on its own (only through Prefer)' : ''}`)}</failure>`);
      else if (row.state === 'not exercised') out.push('      <skipped message="not exercised"/>');
      if (row.state === 'mismatched') {
        const related = op.failures.filter((f) => f.statusKey === row.status);
        const text = related.map((f) => `${f.check}: ${f.message}\n${requestLine(f)}\n${reproduceCommand(report, op.operationId)}`).join('\n\n');
        const message = related[0] ? `${related[0].check}: ${related[0].message}` : `${row.mismatched} mismatched response(s)`;
        out.push(`      <failure message="${xml(message.slice(0, 500))}">${xml(text)}</failure>`);
      }
      out.push('    </testcase>');
    }
    for (const w of report.webhooks ?? []) {
      out.push(`    <testcase classname="contract.${report.api}.webhooks" name="${xml(w.event)}">`);
      if (w.failures.length > 0) out.push(`      <failure message="${xml(w.failures[0]!.slice(0, 500))}">${xml(w.failures.join('\n'))}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
