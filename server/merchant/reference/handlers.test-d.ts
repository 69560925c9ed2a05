// Type tests: the reference factories plug into the server as its default handler sets, and a
// handler file's helper checks every handler against its operation.
import { expectTypeOf, test } from 'vitest';
import type { HandlerContext } from '../../api/module.ts';
import type { PartnerHandlers } from '../../partner/handler-map.ts';
import { defaultPartnerHandlers } from '../../partner/reference/defaults.ts';
import { merchantHandlers, type MerchantHandlers } from '../handler-map.ts';
import { defaultMerchantHandlers } from './defaults.ts';
import { defaultExchangeHandlers } from '../../exchange/reference/defaults.ts';
import type { ExchangeHandlers } from '../../exchange/handler-map.ts';
import type { SandboxControl } from '../../sandbox/control.ts';

test('the default sets take the server HandlerContext (with the sandbox control createServer makes) and return complete handler maps', () => {
  const ctx = {} as HandlerContext<SandboxControl>;
  expectTypeOf(defaultExchangeHandlers(ctx)).toEqualTypeOf<ExchangeHandlers>();
  expectTypeOf(defaultMerchantHandlers(ctx)).toEqualTypeOf<MerchantHandlers>();
  expectTypeOf(defaultPartnerHandlers(ctx)).toEqualTypeOf<PartnerHandlers>();
});

test('each API states what it attaches to the sandbox control, and the control offers it', () => {
  type Takes<F> = F extends (ctx: HandlerContext<infer C>) => unknown ? C : never;
  expectTypeOf<SandboxControl>().toExtend<Takes<typeof defaultExchangeHandlers>>();
  expectTypeOf<SandboxControl>().toExtend<Takes<typeof defaultMerchantHandlers>>();
  expectTypeOf<SandboxControl>().toExtend<Takes<typeof defaultPartnerHandlers>>();
  // A control without the merchant's parts (its clock, delivery log slot, fixtures) does not do.
  expectTypeOf<HandlerContext>().not.toExtend<Parameters<typeof defaultMerchantHandlers>[0]>();
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
