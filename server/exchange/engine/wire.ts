// The engine's output shapes: the resources of section 2 of the exchange document, field for
// field, so the HTTP layer can return them as they are. All shapes live in this one file on
// purpose: once contracts/exchange/schemas.ts exports its `z.infer` types, this file becomes
// re-exports of those and nothing else in the engine changes.

/** Market id: base currency code followed by quote currency code, lower case. */
export type MarketId =
  | 'btcusd' | 'btccad' | 'btceur' | 'ethusd' | 'ethcad' | 'etheur' | 'ethbtc'
  | 'ltcusd' | 'ltccad' | 'ltceur' | 'ltcbtc' | 'xembtc' | 'bchusd' | 'bchcad'
  | 'bcheur' | 'bchbtc' | 'xvgbtc' | 'xvgeth' | 'xvgcad' | 'xvgeur' | 'xvgusd';

export type Side = 'buy' | 'sell';
export type OrdType = 'limit' | 'market';
export type OrderState = 'wait' | 'done' | 'cancel';
export type OrderBy = 'asc' | 'desc';

export interface Market {
  id: MarketId;
  name: string;
  base_unit: string;
  quote_unit: string;
  base_precision: number;
  quote_precision: number;
}

export interface Currency {
  symbol: string;
  name: string;
  deposit_enabled: boolean;
  withdrawal_enabled: boolean;
}

export interface Ticker {
  market: MarketId;
  at: number;
  open: string;
  low: string;
  high: string;
  last: string;
  vol: string;
}

export interface OrderBook {
  timestamp: number;
  bids: [string, string][];
  asks: [string, string][];
}

export interface Trade {
  id: number;
  price: string;
  volume: string;
  funds: string;
  market: MarketId;
  trend: 'up' | 'down';
  created_at: string;
}

export interface UserTrade extends Trade {
  side: 'bid' | 'ask';
  fee: string;
  order_id: number;
}

export interface Account {
  currency: string;
  balance: string;
  locked: string;
  available: string;
}

export interface Order {
  id: number;
  side: Side;
  ord_type: OrdType;
  /** Absent for market orders. */
  price?: string;
  avg_price: string;
  state: OrderState;
  market: MarketId;
  created_at: string;
  volume: string;
  remaining_volume: string;
  executed_volume: string;
  trades_count: number;
}

export interface OrderWithTrades extends Order {
  trades: UserTrade[];
}

/** One order of POST /orders (and an element of POST /orders/multi's `orders`). */
export interface OrderInput {
  side: Side;
  ord_type: OrdType;
  volume: string;
  /** Required for limit orders, refused for market orders. */
  price?: string;
}
