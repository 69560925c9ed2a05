// The printed tables: one row per figure with its target and whether it was met, and the
// requests per second behind the validation ratios.
export interface Row {
  figure: string;
  measured: string;
  target: string;
  /** 'met' | 'MISSED' | 'INVALID (...)' | '' (no target) */
  status: string;
}

export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export const renderRows = (rows: readonly Row[]) =>
  renderTable(['figure', 'measured', 'target', 'status'], rows.map((r) => [r.figure, r.measured, r.target, r.status]));

/** met / MISSED against a lower (`min`) or upper (`max`) bound. */
export function judge(value: number, bound: { min?: number; max?: number }): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (bound.min !== undefined) return value >= bound.min ? 'met' : 'MISSED';
  if (bound.max !== undefined) return value < bound.max ? 'met' : 'MISSED';
  return '';
}

/**
 * A target judged on the figure as stated (requests or orders per second of wall-clock time) and
 * on the same figure derived from CPU time, which other processes on a shared machine barely move.
 */
export function judgeBoth(wall: number, cpu: number, bound: { min?: number; max?: number }): string {
  const a = judge(wall, bound);
  const b = judge(cpu, bound);
  if (a === b || b === 'n/a') return a;
  return a === 'met' ? 'met; MISSED on CPU time' : 'MISSED; met on CPU time';
}
