// Currencies (section 4.17): the sandbox's fixed table.
import { SANDBOX_CURRENCIES } from '../currencies.ts';
import { merchantHandlers } from '../../handler-map.ts';

export function currencyHandlers() {
  return merchantHandlers({
    listCurrencies: () => ({ status: 200, body: { currencies: Object.values(SANDBOX_CURRENCIES).map((c) => structuredClone(c.currency)) } }),
  });
}
