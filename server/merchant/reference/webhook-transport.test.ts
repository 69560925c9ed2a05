// The sandbox's webhook transport: what it sends, and the addresses it refuses (SSRF), checked at
// connect time through the socket lookup. Receivers are real listeners on 127.0.0.1; names are
// resolved by an injected resolver, so no test depends on DNS.
import { createServer, globalAgent, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EXAMPLES } from '../../../contracts/merchant/webhooks.ts';
import { createMemoryMerchantStore } from './store.ts';
import { ManualTimers } from './timers.ts';
import { addressProblem, guardedTransport, TargetRefusedError } from './webhook-transport.ts';
import { WebhookDispatcher } from './webhooks.ts';

const STRICT = { allowPrivateNetworks: false, allowLoopback: true };
const LENIENT = { allowPrivateNetworks: true, allowLoopback: true };

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A receiver on 127.0.0.1:<free port> answering `status` (or never, for `null`). */
async function receiver(status: number | null, headers: Record<string, string> = {}) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (status !== null) res.writeHead(status, headers).end('ignored');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received };
}

/** A resolver that knows a few names; anything else is ENOTFOUND. */
const resolver = (table: Record<string, string[]>) => (hostname: string, callback: (err: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void) => {
  const list = table[hostname];
  if (!list) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  callback(null, list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
};

describe('addressProblem', () => {
  it.each([
    ['169.254.169.254', STRICT, /link-local/],
    ['0.0.0.0', STRICT, /unspecified/],
    ['fe80::1', STRICT, /link-local/],
    ['224.0.0.1', STRICT, /multicast/],
    ['::', STRICT, /unspecified/],
    ['10.1.2.3', STRICT, /private network.*allowPrivateNetworks/],
    ['172.20.0.1', STRICT, /private network/],
    ['192.168.1.5', STRICT, /private network/],
    ['100.64.0.1', STRICT, /private network/],
    ['fd12:3456::1', STRICT, /private network/],
    ['::ffff:10.0.0.1', STRICT, /private network/],
    ['::ffff:169.254.169.254', LENIENT, /link-local/],
    ['169.254.169.254', LENIENT, /link-local/],
    // IPv6 forms that reach an IPv4 host are judged by that host.
    ['64:ff9b::a9fe:a9fe', LENIENT, /carries 169\.254\.169\.254 is a link-local/],
    ['64:ff9b::10.0.0.5', STRICT, /carries 10\.0\.0\.5 is on a private network/],
    ['64:ff9b:1::a00:5', STRICT, /carries 10\.0\.0\.5/],
    ['2002:a9fe:a9fe::1', LENIENT, /carries 169\.254\.169\.254/],
    ['::a9fe:a9fe', LENIENT, /carries 169\.254\.169\.254/],
    ['::ffff:0:a9fe:a9fe', LENIENT, /carries 169\.254\.169\.254/],
    ['::ffff:a9fe:a9fe', LENIENT, /link-local/],
    ['fec0::1', STRICT, /private network/],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', LENIENT, /reserved/],
    ['127.0.0.1', { ...STRICT, allowLoopback: false }, /loopback.*allowLoopback is false/],
    ['::1', { ...STRICT, allowLoopback: false }, /loopback/],
    ['::ffff:127.0.0.1', { ...STRICT, allowLoopback: false }, /loopback/],
  ])('refuses %s (%o)', (address, policy, reason) => {
    expect(addressProblem(address, policy)).toMatch(reason);
  });

  it.each([
    ['127.0.0.1', STRICT], ['::1', STRICT], ['::ffff:127.0.0.1', STRICT], ['8.8.8.8', STRICT], ['2606:4700::1111', STRICT], ['172.32.0.1', STRICT],
    ['64:ff9b::808:808', STRICT], ['2002:808:808::1', STRICT], ['2a00:1450:4001:80b::200e', STRICT],
    ['10.1.2.3', LENIENT], ['192.168.1.5', LENIENT], ['fd12:3456::1', LENIENT],
  ])('allows %s (%o)', (address, policy) => {
    expect(addressProblem(address, policy)).toBeUndefined();
  });
});

describe('guardedTransport', () => {
  it('POSTs the body as JSON to a loopback receiver and resolves with its status, the answer drained', async () => {
    const r = await receiver(204);
    const body = '{"signature":"t=1,s1=ab","data":"e30="}';
    await expect(guardedTransport(STRICT)(`http://127.0.0.1:${r.port}/hooks?x=1`, body, 2000)).resolves.toEqual({ status: 204 });
    expect(r.received).toEqual([
      expect.objectContaining({ method: 'POST', url: '/hooks?x=1', body }),
    ]);
    expect(r.received[0]!.headers).toMatchObject({
      'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'merchant-sandbox-webhooks/2',
    });
  });

  it('connects to a name through the guarded lookup (Host is the name)', async () => {
    const r = await receiver(200);
    const send = guardedTransport(STRICT, resolver({ 'hooks.test': ['127.0.0.1'] }));
    await expect(send(`http://hooks.test:${r.port}/x`, '{}', 2000)).resolves.toEqual({ status: 200 });
    expect(r.received[0]!.headers.host).toBe(`hooks.test:${r.port}`);
  });

  it('refuses a name that resolves to a link-local or private address, even beside a good one, before connecting', async () => {
    const r = await receiver(200);
    const send = guardedTransport(STRICT, resolver({ 'metadata.test': ['169.254.169.254'], 'mixed.test': ['127.0.0.1', '10.0.0.5'] }));
    await expect(send(`http://metadata.test:${r.port}/latest`, '{}', 2000)).rejects.toThrow(
      new TargetRefusedError('metadata.test', '169.254.169.254 is a link-local, unspecified, multicast or reserved address'),
    );
    await expect(send(`http://mixed.test:${r.port}/x`, '{}', 2000)).rejects.toBeInstanceOf(TargetRefusedError);
    expect(r.received).toEqual([]);
  });

  it('refuses an IP literal without any network access', async () => {
    await expect(guardedTransport(STRICT)('https://169.254.169.254/latest/meta-data', '{}', 2000)).rejects.toThrow(/refused to connect to 169\.254\.169\.254/);
    await expect(guardedTransport(STRICT)('https://[fd00::1]/x', '{}', 2000)).rejects.toThrow(/fd00::1 is on a private network/);
    await expect(guardedTransport(STRICT)('https://10.255.255.1/x', '{}', 2000)).rejects.toBeInstanceOf(TargetRefusedError);
  });

  it('does not reuse a pooled connection opened by other code: every new connection is looked up and checked', async () => {
    const r = await receiver(200);
    // Other code in the process keeps a keep-alive connection to internal.test:<port> in Node's global pool.
    await new Promise<void>((resolve, reject) => {
      const lookup = ((_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) => (o.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4))) as never;
      request(`http://internal.test:${r.port}/`, { method: 'POST', lookup, agent: globalAgent }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
    });
    expect(r.received).toHaveLength(1);
    // The webhook's resolver says the name is on a private network now: refused, not sent over the pooled socket.
    const send = guardedTransport(STRICT, resolver({ 'internal.test': ['10.0.0.5'] }));
    await expect(send(`http://internal.test:${r.port}/hook`, '{}', 2000)).rejects.toBeInstanceOf(TargetRefusedError);
    expect(r.received).toHaveLength(1);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const r = await receiver(302, { location: 'http://169.254.169.254/' });
    await expect(guardedTransport(STRICT)(`http://127.0.0.1:${r.port}/`, '{}', 2000)).resolves.toEqual({ status: 302 });
    expect(r.received).toHaveLength(1);
  });

  it('gives up after the timeout with a TimeoutError', async () => {
    const r = await receiver(null);
    const started = Date.now();
    await expect(guardedTransport(STRICT)(`http://127.0.0.1:${r.port}/`, '{}', 150)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('WebhookDispatcher with the guarded transport', () => {
  it('logs a refused target as a failed attempt with the reason, without the URL\'s query or credentials', async () => {
    const timers = new ManualTimers(1_767_225_600_000);
    const store = createMemoryMerchantStore();
    const logs: string[] = [];
    const dispatcher = new WebhookDispatcher({ store, timers, log: (l) => logs.push(l), transport: guardedTransport(STRICT) });
    const id = await dispatcher.send(
      { merchant: 'm', url: 'https://user:pw@169.254.169.254/hook?token=hunter2', secret: 's' },
      { event: 'paymentFound', payload: WEBHOOK_EXAMPLES.paymentFound.payload },
    );
    dispatcher.close();
    const [first] = await store.deliveries.find({ webhook_id: id });
    expect(first).toMatchObject({ attempt: 1, ok: false, status: null, error: expect.stringMatching(/^refused to connect to 169\.254\.169\.254: .*link-local/) });
    expect(logs[0]).toMatch(/attempt 1 to https:\/\/169\.254\.169\.254\/hook\?… failed: refused to connect/);
    expect(logs.join('\n')).not.toMatch(/hunter2|pw@/);
  });
});
