// Account operations (sections 4.8-4.11): balances, own orders, one own order with its trades,
// own trades. The caller is the verified principal; another user's order is 2004, like a missing one.
import type { ExchangeEngine } from '../engine/index.ts';
import { userOf } from './accounts.ts';
import { exchangeHandlers } from '../handler-map.ts';

export function accountHandlers(engine: ExchangeEngine) {
  return exchangeHandlers({
    getBalances: ({ principal }) => ({ status: 200, body: engine.balances(userOf(principal)) }),
    getOrders: ({ query: { market, ...filters }, principal }) => ({ status: 200, body: engine.orders(userOf(principal), market, filters) }),
    getOrder: ({ query, principal }) => ({ status: 200, body: engine.order(userOf(principal), query.id) }),
    getTrades: ({ query: { market, ...filters }, principal }) => ({ status: 200, body: engine.userTrades(userOf(principal), market, filters) }),
  });
}
