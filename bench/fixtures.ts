// The configuration the benchmark servers run with (a CONFIG file): generated exchange keys so
// signed traffic spreads over many keys, no request log (one stdout line per request would be
// the figure), and sandbox timings far beyond a run so no payment's lifecycle timer fires while
// another server is being measured. Rate limits are switched off by RATE_LIMIT=off.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchKey {
  accessKey: string;
  secret: string;
}

const key = (pool: string, i: number): BenchKey => ({
  accessKey: `bench-${pool}-${String(i).padStart(3, '0')}`,
  secret: `bench-${pool}-${String(i).padStart(3, '0')}-secret`,
});

/** Keys of the autocannon runs (balances rotates over all of them). */
export const LOAD_KEYS: readonly BenchKey[] = Array.from({ length: 200 }, (_, i) => key('load', i + 1));
/** One key per in-flight loop of the client figure (a client signs with one key; nonces per key). */
export const CLIENT_KEYS: readonly BenchKey[] = Array.from({ length: 20 }, (_, i) => key('client', i + 1));

const HOUR = 3_600_000;

export function benchConfig() {
  return {
    logRequests: false,
    exchange: { keys: [...LOAD_KEYS, ...CLIENT_KEYS].map((k) => ({ ...k, scopes: ['trade'] })) },
    merchant: { sandbox: { foundAfterMs: 24 * HOUR, confirmedAfterMs: 24 * HOUR } },
  };
}

/**
 * The memory server's: used nonces are remembered for `nonceTtlMs` (X2: 61 s), so a store that
 * is bounded still grows for the first minute of traffic. A 5 s window and 11 s memory (the
 * smallest the config accepts for it) let the run span several lifetimes, so a plateau shows.
 */
export function memoryConfig() {
  const config = benchConfig();
  return { ...config, exchange: { ...config.exchange, nonceWindowMs: 5_000, nonceTtlMs: 11_000 } };
}

/** A scratch directory for the CONFIG file and the bare server's bodies; removed by `cleanup`. */
export function scratch(): { dir: string; configPath: string; memoryConfigPath: string; write(name: string, value: unknown): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const write = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', cleanup); // also when interrupted (the signal handler of children.ts exits)
  return { dir, configPath: write('config.json', benchConfig()), memoryConfigPath: write('memory-config.json', memoryConfig()), write, cleanup };
}
