// Matching: a taker order walks the opposite side of its book, best price first and oldest
// first within a price, and trades at each maker's price until it is filled, its limit is
// reached, the book is empty, or (market buy) its funds run out.
import { minBig } from './decimal.ts';
import { affordableVolume, feeOf, fundsOf, type FeeRate } from './fees.ts';
import { TradeRec, type OrderRec } from './records.ts';
import type { EngineStore } from './store.ts';
import type { OrderState } from './wire.ts';

export interface MatchContext {
  readonly store: EngineStore;
  readonly fee: FeeRate;
}

/** Ends an order: gives back whatever it still holds locked. */
export function finish(order: OrderRec, state: Exclude<OrderState, 'wait'>): void {
  order.lockedIn.locked -= order.locked;
  order.locked = 0n;
  order.state = state;
}

/**
 * Matches a new order against the book, then rests it (limit with volume left), or ends it:
 * done when filled; cancel when a market order could not fill completely (X6).
 */
export function matchAndRest(ctx: MatchContext, taker: OrderRec): void {
  const book = ctx.store.book(taker.market.id);
  const makers = book.opposite(taker.side);
  const buying = taker.side === 'buy';
  const limit = taker.ordType === 'limit';
  while (taker.remaining > 0n) {
    const level = makers.best();
    if (level === undefined) break;
    if (limit && (buying ? level.price > taker.price : level.price < taker.price)) break;
    const maker = level.front();
    if (maker === undefined) {
      makers.dropBest(); // unreachable while `live` is kept right; never loop on an empty level
      continue;
    }
    let volume = minBig(taker.remaining, maker.remaining);
    if (buying && !limit) {
      // A market buy locked the user's whole available quote balance: fill as far as it goes.
      volume = minBig(volume, affordableVolume(level.price, taker.locked, taker.market, ctx.fee));
      if (volume === 0n) break;
    }
    settle(ctx, maker, taker, level.price, volume);
    level.total -= volume;
    if (maker.remaining === 0n) {
      finish(maker, 'done');
      level.shiftFilled();
      if (level.live === 0) makers.dropBest();
    }
  }
  if (taker.remaining === 0n) finish(taker, 'done');
  else if (limit) book.own(taker.side).add(taker);
  else finish(taker, 'cancel');
}

/**
 * One trade: the buyer pays funds + fee out of its order's lock and receives the volume; the
 * seller gives the volume out of its lock and receives funds - fee; the house gets both fees.
 */
function settle(ctx: MatchContext, maker: OrderRec, taker: OrderRec, price: bigint, volume: bigint): void {
  const market = taker.market;
  const buy = taker.side === 'buy' ? taker : maker;
  const sell = taker.side === 'buy' ? maker : taker;
  const funds = fundsOf(price, volume, market);
  const fee = feeOf(funds, ctx.fee);
  const cost = funds + fee;

  buy.quote.balance -= cost;
  buy.quote.locked -= cost;
  buy.locked -= cost;
  buy.base.balance += volume;

  sell.base.balance -= volume;
  sell.base.locked -= volume;
  sell.locked -= volume;
  sell.quote.balance += funds - fee;

  ctx.store.ledger.house(market.quote).balance += fee + fee;

  const trade = new TradeRec(
    ctx.store.nextTradeId(), market, price, volume, funds,
    taker.side === 'buy' ? 'up' : 'down', taker.createdAt, buy, sell, fee, fee,
  );
  record(buy, trade, volume, funds);
  record(sell, trade, volume, funds);
  ctx.store.addTrade(trade);
}

function record(order: OrderRec, trade: TradeRec, volume: bigint, funds: bigint): void {
  order.remaining -= volume;
  order.executed += volume;
  order.funds += funds;
  order.tradesCount++;
  if (order.trades === null) order.trades = [trade];
  else order.trades.push(trade);
}
