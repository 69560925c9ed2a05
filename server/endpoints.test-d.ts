// Type tests of the typed endpoints: a handler's request is typed from the generated OpenAPI types
// (generated/types, openapi-typescript) with no annotation, and a wrong field, a wrong operationId
// or a wrong response body does not compile.
import { describe, expectTypeOf, it } from 'vitest';
import type { components as M, operations as MO } from '../generated/types/merchant.ts';
import type { components as X } from '../generated/types/exchange.ts';
import { exchangeEndpoints, merchantEndpoints, merchantHandler, partnerEndpoints, type MerchantRequest } from './endpoints.ts';
import { merchantValidator, partnerValidator, type ValidatorOptions } from './validators.ts';

describe('typed endpoints', () => {
  it('types the body, path parameters and query of each operation from the generated types', () => {
    merchantEndpoints({
      createPayment: async (req, res) => {
        expectTypeOf(req.body.payment.amount).toEqualTypeOf<string>();
        expectTypeOf(req.body).toEqualTypeOf<MO['createPayment']['requestBody']['content']['application/json']>();
        // @ts-expect-error: not a field of createPayment's body
        void req.body.amount;
        // @ts-expect-error: createPayment has no path parameters
        void req.params.payment_id;
        res.status(201);
        await Promise.resolve();
      },
      getPayment: (req) => {
        expectTypeOf(req.params.payment_id).toEqualTypeOf<string>();
        expectTypeOf(req.query.crypto_iso).toEqualTypeOf<M['schemas']['CryptoIso']>();
        expectTypeOf(req.body).toEqualTypeOf<undefined>();
        // @ts-expect-error: getPayment's path parameter is payment_id
        void req.params.id;
      },
      listTransactions: (req) => {
        expectTypeOf(req.query.limit).toEqualTypeOf<number | undefined>();
        // @ts-expect-error: not a query parameter of listTransactions
        void req.query.page;
      },
    });
    exchangeEndpoints({
      createOrder: (req) => {
        expectTypeOf(req.body).toEqualTypeOf<X['schemas']['CreateOrderRequest']>();
      },
    });
    partnerEndpoints({});
  });

  it('refuses an operationId the API does not have, and a handler of the wrong operation', () => {
    // @ts-expect-error: no such merchant operation
    merchantEndpoints({ createPaymnet: () => undefined });
    const getPayment = merchantHandler('getPayment', (req) => void req.params.payment_id);
    // @ts-expect-error: getPayment's handler reads params createPayment does not have
    merchantEndpoints({ createPayment: getPayment });
    expectTypeOf<MerchantRequest<'getPayment'>['params']>().toEqualTypeOf<{ payment_id: string }>();
  });

  it("types each API's key lookup from its own keys", () => {
    merchantEndpoints({}, { auth: { lookup: async (apiKey) => (expectTypeOf(apiKey).toEqualTypeOf<string>(), undefined) } });
    partnerEndpoints({}, { auth: { lookup: (key, scheme) => (expectTypeOf(scheme).toEqualTypeOf<'bearer' | 'basic'>(), void key, undefined) } });
    // @ts-expect-error: a merchant key has no accessKey (that is the exchange's)
    merchantEndpoints({}, { auth: { lookup: () => ({ accessKey: 'k', secret: 's', scopes: [] }) } });
  });

  it("types each validator's key lookup from its API, and still takes options declared with the unparameterised ValidatorOptions", () => {
    merchantValidator({ auth: { lookup: async (apiKey) => (expectTypeOf(apiKey).toEqualTypeOf<string>(), undefined) } });
    partnerValidator({ auth: { lookup: (key, scheme) => (expectTypeOf(scheme).toEqualTypeOf<'bearer' | 'basic'>(), void key, undefined) } });
    // Released consumers declare their options this way (the consumer test's fixture does).
    const options: ValidatorOptions = { unknownRoutes: 'pass' };
    merchantValidator(options);
    // @ts-expect-error: not an option
    merchantValidator({ unknownRoute: 'pass' });
  });

  it('types res.json with the documented response bodies', () => {
    merchantEndpoints({
      getPayment: (_req, res) => {
        // @ts-expect-error: not a documented response body of getPayment
        res.json({ nonsense: true });
      },
    });
  });
});
