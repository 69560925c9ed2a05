// The engine's internal records and their conversion to wire shapes. Records hold bigints and
// epoch milliseconds; strings (decimals, ISO dates) are made only when a record is read, so the
// matching hot path never formats anything.
import type { Balance } from './accounts.ts';
import { divide, formatAmount, formatDecimal } from './decimal.ts';
import type { MarketSpec } from './markets.ts';
import type { OrdType, Order, OrderState, Side, Trade, UserTrade } from './wire.ts';

export class OrderRec {
  state: OrderState = 'wait';
  remaining: bigint;
  executed = 0n;
  /** Quote ledger units executed so far: the sum of the exact funds of the order's trades. */
  funds = 0n;
  /** Fees charged so far, quote ledger units: floor(rate × funds) (cumulative, fees.ts). */
  feePaid = 0n;
  /** Σ price × volume of the order's trades, unrounded (quote units × base units): the average price's numerator. */
  notional = 0n;
  /** What the order still holds locked, in ledger units: of the quote for a buy, of the base for a sell. */
  locked = 0n;
  tradesCount = 0;
  /** Index of the order's first fill in its user's fill log of the market; -1 before any. */
  firstFill = -1;
  /** A cancel was requested and will be applied by the cancel queue. */
  cancelRequested = false;

  constructor(
    readonly id: number,
    readonly userId: string,
    readonly market: MarketSpec,
    readonly side: Side,
    readonly ordType: OrdType,
    /** Quote units per base unit; 0n for market orders. */
    readonly price: bigint,
    readonly volume: bigint,
    readonly createdAt: number,
    readonly base: Balance,
    readonly quote: Balance,
  ) {
    this.remaining = volume;
  }

  /** The balance this order's lock lives in. */
  get lockedIn(): Balance {
    return this.side === 'buy' ? this.quote : this.base;
  }
}

export class TradeRec {
  constructor(
    readonly id: number,
    readonly market: MarketSpec,
    /** The maker's price. */
    readonly price: bigint,
    readonly volume: bigint,
    /** price × volume, exact, in quote ledger units. */
    readonly funds: bigint,
    readonly trend: 'up' | 'down',
    readonly createdAt: number,
    readonly buyOrder: OrderRec,
    readonly sellOrder: OrderRec,
    /** The buyer's and the seller's fee on this fill (cumulative per order, so they may differ by a unit). */
    readonly buyFee: bigint,
    readonly sellFee: bigint,
  ) {}
}

// Orders and trades arrive in bursts within the same millisecond: remembering the last
// conversion saves most Date allocations and toISOString calls (half of building an Order).
let lastMs = Number.NaN;
let lastIso = '';

/** Epoch milliseconds as ISO 8601 UTC with milliseconds, e.g. 2026-01-31T12:00:00.000Z. */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/**
 * The volume-weighted average of the order's trade prices at quote precision, rounded down; zero
 * (e.g. '0.00') before any trade. From Σ price × volume: one trade at 30000.00 averages 30000.00, whatever its volume.
 */
export function averagePrice(order: OrderRec): bigint {
  if (order.executed === 0n) return 0n;
  return divide(order.notional, order.executed, 'down');
}

export function orderToWire(order: OrderRec): Order {
  const { basePlaces, quotePlaces } = order.market;
  return {
    id: order.id,
    side: order.side,
    ord_type: order.ordType,
    // Absent, not null, for market orders (the document: "Absent for market orders").
    ...(order.ordType === 'limit' ? { price: formatDecimal(order.price, quotePlaces) } : {}),
    avg_price: formatDecimal(averagePrice(order), quotePlaces),
    state: order.state,
    market: order.market.id,
    created_at: isoTime(order.createdAt),
    volume: formatDecimal(order.volume, basePlaces),
    remaining_volume: formatDecimal(order.remaining, basePlaces),
    executed_volume: formatDecimal(order.executed, basePlaces),
    trades_count: order.tradesCount,
  };
}

export function tradeToWire(trade: TradeRec): Trade {
  const { basePlaces, quotePlaces } = trade.market;
  return {
    id: trade.id,
    price: formatDecimal(trade.price, quotePlaces),
    volume: formatDecimal(trade.volume, basePlaces),
    funds: formatAmount(trade.funds, trade.market.quoteLedgerPlaces, quotePlaces),
    market: trade.market.id,
    trend: trade.trend,
    created_at: isoTime(trade.createdAt),
  };
}

/** A trade as one of its two orders saw it (a self-trade is two fills for one user). */
export function fillToWire(trade: TradeRec, order: OrderRec): UserTrade {
  return {
    ...tradeToWire(trade),
    side: order.side === 'buy' ? 'bid' : 'ask',
    fee: formatAmount(order.side === 'buy' ? trade.buyFee : trade.sellFee, trade.market.quoteLedgerPlaces, trade.market.quotePlaces),
    order_id: order.id,
  };
}
