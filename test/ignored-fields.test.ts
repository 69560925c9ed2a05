// Body fields the server ignores (decision M-plugin-fields) are named back: the X-Ignored-Fields
// header and one log line, names only. Real requests over loopback; a misspelled optional field
// (`webhok_url`) is the case that made webhooks silently never arrive.
import type { Server } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import { testServer } from '../server/testing.ts';

const { app, logs } = testServer();
let server: Server;
let base: string;
beforeAll(async () => {
  server = createHttpServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

const merchantAuth = `Basic ${Buffer.from('demo-merchant:demo-merchant-secret').toString('base64')}`;
const post = (path: string, body: unknown, auth: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const { webhook_url: url, ...fields } = createPaymentBody.payment;

describe('X-Ignored-Fields', () => {
  it('names a misspelled optional field the server dropped, and logs the names without values', async () => {
    logs.length = 0;
    const res = await post('/merchant/v2/payments', { payment: { ...fields, invoice_number: 'INVIG1', webhok_url: url }, trace: { note: 'x' } }, merchantAuth);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-ignored-fields')).toBe('payment.webhok_url, trace');
    expect(logs.filter((l) => l.includes('ignored unknown body fields'))).toEqual(['[server] createPayment: ignored unknown body fields payment.webhok_url, trace']);
    expect(logs.join('\n')).not.toContain('merchant.example.com');
  });

  it('is absent when every field is known', async () => {
    const res = await post('/merchant/v2/payments', { payment: { ...fields, invoice_number: 'INVIG2', webhook_url: url } }, merchantAuth);
    expect([res.status, res.headers.get('x-ignored-fields')]).toEqual([201, null]);
  });

  it('keeps names that are no header token harmless, and caps the list at 20', async () => {
    const odd = Object.fromEntries([['bad\r\nname', 1], ['ünï', 2], ...Array.from({ length: 25 }, (_, i) => [`extra${i}`, i])]);
    const res = await post('/merchant/v2/payments', { payment: { ...fields, invoice_number: 'INVIG3' }, ...odd }, merchantAuth);
    expect(res.status).toBe(201);
    const names = res.headers.get('x-ignored-fields')!.split(', ');
    expect(names.slice(0, 3)).toEqual(['bad%0D%0Aname', '%C3%BCn%C3%AF', 'extra0']);
    expect(names).toHaveLength(21);
    expect(names.at(-1)).toBe('+7 more');
  });
});
