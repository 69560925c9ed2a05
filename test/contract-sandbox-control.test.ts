// The runner against a sandbox with rate limits on (as `npm start` runs it): it finds the control
// API, lifts the limits for the run and restores them after it ends, throws or is interrupted;
// a server without the control API is left alone.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contractCli } from '../tools/contract/cli.ts';
import { SANDBOX_CREDENTIALS } from '../tools/contract/credentials.ts';
import { withLiftedRateLimits } from '../tools/contract/sandbox-control.ts';
import { startServer, type RunningServer } from './contract-fixtures.ts';

const servers: RunningServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});
async function sandbox(controlApi = true): Promise<RunningServer> {
  const s = await startServer({ config: { sandbox: { controlApi }, rateLimit: { enabled: true } } });
  servers.push(s);
  return s;
}
const exempt = async (base: string) => ((await (await fetch(`${base}/sandbox/v1/rate-limits`)).json()) as { sandbox_keys_exempt: boolean }).sandbox_keys_exempt;

describe('rate limits of a sandbox during a run', () => {
  it('are lifted while the work runs and restored after it, also when it throws', async () => {
    const { baseUrl } = await sandbox();
    const during = await withLiftedRateLimits(baseUrl, SANDBOX_CREDENTIALS, undefined, async (session) => ({ lifted: session?.lifted, exempt: await exempt(baseUrl) }));
    expect(during).toEqual({ lifted: true, exempt: true });
    expect(await exempt(baseUrl)).toBe(false);
    await expect(withLiftedRateLimits(baseUrl, SANDBOX_CREDENTIALS, undefined, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await exempt(baseUrl)).toBe(false);
  });

  it('are left on when they were already lifted, and untouched without a control API', async () => {
    const { baseUrl } = await sandbox();
    await fetch(`${baseUrl}/sandbox/v1/rate-limits`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"sandbox_keys_exempt":true}' });
    expect(await withLiftedRateLimits(baseUrl, SANDBOX_CREDENTIALS, undefined, async (s) => s?.lifted)).toBe(false);
    expect(await exempt(baseUrl)).toBe(true);
    const plain = await sandbox(false);
    expect(await withLiftedRateLimits(plain.baseUrl, SANDBOX_CREDENTIALS, undefined, async (s) => s)).toBeUndefined();
    expect((await fetch(`${plain.baseUrl}/sandbox/v1/rate-limits`)).status).toBe(404);
  });

  it('lets one command send more than the merchant limit (120 a minute) without a 429 wait', async () => {
    const { baseUrl } = await sandbox();
    const file = join(mkdtempSync(join(tmpdir(), 'contract-')), 'report.json');
    const argv = ['--api', 'merchant', '--base-url', baseUrl, '--operation', 'createInvoiceRecipient', '--runs', '60', '--max-wait', '0', '--quiet', '--report', file];
    let out = '';
    expect(await contractCli(argv, undefined, { out: (t) => (out += t), err: (t) => (out += t) })).toBe(0);
    expect(out).toContain('contract: no mismatch');
    const [report] = (JSON.parse(readFileSync(file, 'utf8')) as { apis: { requests: number; rateLimitWaitMs: number }[] }).apis;
    expect(report!.requests).toBeGreaterThan(120);
    expect(report!.rateLimitWaitMs).toBe(0);
    expect(await exempt(baseUrl)).toBe(false);
  }, 60_000);

  it('are restored when the command is interrupted (SIGINT: exit 130)', async () => {
    const { baseUrl } = await sandbox();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tools/contract/main.ts', '--api', 'merchant', '--base-url', baseUrl, '--runs', '500', '--quiet'], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect.poll(() => exempt(baseUrl), { timeout: 30_000, interval: 50 }).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(await exempt(baseUrl)).toBe(false);
  }, 60_000);
});
