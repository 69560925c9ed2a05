// Yesterday's typed client against today's server: OLD_CLIENT is the released client's entry
// (client/index.ts of an unpacked release), OLD_DOCS its generated/openapi folder, BASE_URL the
// server. Calls each API the way an integrator's code does, with the released examples as bodies.
// Prints one line per call; exit code 1 on the first unexpected answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Client = typeof import('../../client/index.ts');
const { createExchangeClient, createMerchantClient, createPartnerClient } = (await import(process.env.OLD_CLIENT!)) as Client;
const baseUrl = process.env.BASE_URL!;
const doc = (api: string) => JSON.parse(readFileSync(join(process.env.OLD_DOCS!, `${api}.json`), 'utf8'));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const example = (api: string, path: string): any => doc(api).paths[path].post.requestBody.content['application/json'].example;

const ok = (name: string, r: { response: Response; error?: unknown }, status: number) => {
  assert.equal(r.response.status, status, `${name}: ${r.response.status} ${JSON.stringify(r.error)}`);
  console.log(`  ${name}: ${status}`);
};

const trader = createExchangeClient({ baseUrl, accessKey: 'demo-trader', secretKey: 'demo-trader-secret' });
ok('exchange GET /tickers/{market}', await trader.GET('/tickers/{market}', { params: { path: { market: 'btcusd' } } }), 200);
ok('exchange GET /balances (signed)', await trader.GET('/balances'), 200);
ok('exchange POST /orders (signed)', await trader.POST('/orders', { body: example('exchange', '/orders') }), 200);

const merchant = createMerchantClient({ baseUrl, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret' });
ok('merchant GET /currencies', await merchant.GET('/currencies'), 200);
const body = example('merchant', '/payments');
body.payment.invoice_number = `OLD${Date.now()}`;
const created = await merchant.POST('/payments', { body });
ok('merchant POST /payments', created, 201);
const id = String(created.data!.id);
ok('merchant GET /payments/{payment_id}', await merchant.GET('/payments/{payment_id}', { params: { path: { payment_id: id }, query: { crypto_iso: body.payment.crypto_iso } } }), 200);

const partner = createPartnerClient({ baseUrl, apiKey: 'demo-partner-key' });
const registration = example('partner', '/user_registration');
registration.registration.email = `old-client-${Date.now()}@example.com`;
ok('partner POST /user_registration', await partner.POST('/user_registration', { body: registration }), 201);
console.log('old client: every call answered as documented');
