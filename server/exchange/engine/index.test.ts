import { describe, expect, it } from 'vitest';
import * as engine from './index.ts';

describe('public surface', () => {
  it('exports what an HTTP layer needs, and only that', () => {
    expect(Object.keys(engine).sort()).toEqual([
      'CURRENCIES', 'DEFAULT_CANCEL_DELAY_MS', 'DEFAULT_FEE_RATE', 'DEFAULT_ORDER_BY', 'DEFAULT_SEED', 'DecimalError', 'EngineError',
      'ExchangeEngine', 'LIMITS', 'MARKETS', 'MARKET_IDS', 'MemoryStore', 'createEngine', 'formatDecimal', 'isMarketId',
      'parseDecimal', 'seedEveryCurrency', 'systemClock', 'timerScheduler',
    ]);
  });

  it('builds a working engine from the entry point alone', () => {
    const ex = engine.createEngine({ scheduler: () => {} });
    const order = ex.placeOrder('demo-trader', 'btcusd', { side: 'sell', ord_type: 'limit', price: '30000.00', volume: '0.5' });
    ex.placeOrder('demo-trader-2', 'btcusd', { side: 'buy', ord_type: 'market', volume: '0.5' });
    expect(ex.order('demo-trader', order.id)).toMatchObject({ state: 'done', avg_price: '30000.00' });
    expect(() => ex.requestCancel('demo-trader', order.id)).toThrow(engine.EngineError);
  });
});
