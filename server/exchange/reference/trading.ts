// Trading operations (sections 4.12-4.15): create one order, create several (all or nothing),
// cancel one, cancel many. The trading scope is checked by the auth (2011) before these run;
// cancels are asynchronous, so both cancel answers show the orders still `wait`.
import type { ExchangeEngine } from '../engine/index.ts';
import { userOf } from './accounts.ts';
import { exchangeHandlers } from '../handler-map.ts';

export function tradingHandlers(engine: ExchangeEngine) {
  return exchangeHandlers({
    createOrder: ({ body: { market, ...order }, principal }) => ({ status: 200, body: engine.placeOrder(userOf(principal), market, order) }),
    createOrders: ({ body, principal }) => ({ status: 200, body: engine.placeMany(userOf(principal), body.market, body.orders) }),
    cancelOrder: ({ body, principal }) => ({ status: 200, body: engine.requestCancel(userOf(principal), body.id) }),
    clearOrders: ({ body, principal }) => ({ status: 200, body: engine.clear(userOf(principal), body) }),
  });
}
