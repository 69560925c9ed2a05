// Type tests: the reference factories plug into the server as its default handler sets.
import { expectTypeOf, test } from 'vitest';
import type { HandlerContext } from '../../http/api-module.ts';
import type { MerchantHandlers } from '../api.ts';
import type { PartnerHandlers } from '../../partner/api.ts';
import { partnerReferenceHandlers } from '../../partner/reference/index.ts';
import type { MerchantHandlersOf } from './handler-types.ts';
import { merchantReferenceHandlers } from './index.ts';

test('the factories take the server HandlerContext and return complete handler maps', () => {
  const ctx = {} as HandlerContext;
  expectTypeOf(merchantReferenceHandlers(ctx)).toEqualTypeOf<MerchantHandlers>();
  expectTypeOf(partnerReferenceHandlers(ctx)).toEqualTypeOf<PartnerHandlers>();
});

test('a handler answering a status its operation does not declare does not compile', () => {
  const ok: MerchantHandlersOf<'listCurrencies'> = { listCurrencies: () => ({ status: 200, body: { currencies: [] } }) };
  // @ts-expect-error 201 is not a declared response of listCurrencies
  const bad: MerchantHandlersOf<'listCurrencies'> = { listCurrencies: () => ({ status: 201, body: { currencies: [] } }) };
  expectTypeOf(ok).not.toBeAny();
  expectTypeOf(bad).not.toBeAny();
});
