// Matching: a taker order walks the opposite side of its book, best price first and oldest
// first within a price, and trades at each maker's price until it is filled, its limit is
// reached, the book is empty, or (market buy) its funds run out.
import { minBig } from './decimal.ts';
import { affordableVolume, fillFee, fundsOf, isDust, type FeeRate } from './fees.ts';
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
 *
 * Dust: no trade is worth less than one quote unit (at the currency's precision): a resting order whose remainder becomes dust at its price is cancelled
 * (so every maker is worth at least a unit), and a taker whose remainder is dust at the best
 * price stops there and cancels that remainder instead of resting it.
 */
export function matchAndRest(ctx: MatchContext, taker: OrderRec): void {
  const market = taker.market;
  const book = ctx.store.book(market.id);
  const makers = book.opposite(taker.side);
  const buying = taker.side === 'buy';
  const limit = taker.ordType === 'limit';
  let dustAtBest = false;
  while (taker.remaining > 0n) {
    const level = makers.best();
    if (level === undefined) break;
    const price = level.price;
    if (limit && (buying ? price > taker.price : price < taker.price)) break;
    const maker = level.front();
    if (maker === undefined) {
      makers.dropBest(); // unreachable while `live` is kept right; never loop on an empty level
      continue;
    }
    let volume = minBig(taker.remaining, maker.remaining);
    // A market buy locked the user's whole available quote balance: fill as far as it goes.
    if (buying && !limit) volume = minBig(volume, affordableVolume(price, taker, market, ctx.fee));
    if (volume === 0n || isDust(price, volume, market)) {
      // The taker's remainder (or budget) is dust at the best price. Resting it would cross the
      // book (that price is within its limit), so it is cancelled instead.
      dustAtBest = true;
      break;
    }
    settle(ctx, maker, taker, price, volume);
    level.total -= volume;
    if (maker.remaining === 0n || isDust(price, maker.remaining, market)) {
      level.total -= maker.remaining;
      finish(maker, maker.remaining === 0n ? 'done' : 'cancel');
      level.shiftFilled();
      if (level.live === 0) makers.dropBest();
    }
  }
  if (taker.remaining === 0n) finish(taker, 'done');
  else if (limit && !dustAtBest && !isDust(taker.price, taker.remaining, market)) book.own(taker.side).add(taker);
  else finish(taker, 'cancel');
}

/**
 * One trade at exact funds (fees.ts): the buyer pays funds + its fee out of its order's lock and
 * receives the volume; the seller gives the volume out of its lock and receives funds - its fee;
 * the house gets both fees. Each side's fee is cumulative over its order's fills.
 */
function settle(ctx: MatchContext, maker: OrderRec, taker: OrderRec, price: bigint, volume: bigint): void {
  const market = taker.market;
  const buy = taker.side === 'buy' ? taker : maker;
  const sell = taker.side === 'buy' ? maker : taker;
  const funds = fundsOf(price, volume, market);
  const buyFee = fillFee(buy.funds, buy.feePaid, funds, ctx.fee);
  const sellFee = fillFee(sell.funds, sell.feePaid, funds, ctx.fee);
  const cost = funds + buyFee;
  const baseUnits = volume * market.baseUnit;

  buy.quote.balance -= cost;
  buy.quote.locked -= cost;
  buy.locked -= cost;
  buy.base.balance += baseUnits;

  sell.base.balance -= baseUnits;
  sell.base.locked -= baseUnits;
  sell.locked -= baseUnits;
  sell.quote.balance += funds - sellFee;

  ctx.store.ledger.house(market.quote).balance += buyFee + sellFee;

  const trade = new TradeRec(
    ctx.store.nextTradeId(), market, price, volume, funds,
    taker.side === 'buy' ? 'up' : 'down', taker.createdAt, buy, sell, buyFee, sellFee,
  );
  record(buy, price, volume, funds, buyFee);
  record(sell, price, volume, funds, sellFee);
  ctx.store.addTrade(trade);
}

function record(order: OrderRec, price: bigint, volume: bigint, funds: bigint, fee: bigint): void {
  order.remaining -= volume;
  order.executed += volume;
  order.funds += funds;
  order.feePaid += fee;
  order.notional += price * volume;
  order.tradesCount++;
}
