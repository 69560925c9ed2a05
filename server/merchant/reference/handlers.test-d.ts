// Type tests: the reference factories plug into the server as its default handler sets, and a
// handler file's helper checks every handler against its operation.
import { expectTypeOf, test } from 'vitest';
import type { HandlerContext } from '../../api/module.ts';
import type { PartnerHandlers } from '../../partner/handler-map.ts';
import { defaultPartnerHandlers } from '../../partner/reference/defaults.ts';
import { merchantHandlers, type MerchantHandlers } from '../handler-map.ts';
import { defaultMerchantHandlers } from './defaults.ts';

test('the default sets take the server HandlerContext and return complete handler maps', () => {
  const ctx = {} as HandlerContext;
  expectTypeOf(defaultMerchantHandlers(ctx)).toEqualTypeOf<MerchantHandlers>();
  expectTypeOf(defaultPartnerHandlers(ctx)).toEqualTypeOf<PartnerHandlers>();
});

test('the helper names each operation once and types the part from its keys', () => {
  const ok = merchantHandlers({ listCurrencies: () => ({ status: 200, body: { currencies: [] } }) });
  expectTypeOf(ok).toEqualTypeOf<Pick<MerchantHandlers, 'listCurrencies'>>();
});

test('a handler answering a status its operation does not declare does not compile', () => {
  // @ts-expect-error 201 is not a declared response of listCurrencies
  const bad = merchantHandlers({ listCurrencies: () => ({ status: 201, body: { currencies: [] } }) });
  expectTypeOf(bad).not.toBeAny();
  // @ts-expect-error notAnOperation is not an operation of the merchant API
  merchantHandlers({ notAnOperation: () => ({ status: 200, body: {} }) });
});
