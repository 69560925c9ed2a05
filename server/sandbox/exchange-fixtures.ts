// The control API's exchange handlers (contracts/sandbox/exchange-fixtures.ts): a trader reset,
// balances, an order book. Only configured access keys are traders here (404 otherwise).
import type { exchangeFixtureOperations } from '../../contracts/sandbox/exchange-fixtures.ts';
import type { HandlerMap } from '../api/handler-map.ts';
import type { ServerConfig } from '../config/config.ts';
import { ApiDomainError } from '../core/errors.ts';
import { FixtureRefused } from '../exchange/reference/sandbox-fixtures.ts';
import type { SandboxControl } from './control.ts';
import { fixturesOf } from './fixtures.ts';
import { machineOnly, ownTrader, type SandboxCaller } from './scope.ts';

/** Runs `fn`; a value the sandbox refuses is 422 1002 naming `field`. */
export async function refusing<T>(field: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof FixtureRefused) throw ApiDomainError.of('1002', e.message, [{ [field]: e.message }]);
    throw e;
  }
}

export function exchangeFixtureHandlers(control: SandboxControl, config: ServerConfig): HandlerMap<typeof exchangeFixtureOperations, SandboxCaller> {
  const trader = (caller: SandboxCaller, accessKey: string) => {
    if (!config.exchange.keys.some((k) => k.accessKey === ownTrader(caller, accessKey))) {
      throw new ApiDomainError(404, '1004', 'Record not found', undefined, `no exchange access key ${accessKey}`);
    }
    return accessKey;
  };
  return {
    async resetTrader({ params, principal }) {
      await fixturesOf(control.fixtures, 'exchange').resetTrader(trader(principal, params.access_key));
      return { status: 200, body: { scope: 'trader', trader: params.access_key } };
    },
    async loadTraderBalances({ params, body, principal }) {
      const accounts = await refusing('body', () => fixturesOf(control.fixtures, 'exchange').setBalances(trader(principal, params.access_key), body));
      return { status: 200, body: { trader: params.access_key, accounts } };
    },
    async loadOrderBook({ params, body, principal }) {
      machineOnly(principal, "a market's order book (every trader trades on it)");
      const placed = await refusing('body', () => fixturesOf(control.fixtures, 'exchange').placeBook(params.market, body));
      return { status: 200, body: { market: params.market, ...placed } };
    },
  };
}
