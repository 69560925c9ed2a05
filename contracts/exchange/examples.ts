// Examples of every request body and success response, typed by the schemas they illustrate so a
// drifting example fails to compile; exchange.test.ts also parses each one with its schema.
import type { CancelOrderRequest, ClearOrdersRequest, CreateOrderRequest, CreateOrdersRequest } from './requests.ts';
import type { Account, Currency, Market, Order, OrderBook, OrderWithTrades, Ticker, Trade, UserTrade } from './schemas.ts';

export const marketsExample: Market[] = [
  { id: 'btcusd', name: 'BTC/USD', base_unit: 'btc', quote_unit: 'usd', base_precision: 8, quote_precision: 2 },
  { id: 'ethbtc', name: 'ETH/BTC', base_unit: 'eth', quote_unit: 'btc', base_precision: 8, quote_precision: 8 },
];

export const currenciesExample: Currency[] = [
  { symbol: 'btc', name: 'Bitcoin', deposit_enabled: true, withdrawal_enabled: true },
  { symbol: 'usd', name: 'US Dollar', deposit_enabled: true, withdrawal_enabled: false },
];

export const tickerExample: Ticker = {
  market: 'btcusd',
  at: 1700000000,
  open: '29500.00',
  low: '29100.00',
  high: '30400.00',
  last: '30000.00',
  vol: '12.34567890',
};

export const tickersExample: Ticker[] = [
  tickerExample,
  { market: 'ethbtc', at: 1700000000, open: '0.05100000', low: '0.04900000', high: '0.05200000', last: '0.05000000', vol: '310.50000000' },
];

export const orderBookExample: OrderBook = {
  timestamp: 1700000000,
  bids: [['29990.00', '0.50000000'], ['29980.00', '1.25000000']],
  asks: [['30010.00', '0.20000000'], ['30020.00', '2.00000000']],
};

export const tradesExample: Trade[] = [
  { id: 502, price: '30000.00', volume: '0.10000000', funds: '3000.00', market: 'btcusd', trend: 'up', created_at: '2023-11-14T22:13:15.000Z' },
  { id: 501, price: '29990.00', volume: '0.20000000', funds: '5998.00', market: 'btcusd', trend: 'down', created_at: '2023-11-14T22:13:10.000Z' },
];

export const userTradesExample: UserTrade[] = [
  { ...tradesExample[0]!, side: 'bid', fee: '7.50', order_id: 42 },
];

export const balancesExample: Account[] = [
  { currency: 'btc', balance: '1.50000000', locked: '0.50000000', available: '1.00000000' },
  { currency: 'usd', balance: '100000.00', locked: '15000.00', available: '85000.00' },
];

export const limitOrderExample: Order = {
  id: 42,
  side: 'buy',
  ord_type: 'limit',
  price: '30000.00',
  avg_price: '30000.00',
  state: 'wait',
  market: 'btcusd',
  created_at: '2023-11-14T22:13:14.000Z',
  volume: '0.50000000',
  remaining_volume: '0.40000000',
  executed_volume: '0.10000000',
  trades_count: 1,
};

// A market order: no price; the unfilled remainder was cancelled (X6).
export const marketOrderExample: Order = {
  id: 44,
  side: 'buy',
  ord_type: 'market',
  avg_price: '0.05000000',
  state: 'cancel',
  market: 'ethbtc',
  created_at: '2023-11-14T22:13:20.000Z',
  volume: '2.00000000',
  remaining_volume: '0.50000000',
  executed_volume: '1.50000000',
  trades_count: 1,
};

export const ordersExample: Order[] = [limitOrderExample];

export const orderWithTradesExample: OrderWithTrades = { ...limitOrderExample, trades: userTradesExample };

export const createOrderBodyExample: CreateOrderRequest = {
  market: 'btcusd',
  side: 'buy',
  volume: '0.5',
  ord_type: 'limit',
  price: '30000.00',
};

export const createdOrderExample: Order = {
  ...limitOrderExample,
  volume: '0.50000000',
  avg_price: '0',
  remaining_volume: '0.50000000',
  executed_volume: '0',
  trades_count: 0,
};

export const createOrdersBodyExample: CreateOrdersRequest = {
  market: 'ethbtc',
  orders: [
    { side: 'sell', volume: '1', ord_type: 'limit', price: '0.05' },
    { side: 'buy', volume: '2', ord_type: 'market' },
  ],
};

export const createdOrdersExample: Order[] = [
  {
    id: 43,
    side: 'sell',
    ord_type: 'limit',
    price: '0.05000000',
    avg_price: '0',
    state: 'wait',
    market: 'ethbtc',
    created_at: '2023-11-14T22:13:20.000Z',
    volume: '1.00000000',
    remaining_volume: '1.00000000',
    executed_volume: '0',
    trades_count: 0,
  },
  marketOrderExample,
];

export const cancelOrderBodyExample: CancelOrderRequest = { id: 42 };

export const clearOrdersBodyExample: ClearOrdersRequest = { side: 'buy', market: 'btcusd' };
