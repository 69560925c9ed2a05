// /healthz and /readyz of createServer: the state file's write probe (a failing commit makes it not
// ready), the pluggable checks (the hook for further conditions), a hung check bounded by its
// deadline, and "shutting down".
import { MARKET_IDS } from '../exchange/engine/markets.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../app.ts';
import { StateDb } from '../state/db.ts';

const states: StateDb[] = [];
afterEach(() => {
  for (const s of states.splice(0)) s.close();
});
const stateFile = () => {
  const s = new StateDb(join(mkdtempSync(join(tmpdir(), 'health-')), 'state.sqlite'));
  states.push(s);
  return s;
};

describe('GET /healthz and /readyz', () => {
  it('is alive and ready with a writable state file and passing checks', async () => {
    const app = createServer({ state: stateFile(), log: () => undefined, health: { checks: [{ name: 'exchange-lease', check: () => undefined }] } });
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'alive' });
    const ready = await request(app).get('/readyz');
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready', checks: { state: 'ok', 'exchange-lease': 'ok' }, exchange: { writerOf: MARKET_IDS } }]);
  });

  it('is ready on a second process of the file too, which holds no exchange lease (it applies exchange writes all the same)', async () => {
    const first = stateFile();
    createServer({ state: first, log: () => undefined });
    await first.durable(); // its lease is taken and committed
    const second = new StateDb(first.path);
    states.push(second);
    const app = createServer({ state: second, log: () => undefined });
    await second.durable();
    const ready = await request(app).get('/readyz');
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready', checks: { state: 'ok' }, exchange: { writerOf: [] } }]);
  });

  it('is not ready when the state file refuses a commit, or a plugged-in check fails or hangs', async () => {
    const state = stateFile();
    const app = createServer({
      state,
      log: () => undefined,
      health: {
        checks: [
          { name: 'exchange-lease', check: () => Promise.reject(new Error('held by another process')) },
          { name: 'slow', check: () => new Promise(() => undefined) },
        ],
      },
    });
    await request(app).get('/readyz'); // the server's own start-up writes are committed by now
    state.failNextCommit('SQLITE_FULL');
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'not ready',
      checks: { state: expect.stringMatching(/SQLITE_FULL|full|unavailable/i), 'exchange-lease': 'held by another process', slow: 'no answer within 1000 ms' },
      exchange: { writerOf: MARKET_IDS },
    });
    expect((await request(app).get('/healthz')).status).toBe(200);
  });

  it('is not ready once shutdown began', async () => {
    const app = createServer({ log: () => undefined, health: { stopping: () => true } });
    const res = await request(app).get('/readyz');
    expect([res.status, res.body]).toEqual([503, { status: 'not ready', reason: 'shutting down', checks: {} }]);
  });
});
