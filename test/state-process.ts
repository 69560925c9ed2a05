// The real server as a child process on a state file (server/main.ts with STATE=<file>), for the
// crash tests: started on a free loopback port, killed with SIGKILL, started again on the same file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExchangeClient, createMerchantClient, createNonceSource } from '../client/index.ts';
import { serverArgs } from './server-process.ts';

export interface Running {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** A fresh directory with a CONFIG file (the M2 timings given) and the path of a state file in it. */
export function stateDir(config: Record<string, unknown> = {}): { dir: string; state: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'state-crash-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  return { dir, state: join(dir, 'sandbox.sqlite'), config: file };
}

export function startServer(env: Record<string, string>): Promise<Running> {
  // VALIDATE=none: OpenAPI validation is not what these tests are about, and it halves the start time.
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT: 'off', VALIDATE: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ base: m[1]!, child, exited, output: () => out });
    });
    void exited.then((code) => reject(new Error(`server exited ${code} before listening: ${out}`)));
  });
}

/** SIGKILL: no shutdown handler runs, as in a power cut of the process. */
export async function kill9(s: Running): Promise<void> {
  s.child.kill('SIGKILL');
  await s.exited;
}

/** One nonce source per access key for the whole test: nonces keep increasing across restarts. */
export function nonceSources() {
  return { 'demo-trader': createNonceSource(), 'demo-trader-2': createNonceSource() };
}

/** Signed exchange clients of the two demo traders, and the demo merchant's client; no retries. */
export function clients(base: string, nonces: ReturnType<typeof nonceSources>) {
  const trader = (accessKey: keyof typeof nonces) =>
    createExchangeClient({ baseUrl: base, accessKey, secretKey: `${accessKey}-secret`, nonces: nonces[accessKey], retry: false });
  return {
    t1: trader('demo-trader'),
    t2: trader('demo-trader-2'),
    merchant: createMerchantClient({ baseUrl: base, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', retry: false }),
  };
}
