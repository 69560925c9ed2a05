// Type tests of the handler maps: what handlers receive, what they may return, and that a missing
// or misspelled handler, a wrong body field or an undeclared status does not compile.
import { describe, expectTypeOf, it } from 'vitest';
import type { exchangeOperations } from '../../contracts/exchange/operations.ts';
import type { ExchangeError } from '../../contracts/shared/errors.ts';
import type { merchantOperations } from '../../contracts/merchant/operations.ts';
import type { partnerOperations } from '../../contracts/partner/operations.ts';
import { createServer, type ServerHandlers } from '../app.ts';
import type { ExchangePrincipal, MerchantPrincipal, PartnerPrincipal } from '../auth/principal.ts';
import type { ExchangeHandlers } from '../exchange/handler-map.ts';
import type { MerchantHandlers } from '../merchant/handler-map.ts';
import type { Handler, HandlerInput, HandlerMap, HandlerResult } from './handler-map.ts';

type Ex = typeof exchangeOperations;
type Me = typeof merchantOperations;
type Pa = typeof partnerOperations;

describe('handler input', () => {
  it('types params, query and body as the Zod schemas output them', () => {
    type Ticker = HandlerInput<Ex['getTicker'], undefined>;
    expectTypeOf<Ticker['params']['market']>().toEqualTypeOf<'btcusd' | 'btccad' | 'btceur' | 'ethusd' | 'ethcad' | 'etheur' | 'ethbtc' | 'ltcusd' | 'ltccad' | 'ltceur' | 'ltcbtc' | 'xembtc' | 'bchusd' | 'bchcad' | 'bcheur' | 'bchbtc' | 'xvgbtc' | 'xvgeth' | 'xvgcad' | 'xvgeur' | 'xvgusd'>();
    expectTypeOf<Ticker['body']>().toEqualTypeOf<undefined>();

    type List = HandlerInput<Me['listTransactions'], MerchantPrincipal>;
    expectTypeOf<List['query']['limit']>().toEqualTypeOf<number>(); // default applied: not optional
    expectTypeOf<HandlerInput<Me['getTransaction'], MerchantPrincipal>['params']['id']>().toEqualTypeOf<number>();
    expectTypeOf<HandlerInput<Me['createPayment'], MerchantPrincipal>['body']['payment']['email']>().toEqualTypeOf<string>();
  });

  it('gives signed operations their principal and public ones none', () => {
    expectTypeOf<Parameters<ExchangeHandlers['getBalances']>[0]['principal']>().toEqualTypeOf<ExchangePrincipal>();
    expectTypeOf<Parameters<ExchangeHandlers['getTicker']>[0]['principal']>().toEqualTypeOf<undefined>();
    expectTypeOf<Parameters<MerchantHandlers['createRefund']>[0]['principal']>().toEqualTypeOf<MerchantPrincipal>();
    expectTypeOf<Parameters<HandlerMap<Pa, PartnerPrincipal>['registerUser']>[0]['principal']>().toEqualTypeOf<PartnerPrincipal>();
  });
});

describe('handler result', () => {
  it('narrows status to the declared ones and body to its schema', () => {
    type R = HandlerResult<Pa['registerUser']>;
    expectTypeOf<R['status']>().toEqualTypeOf<201 | 422 | 400 | 401 | 404 | 405 | 413 | 415 | 429 | 500 | 503>();
    expectTypeOf<Extract<R, { status: 422 }>['body']>().toEqualTypeOf<{ status: 0; message: string[] }>();
    type Deleted = HandlerResult<Me['deleteInvoiceRecipient']>;
    expectTypeOf<Extract<Deleted, { status: 204 }>>().toEqualTypeOf<{ status: 204; body?: undefined; headers?: Record<string, string> }>();
    // Declared errors are returnable too (their status literal comes from the contract's helper).
    expectTypeOf<Deleted['status']>().toEqualTypeOf<204 | 401 | 404 | 405 | 422 | 429 | 500 | 503>();
  });

  it('types declared error responses with their API\'s error body', () => {
    type GetOrder = HandlerResult<Ex['getOrder']>;
    expectTypeOf<GetOrder['status']>().toEqualTypeOf<200 | 400 | 401 | 404 | 405 | 429 | 500 | 503>();
    expectTypeOf<Extract<GetOrder, { status: 404 }>['body']>().toEqualTypeOf<ExchangeError>();
    const notFound: Handler<Ex['getOrder'], ExchangePrincipal> = () => ({ status: 404, body: { error: { code: 2004, message: 'Order with id 42 does not exist' } } });
    // @ts-expect-error an exchange error is { error: { code, message } }, not the merchant shape
    const merchantShape: Handler<Ex['getOrder'], ExchangePrincipal> = () => ({ status: 404, body: { title: 'Not Found', code: '1004', details: 'x' } });
    const invalid: Handler<Me['getTransaction'], MerchantPrincipal> = () => ({
      status: 422,
      body: { title: 'Unprocessable Entity', code: '1002', details: 'Required fields are missing or incorrect', source: [{ id: 'must be integer' }] },
    });
    // @ts-expect-error 9999 is not an exchange error code
    const badCode: Handler<Ex['getOrder'], ExchangePrincipal> = () => ({ status: 404, body: { error: { code: 9999, message: 'x' } } });
    const maintenance: Handler<Pa['createMerchantApplication'], PartnerPrincipal> = () => ({ status: 503, body: { title: 'Service Unavailable', code: '1006', details: 'Service under maintenance' } });
    // @ts-expect-error 501 is not declared for createMerchantApplication
    const undeclaredError: Handler<Pa['createMerchantApplication'], PartnerPrincipal> = () => ({ status: 501, body: { title: 'Not Found', code: '1004', details: 'x' } });
    void [notFound, merchantShape, invalid, badCode, maintenance, undeclaredError];
  });

  it('refuses an undeclared status and a wrong body field', () => {
    const ok: Handler<Pa['registerUser'], PartnerPrincipal> = () => ({ status: 201, body: { status: 1, message: 'ok' } });
    // @ts-expect-error 200 is not a declared status of registerUser
    const undeclared: Handler<Pa['registerUser'], PartnerPrincipal> = () => ({ status: 200, body: { status: 1, message: 'ok' } });
    // @ts-expect-error `msg` is not a field of RegistrationSuccess
    const wrongField: Handler<Pa['registerUser'], PartnerPrincipal> = () => ({ status: 201, body: { status: 1, msg: 'ok' } });
    // @ts-expect-error status 1 belongs with 201, not 422
    const mixed: Handler<Pa['registerUser'], PartnerPrincipal> = () => ({ status: 422, body: { status: 1, message: 'ok' } });
    // @ts-expect-error a 204 has no body
    const bodyOn204: Handler<Me['deleteInvoiceRecipient'], MerchantPrincipal> = () => ({ status: 204, body: {} });
    void [ok, undeclared, wrongField, mixed, bodyOn204];
  });
});

describe('handler maps', () => {
  it('a complete map needs every operation', () => {
    // @ts-expect-error createMerchantApplication is missing
    const partial: HandlerMap<Pa, PartnerPrincipal> = { registerUser: () => ({ status: 201, body: { status: 1, message: 'ok' } }) };
    void partial;
  });

  it('createServer takes any subset, but not a misspelled operation', () => {
    const handlers: ServerHandlers = { merchant: { createPayment: async () => ({ status: 201, body: {} as never }) } };
    createServer({ handlers });
    // @ts-expect-error createPayments is not an operation of the merchant API
    createServer({ handlers: { merchant: { createPayments: () => ({ status: 201, body: {} }) } } });
    // @ts-expect-error the exchange has no createPayment
    createServer({ handlers: { exchange: { createPayment: () => ({ status: 201, body: {} }) } } });
  });
});
