// Small statistics and formatting helpers of the benchmarks. Every figure is a median (of rounds,
// runs or batches) because the machines these run on are shared and noisy.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** 12,345 */
export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');

/** 0.93 */
export const ratio = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');

/** 123.4 MB (RSS is read in kB from /proc) */
export const mb = (kb: number) => (Number.isFinite(kb) ? `${(kb / 1024).toFixed(1)} MB` : 'n/a');

export const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
