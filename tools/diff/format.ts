// Renders findings per API as text, Markdown or JSON.
import type { Finding, Level } from './finding.ts';

export type Format = 'text' | 'json' | 'markdown';
export type Report = Record<string, Finding[]>;

function counts(fs: Finding[]): string {
  const by = (l: Level) => fs.filter((f) => f.level === l).length;
  return `${fs.length} finding${fs.length === 1 ? '' : 's'} (${by('ERR')} ERR, ${by('WARN')} WARN, ${by('INFO')} INFO)`;
}

export function formatReport(report: Report, format: Format): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  const out: string[] = [];
  for (const [api, fs] of Object.entries(report)) {
    if (format === 'markdown') {
      out.push(`### ${api}: ${counts(fs)}`, '');
      if (fs.length > 0) {
        out.push('| level | rule | change | base | revision |', '|---|---|---|---|---|');
        for (const f of fs) out.push(`| ${f.level} | \`${f.id}\` | ${f.message.replace(/\|/g, '\\|')} | \`${f.base}\` | \`${f.revision}\` |`);
        out.push('');
      }
    } else {
      out.push(`${api}: ${counts(fs)}`);
      for (const f of fs) out.push(`  ${f.level.padEnd(4)} ${f.id}: ${f.message}`, `       base ${f.base}`, `       revision ${f.revision}`);
    }
  }
  return `${out.join('\n')}\n`;
}

const RANK: Record<Level, number> = { ERR: 2, WARN: 1, INFO: 0 };

/** True when a finding is at `failOn` or worse. */
export function failsAt(report: Report, failOn: Level | undefined): boolean {
  if (!failOn) return false;
  return Object.values(report).some((fs) => fs.some((f) => RANK[f.level] >= RANK[failOn]));
}
