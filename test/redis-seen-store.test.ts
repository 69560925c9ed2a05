// The Redis seen-store (server/stores/redis-seen-store.ts) is a SeenStore of the client's webhook
// handler: two receiver processes (here two Express apps with their own Redis clients) share it, so
// one event delivered to both at once runs the handler once, and a redelivery is a duplicate on either.
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeenStore } from '../client/seen-store.ts';
import { webhookHandler } from '../client/webhooks-express.ts';
import { signWebhook } from '../client/webhooks.ts';
import { WEBHOOK_EXAMPLES } from '../contracts/merchant/webhooks.ts';
import { connectRedis, redisReady, type Redis } from '../server/stores/redis.ts';
import { redisSeenStore } from '../server/stores/redis-seen-store.ts';
import { redisServerAvailable, startRedisServer, type RedisServer } from './redis-server.ts';

const SECRET = 'demo-signing-secret';

describe.skipIf(!redisServerAvailable())('redisSeenStore with webhookHandler, two receivers', () => {
  let redis: RedisServer;
  const clients: Redis[] = [];
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(closers.map((c) => c()));
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });

  async function receiver(calls: string[]) {
    const client = connectRedis(redis.url);
    clients.push(client);
    await redisReady(client);
    const seenStore: SeenStore = redisSeenStore(client, { keyPrefix: 'receiver:' }); // the client's interface, checked by tsc
    const app = express();
    app.post('/hooks', webhookHandler({
      secret: SECRET,
      seenStore,
      onPayment: async (p) => {
        calls.push(`${p.transaction_id}:${p.transaction_status}`);
        await new Promise((r) => setTimeout(r, 200)); // long enough for the other delivery to arrive meanwhile
      },
    }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    closers.push(() => new Promise((r) => server.close(r)));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  }

  it('runs the handler once for one event delivered to both; redeliveries are duplicates on either', async () => {
    const calls: string[] = [];
    const [a, b] = [await receiver(calls), await receiver(calls)];
    const body = JSON.stringify(signWebhook({ payload: WEBHOOK_EXAMPLES.paymentFound.payload, secret: SECRET }));
    const post = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const [ra, rb] = await Promise.all([post(a), post(b)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    expect(calls).toHaveLength(1);
    for (const url of [a, b]) {
      const again = await post(url);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ received: true, duplicate: true });
    }
    expect(calls).toHaveLength(1);
  });
});
