// SIGTERM with exchange cancels pending: the process stops the cancel timers
// with the others and exits at once, without waiting for the cancels to come due and without
// applying one against the closed state file; every acknowledged cancel is in the journal and is
// applied after the restart.
import { describe, expect, it } from 'vitest';
import { clients, nonceSources, startServer, stateDir } from './state-process.ts';

const CANCEL_DELAY_MS = 4000;

describe('SIGTERM with pending exchange cancels (server/serve.ts)', () => {
  it('exits 0 before the cancels are due; after the restart every acknowledged cancel is applied', async () => {
    const { state, config } = stateDir({ exchange: { cancelDelayMs: CANCEL_DELAY_MS } });
    const nonces = nonceSources();
    const first = await startServer({ STATE: state, CONFIG: config });
    const { t1 } = clients(first.base, nonces);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { data } = await t1.POST('/orders', { body: { market: 'btcusd', side: 'buy', ord_type: 'limit', price: `${1000 + i}.00`, volume: '0.01' } });
      ids.push(data!.id);
    }
    for (const id of ids) {
      const { response, data } = await t1.POST('/order/delete', { body: { id } });
      expect([response.status, data?.state]).toEqual([200, 'wait']); // acknowledged; applied after the delay
    }
    const signalled = performance.now();
    first.child.kill('SIGTERM');
    const code = await first.exited;
    const exitMs = performance.now() - signalled;
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(CANCEL_DELAY_MS);
    expect(first.output()).not.toMatch(/failed|Error/);

    const again = await startServer({ STATE: state, CONFIG: config });
    try {
      const c = clients(again.base, nonces);
      const states = async () => Promise.all(ids.map(async (id) => (await c.t1.GET('/order', { params: { query: { id } } })).data?.state));
      expect(await states()).toEqual(ids.map(() => 'wait')); // resumed, not yet due
      let last = await states();
      for (let i = 0; i < 80 && !last.every((s) => s === 'cancel'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        last = await states();
      }
      expect(last).toEqual(ids.map(() => 'cancel'));
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 60_000);
});
