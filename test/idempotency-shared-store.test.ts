// Idempotency-Key over a store shared by instances (the port as Redis implements it: asynchronous,
// and writing the answer once the request's own writes committed, not in its unit), here an
// in-memory fake of that port: the answer is replayed once written, and a store that fails costs
// the client neither its answer nor an unhandled rejection in the server (the lease runs out instead).
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../server/app.ts';
import { NonceStore } from '../server/auth/nonce-store.ts';
import { memoryIdempotency, type IdempotencyStore } from '../server/ports/idempotency.ts';
import type { SharedStores } from '../server/ports/shared.ts';
import { RateLimiter } from '../server/http/rate-limit.ts';
import { MERCHANT_AUTH, createPaymentBody } from './server-helpers.ts';

const { webhook_url: _none, ...paymentFields } = createPaymentBody.payment;
const payment = { payment: paymentFields };

/** The port as a store outside the request's unit answers it; `down` makes its writes fail. */
function sharedIdempotency(down: { finish?: boolean; release?: boolean } = {}): IdempotencyStore & { writes: string[] } {
  const memory = memoryIdempotency();
  const writes: string[] = [];
  return {
    inUnit: false,
    writes,
    begin: async (key, fingerprint, leaseUntil) => memory.begin(key, fingerprint, leaseUntil),
    finish: async (key, fingerprint, answer, keepUntil) => {
      writes.push(`finish ${answer.status}`);
      if (down.finish) throw new Error('store unreachable');
      await memory.finish(key, fingerprint, answer, keepUntil);
    },
    release: async (key) => {
      writes.push('release');
      if (down.release) throw new Error('store unreachable');
      await memory.release(key);
    },
  };
}

const shared = (idempotency: IdempotencyStore): SharedStores => ({
  nonces: (ttlMs) => new NonceStore(ttlMs),
  limiter: (_api, rule) => new RateLimiter(rule),
  idempotency,
});

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => void process.off('unhandledRejection', onUnhandled));
/** Unhandled rejections are reported once the microtasks of a turn ran: after the next macrotask at the latest. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('Idempotency-Key with a shared store (written after the request commits)', () => {
  it('replays the stored answer to a repeat, without executing it again', async () => {
    const store = sharedIdempotency();
    const app = createServer({ log: () => undefined, shared: shared(store) });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 's-1').send(payment);
    const first = await post();
    const second = await post();
    expect([first.status, first.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect([second.status, second.body, second.headers['idempotent-replayed']]).toEqual([201, first.body, 'true']);
    expect(store.writes).toEqual(['finish 201']);
  });

  it('frees the key of a request whose handler failed, so that a retry executes', async () => {
    let executed = 0;
    const store = sharedIdempotency();
    const app = createServer({
      log: () => undefined,
      shared: shared(store),
      handlers: { merchant: { createPayment: async () => { executed++; if (executed === 1) throw new Error('handler failed'); return { status: 201, body: { id: 9 } as never }; } } },
      config: { validate: 'requests' },
    });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 's-2').send(payment);
    expect((await post()).status).toBe(500);
    const retry = await post();
    expect([retry.status, retry.body, retry.headers['idempotent-replayed'], executed]).toEqual([201, { id: 9 }, undefined, 2]);
    expect(store.writes).toEqual(['release', 'finish 201']);
  });

  it('answers the client when the store cannot write the answer, and leaves no unhandled rejection behind', async () => {
    const store = sharedIdempotency({ finish: true });
    const app = createServer({ log: () => undefined, shared: shared(store) });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 's-3').send(payment);
    expect((await post()).status).toBe(201);
    await settled();
    expect(store.writes).toEqual(['finish 201']);
    expect(unhandled).toEqual([]);
    // Unwritten, the key stays held by its lease: a repeat is told to retry, never executed again.
    expect([(await post()).status]).toEqual([409]);
  });

  it('answers a failed request when the store cannot free its key, and leaves no unhandled rejection behind', async () => {
    const store = sharedIdempotency({ release: true });
    const app = createServer({
      log: () => undefined,
      shared: shared(store),
      handlers: { merchant: { createPayment: async () => { throw new Error('handler failed'); } } },
      config: { validate: 'requests' },
    });
    const res = await request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 's-4').send(payment);
    expect(res.status).toBe(500);
    await settled();
    expect(store.writes).toEqual(['release']);
    expect(unhandled).toEqual([]);
  });
});
