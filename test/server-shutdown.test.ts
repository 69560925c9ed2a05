// SIGTERM under load, on the real process with a state file: the server says it
// is not ready, serves on for SHUTDOWN_DRAIN_MS while the balancer (modelled here: it polls /readyz
// every 50 ms and stops sending when it fails) drains it, then stops accepting connections, finishes
// the requests in flight and their commits, and exits 0. Every payment it acknowledged (201) is there
// after a restart, and no request is reset.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createPaymentBody } from './server-helpers.ts';
import { startServer, stateDir } from './state-process.ts';

const AUTH = `Basic ${Buffer.from('demo-merchant:demo-merchant-secret').toString('base64')}`;

type Outcome = { status: number; body: string } | { error: string };

/** One request on a fresh connection (no keep-alive), so a refused connection is told apart from a reset one. */
function send(base: string, method: string, path: string, body?: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(`${base}${path}`, { method, agent: false, headers: { authorization: AUTH, ...(data ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(data);
  });
}

describe('SIGTERM under load (server/serve.ts)', () => {
  it('loses no acknowledged write, resets no request, exits 0', async () => {
    const { state, config } = stateDir({ merchant: { sandbox: { foundAfterMs: 60_000, confirmedAfterMs: 120_000 } } });
    // The drain gives the balancer (polling /readyz every 50 ms) time to see "not ready" and stop
    // sending: 500 ms was too short on a busy machine, where requests then met a closed listener.
    const s = await startServer({ STATE: state, CONFIG: config, SHUTDOWN_DRAIN_MS: '5000' });
    const acknowledged: number[] = [];
    const outcomes = new Map<string, number>();
    const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    let n = 0;
    let stop = false;
    let balancerSendsHere = true;
    const balancer = (async () => {
      while (balancerSendsHere && !stop) {
        const out = await send(s.base, 'GET', '/readyz');
        if (!('status' in out) || out.status !== 200) balancerSendsHere = false;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const worker = async () => {
      while (!stop && balancerSendsHere) {
        const i = ++n;
        const { webhook_url: _none, ...payment } = createPaymentBody.payment;
        const out = await send(s.base, 'POST', '/merchant/v2/payments', { payment: { ...payment, invoice_number: `SIGTERM${i}` } });
        if ('error' in out) {
          count(out.error);
          if (out.error === 'ECONNREFUSED') return;
          continue;
        }
        count(String(out.status));
        if (out.status === 201) acknowledged.push((JSON.parse(out.body) as { id: number }).id);
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    // SIGTERM once writes are flowing (50 acknowledged), however long a busy machine takes to get there.
    while (acknowledged.length < 50) await new Promise((r) => setTimeout(r, 20));
    s.child.kill('SIGTERM');
    const code = await s.exited;
    stop = true;
    await Promise.all([...workers, balancer]);
    expect(code).toBe(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(50);
    // Answers only: nothing reset, nothing cut half-way.
    expect([...outcomes.keys()]).toEqual(['201']);
    expect(s.output()).toContain('SIGTERM: closing');

    const again = await startServer({ STATE: state, CONFIG: config });
    try {
      const missing: number[] = [];
      for (const id of acknowledged) {
        const out = await send(again.base, 'GET', `/merchant/v2/payments/${id}?crypto_iso=BTC`);
        if (!('status' in out) || out.status !== 200) missing.push(id);
      }
      expect(missing).toEqual([]);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 60_000);
});
