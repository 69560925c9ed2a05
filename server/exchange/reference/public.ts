// Public operations (sections 4.1-4.7): server time, markets, currencies, tickers, order book and
// trade history. No principal; every answer comes straight from the engine.
import type { ExchangeEngine } from '../engine/index.ts';
import { exchangeHandlers } from '../handler-map.ts';

export function publicHandlers(engine: ExchangeEngine) {
  return exchangeHandlers({
    getTimestamp: () => ({ status: 200, body: engine.timestamp() }),
    getMarkets: () => ({ status: 200, body: engine.markets() }),
    getCurrencies: () => ({ status: 200, body: engine.currencies() }),
    getTicker: ({ params }) => ({ status: 200, body: engine.ticker(params.market) }),
    getTickers: () => ({ status: 200, body: engine.tickers() }),
    getOrderBook: ({ query }) => ({ status: 200, body: engine.orderBook(query.market, query.limit) }),
    getTradeHistory: ({ query: { market, ...filters } }) => ({ status: 200, body: engine.trades(market, filters) }),
  });
}
