// Figure 4: the matching engine alone, measured by bench/engine.ts (random limit orders in one
// process, median of 3 runs) in a child process of its own, so no server or autocannon state
// shares its heap. This file only runs it and reads the two lines it prints.
import { join } from 'node:path';
import { ROOT, runCommand } from './children.ts';

export interface EngineLine {
  ordersPerSecWall: number;
  ordersPerSecCpu: number;
  detail: string;
}

export interface EngineFigure {
  /** engine.submitOrder: matching only. */
  submitOrder: EngineLine;
  /** engine.placeOrder: matching plus the Order response the API returns. */
  placeOrder: EngineLine;
  header: string;
}

const num = (s: string) => Number(s.replace(/,/g, ''));

/** Reads `<label>: N orders/sec wall clock, M orders/sec of CPU time (detail)`. */
export function parseEngineLine(output: string, label: 'submitOrder' | 'placeOrder'): EngineLine {
  const match = new RegExp(`^${label}[^:]*: ([\\d,]+) orders/sec wall clock, ([\\d,]+) orders/sec of CPU time \\((.*)\\)$`, 'm').exec(output);
  if (!match) throw new Error(`bench/engine.ts printed no ${label} line:\n${output}`);
  return { ordersPerSecWall: num(match[1] as string), ordersPerSecCpu: num(match[2] as string), detail: match[3] as string };
}

export async function measureEngine(quick: boolean): Promise<EngineFigure> {
  const args = ['--import', 'tsx', join(ROOT, 'bench/engine.ts'), ...(quick ? ['--quick'] : [])];
  const result = await runCommand(process.execPath, args, { timeoutMs: 300_000 });
  if (result.code !== 0) throw new Error(`bench/engine.ts failed (exit ${result.code}):\n${result.stderr.slice(-2000)}`);
  return {
    submitOrder: parseEngineLine(result.stdout, 'submitOrder'),
    placeOrder: parseEngineLine(result.stdout, 'placeOrder'),
    header: result.stdout.split('\n')[0] ?? '',
  };
}
