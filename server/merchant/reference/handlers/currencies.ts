// Currencies (section 4.17): the sandbox's fixed table.
import { SANDBOX_CURRENCIES } from '../currencies.ts';
import type { MerchantHandlersOf } from '../handler-types.ts';

export function currencyHandlers(): MerchantHandlersOf<'listCurrencies'> {
  return {
    listCurrencies: () => ({ status: 200, body: { currencies: Object.values(SANDBOX_CURRENCIES).map((c) => structuredClone(c.currency)) } }),
  };
}
