// Issue 13 part 2, what a restart on the same state file keeps besides orders and payments (those
// are in state-crash.test.ts): used nonces (a request signed before and replayed after is 2006),
// rate-limit bans, partner registrations (a duplicate e-mail is still refused), and pending cancels.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { StateDb } from '../server/state/db.ts';
import { manualClock, testServer } from '../server/testing.ts';
import { signedUrl } from './server-helpers.ts';

/** A server on `file`; `restart()` closes its state and opens a new server on the same file. */
function onFile(file: string, config: Record<string, unknown> = {}, now?: () => number) {
  let state = new StateDb(file);
  const make = () => testServer({ state, config, ...(now ? { now } : {}) }).app;
  let app = make();
  return {
    app: () => app,
    restart() {
      state.close();
      state = new StateDb(file);
      app = make();
    },
    close: () => state.close(),
  };
}

const fresh = () => join(mkdtempSync(join(tmpdir(), 'state-restart-')), 'sandbox.sqlite');
const order = { market: 'btcusd', side: 'sell', ord_type: 'limit', price: '31000.00', volume: '0.1' };

describe('a restart on the same state file', () => {
  it('still refuses a replayed nonce with 2006, keeps the order, and a requested cancel still happens', async () => {
    const s = onFile(fresh(), { rateLimit: { enabled: false }, exchange: { cancelDelayMs: 300 } });
    const url = signedUrl({ method: 'POST', path: '/orders', body: order, nonce: Date.now() });
    const placed = await request(s.app()).post(url).send(order);
    expect(placed.status).toBe(200);
    const del = { id: placed.body.id };
    const cancelUrl = signedUrl({ method: 'POST', path: '/order/delete', body: del, nonce: Date.now() + 1 });
    expect((await request(s.app()).post(cancelUrl).send(del)).status).toBe(200);
    s.restart();
    const replay = await request(s.app()).post(url).send(order);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe(2006);
    const get = () => request(s.app()).get(signedUrl({ method: 'GET', path: '/order', query: { id: placed.body.id }, nonce: Date.now() + 3 }));
    expect((await get()).body.state).toBe('wait'); // requested before the restart, applied after it
    await new Promise((r) => setTimeout(r, 400));
    const got = await request(s.app()).get(signedUrl({ method: 'GET', path: '/order', query: { id: placed.body.id }, nonce: Date.now() + 2 }));
    expect(got.body).toMatchObject({ id: placed.body.id, state: 'cancel', volume: '0.10000000' });
    s.close();
  });

  it('keeps a rate-limit ban', async () => {
    const clock = manualClock(Date.now());
    const s = onFile(fresh(), { rateLimit: { enabled: true, exchange: { limit: 2, windowMs: 60_000, banMs: 60_000 } } }, clock);
    const hit = () => request(s.app()).get('/api/v1/timestamp');
    expect((await hit()).status).toBe(200);
    expect((await hit()).status).toBe(200);
    expect((await hit()).status).toBe(429);
    s.restart();
    clock.advance(30_000);
    const banned = await hit();
    expect(banned.status).toBe(429);
    expect(banned.headers['retry-after']).toBe('30');
    clock.advance(30_001);
    expect((await hit()).status).toBe(200);
    s.close();
  });

  it('keeps partner registrations: the same e-mail is still refused', async () => {
    const s = onFile(fresh());
    const body = {
      registration: {
        business_name: 'Acme', first_name: 'Jane', last_name: 'Doe', email: 'Jane@Acme.example.com',
        password: 'correct-horse-battery', password_confirmation: 'correct-horse-battery', terms_of_service: 'true',
      },
    };
    const post = () => request(s.app()).post('/partner/v1/user_registration').set('Authorization', 'Bearer demo-partner-key').send(body);
    expect((await post()).status).toBe(201);
    s.restart();
    const again = await post();
    expect(again.status).toBe(422);
    expect(again.body.status).toBe(0);
    s.close();
  });
});
