// Type tests of the clients: wrong paths, parameters and body fields do not compile, and data
// types come from the generated types. Run by vitest's typecheck (`**/*.test-d.ts`).
import { describe, expectTypeOf, it } from 'vitest';
import type { components as EX } from '../generated/types/exchange.ts';
import type { components as ME } from '../generated/types/merchant.ts';
import type { components as PA } from '../generated/types/partner.ts';
import {
  createExchangeClient, createMerchantClient, createPartnerClient, paginateOrders, paginateTransactions, unwrap,
  type ExchangeErrorCode, type ExchangeApiError, type MerchantApiError, type WebhookEvent,
} from './index.ts';
import { verifyWebhook } from './webhooks-express.ts';

const ex = createExchangeClient({ baseUrl: 'http://127.0.0.1:8080', accessKey: 'k', secretKey: 's' });
const m = createMerchantClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'k', apiSecret: 's' });
const p = createPartnerClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'k' });

describe('exchange client types', () => {
  it('rejects wrong paths, parameters and body fields', () => {
    // @ts-expect-error: no such path
    void ex.GET('/ticker/{market}', { params: { path: { market: 'btcusd' } } });
    // @ts-expect-error: /orders/multi has no GET
    void ex.GET('/orders/multi');
    // @ts-expect-error: unknown market
    void ex.GET('/tickers/{market}', { params: { path: { market: 'btcxyz' } } });
    // @ts-expect-error: market is required in the query of /orders
    void ex.GET('/orders', { params: { query: { limit: 10 } } });
    // @ts-expect-error: limit is a number
    void ex.GET('/orders', { params: { query: { market: 'btcusd', limit: '10' } } });
    // @ts-expect-error: unknown body field
    void ex.POST('/orders', { body: { market: 'btcusd', side: 'buy', volume: '1', ord_type: 'market', amount: '1' } });
    // @ts-expect-error: a limit order needs a price
    void ex.POST('/orders', { body: { market: 'btcusd', side: 'buy', volume: '1', ord_type: 'limit' } });
    // @ts-expect-error: the body is required
    void ex.POST('/order/delete');
    // @ts-expect-error: an unknown field beside the required ones
    void ex.POST('/order/delete', { body: { id: 42, force: true } });
    // @ts-expect-error: an unknown optional query parameter
    void ex.GET('/orders', { params: { query: { market: 'btcusd', limt: 10 } } });
    // @ts-expect-error: path parameters on a path without any
    void ex.GET('/balances', { params: { path: { market: 'btcusd' } } });
    // @ts-expect-error: a wrong method through request()
    void ex.request('delete', '/orders');
    void ex.request('get', '/orders', { params: { query: { market: 'btcusd' } } });
    void ex.POST('/order/delete', { body: { id: 42 } });
  });

  it('types the data from the generated schemas', async () => {
    const { data, error } = await ex.GET('/balances');
    expectTypeOf(data).toEqualTypeOf<EX['schemas']['Account'][] | undefined>();
    expectTypeOf(error).toEqualTypeOf<EX['schemas']['ExchangeError'] | undefined>();
    expectTypeOf(await unwrap(ex.GET('/tickers/{market}', { params: { path: { market: 'btcusd' } } }))).toEqualTypeOf<EX['schemas']['Ticker']>();
    expectTypeOf(await unwrap(ex.POST('/orders/multi', { body: { market: 'ethbtc', orders: [{ side: 'buy', volume: '2', ord_type: 'market' }] } }))).toEqualTypeOf<EX['schemas']['Order'][]>();
    expectTypeOf(await unwrap(ex.GET('/timestamp'))).toEqualTypeOf<number>();
  });

  it('types errors and iterators', () => {
    expectTypeOf<ExchangeApiError['code']>().toEqualTypeOf<ExchangeErrorCode | undefined>();
    expectTypeOf<ExchangeErrorCode>().toEqualTypeOf<EX['schemas']['ExchangeError']['error']['code']>();
    expectTypeOf(paginateOrders(ex, { market: 'btcusd' })).toEqualTypeOf<AsyncGenerator<EX['schemas']['Order']>>();
    // @ts-expect-error: the iterator sets limit and offset itself
    void paginateOrders(ex, { market: 'btcusd', offset: 5 });
  });
});

describe('merchant client types', () => {
  it('rejects wrong paths, parameters and body fields', () => {
    // @ts-expect-error: no such path
    void m.GET('/transaction');
    // @ts-expect-error: path parameter missing
    void m.GET('/transactions/{id}', { params: { path: {} } });
    // @ts-expect-error: unknown status
    void m.GET('/transactions', { params: { query: { status: 'lost' } } });
    const widget = { amount: '10.00', external_id: 'o-1', hosted_payment_id: 1, first_name: 'J', last_name: 'D', email: 'j@d.example' };
    void m.POST('/widget_payments', { body: { ...widget, callback_url: 'https://shop.example/done' } });
    // @ts-expect-error: a misspelled optional body field (openapi-fetch alone lets this through; TypedClient does not)
    void m.POST('/widget_payments', { body: { ...widget, callbak_url: 'https://shop.example/done' } });
    // @ts-expect-error: an unknown query parameter
    void m.GET('/transactions', { params: { query: { limit: 10, page: 2 } } });
  });

  it('types the data and errors', async () => {
    expectTypeOf(await unwrap(m.GET('/transactions'))).toEqualTypeOf<ME['schemas']['TransactionList']>();
    expectTypeOf(paginateTransactions(m)).toEqualTypeOf<AsyncGenerator<ME['schemas']['Transaction']>>();
    expectTypeOf<MerchantApiError['source']>().toEqualTypeOf<ME['schemas']['ErrorSource'] | undefined>();
    expectTypeOf(await unwrap(m.DELETE('/invoice_recipients/{id}', { params: { path: { id: 1 } } }))).toEqualTypeOf<undefined>();
  });
});

describe('partner client types', () => {
  it('takes exactly one credential style', () => {
    createPartnerClient({ baseUrl: 'http://h', username: 'u', password: 'p' });
    // @ts-expect-error: both styles at once
    createPartnerClient({ baseUrl: 'http://h', apiKey: 'k', username: 'u', password: 'p' });
    // @ts-expect-error: Basic needs the password
    createPartnerClient({ baseUrl: 'http://h', username: 'u' });
  });

  it('rejects a wrong body and types the data', async () => {
    // @ts-expect-error: terms_of_service is the string "true", not a boolean
    void p.POST('/user_registration', { body: { registration: { business_name: 'a', first_name: 'a', last_name: 'a', email: 'a', password: 'a', password_confirmation: 'a', terms_of_service: true } } });
    const r = await p.POST('/user_registration', {
      body: { registration: { business_name: 'a', first_name: 'a', last_name: 'a', email: 'a', password: 'a', password_confirmation: 'a', terms_of_service: 'true' } },
    });
    expectTypeOf(r.data).toEqualTypeOf<PA['schemas']['RegistrationSuccess'] | undefined>();
  });
});

describe('webhook types', () => {
  it('discriminates payment and refund events', () => {
    const event = verifyWebhook({ body: '', secret: 's' });
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    if (event.type === 'payment') expectTypeOf(event.payload.transaction_id).toEqualTypeOf<number>();
    else expectTypeOf(event.payload.id).toEqualTypeOf<string>();
  });
});
