// Creating orders: validate, lock what the order may spend, match, rest. A batch is validated
// as a whole (every order and the funds all of them need) before any order is placed.
import { formatMoney, type Balance } from './accounts.ts';
import { DecimalError, formatDecimal, parseDecimal } from './decimal.ts';
import { atIndex, invalidParameter, orderRejected } from './errors.ts';
import { buyLock, isDust } from './fees.ts';
import type { MarketSpec } from './markets.ts';
import { matchAndRest, type MatchContext } from './matching.ts';
import { OrderRec } from './records.ts';
import type { OrdType, OrderInput, Side } from './wire.ts';

export interface PlacementContext extends MatchContext {
  now(): number;
}

/** A validated order, not yet placed. */
export interface OrderPlan {
  readonly market: MarketSpec;
  readonly side: Side;
  readonly ordType: OrdType;
  readonly price: bigint;
  readonly volume: bigint;
  readonly base: Balance;
  readonly quote: Balance;
  /** What the order locks; null for a market buy, which takes whatever is available. */
  readonly lock: bigint | null;
}

/** A decimal field: not a decimal string is 1001 (the schema says so), too precise is 2002. */
function decimal(text: unknown, places: number, field: string): bigint {
  if (typeof text !== 'string') throw invalidParameter(field, 'must be a decimal string');
  try {
    return parseDecimal(text, places, field);
  } catch (error) {
    if (!(error instanceof DecimalError)) throw error;
    throw error.kind === 'syntax' ? invalidParameter(field, error.reason) : orderRejected(error.message);
  }
}

/**
 * Checks one order's fields and works out what it locks. What the contract's schema rules out
 * is 1001; the rules of the book (zero amounts, precision, value, funds) are 2002 (X-orders).
 */
export function planOrder(ctx: PlacementContext, userId: string, market: MarketSpec, input: OrderInput): OrderPlan {
  const { side, ord_type: ordType } = input;
  if (side !== 'buy' && side !== 'sell') throw invalidParameter('side', `must be 'buy' or 'sell', got '${String(side)}'`);
  if (ordType !== 'limit' && ordType !== 'market') {
    throw invalidParameter('ord_type', `must be 'limit' or 'market', got '${String(ordType)}'`);
  }
  const volume = decimal(input.volume, market.basePlaces, 'volume');
  if (volume === 0n) throw orderRejected('volume must be greater than 0');
  let price = 0n;
  if (ordType === 'limit') {
    if (input.price === undefined) throw invalidParameter('price', 'is required for a limit order');
    price = decimal(input.price, market.quotePlaces, 'price');
    if (price === 0n) throw orderRejected('price must be greater than 0');
    // Funds round down to the quote unit; an order worth less than one unit would trade for free.
    if (isDust(price, volume, market)) {
      throw orderRejected(`price × volume is below the smallest ${market.quote} amount (${formatDecimal(1n, market.quotePlaces)})`);
    }
  } else if (input.price !== undefined) {
    throw invalidParameter('price', 'must be absent for a market order (it takes the prices of the book)');
  }
  const base = ctx.store.ledger.account(userId, market.base);
  const quote = ctx.store.ledger.account(userId, market.quote);
  let lock: bigint | null = volume * market.baseUnit;
  if (side === 'buy') lock = ordType === 'limit' ? buyLock(price, volume, market, ctx.fee) : null;
  return { market, side, ordType, price, volume, base, quote, lock };
}

/** Creates, matches and (if a limit order with volume left) rests the order. */
function execute(ctx: PlacementContext, userId: string, plan: OrderPlan, reserved: boolean): OrderRec {
  const { market, side, ordType, price, volume, base, quote } = plan;
  const lock = plan.lock ?? quote.available;
  // Lock before taking an id: a refused order must not leave a gap in the ids.
  if (!reserved) ctx.store.ledger.lock(side === 'buy' ? quote : base, lock);
  const order = new OrderRec(ctx.store.nextOrderId(), userId, market, side, ordType, price, volume, ctx.now(), base, quote);
  order.locked = lock;
  ctx.store.addOrder(order);
  matchAndRest(ctx, order);
  return order;
}

function insufficientForMarketBuy(quote: Balance, available: bigint, index?: number): Error {
  return orderRejected(`insufficient ${quote.currency} for a market buy: available ${formatMoney(available, quote.currency)}`, index);
}

/** POST /orders. A market buy needs some available quote balance; it spends at most that. */
export function placeOrder(ctx: PlacementContext, userId: string, market: MarketSpec, input: OrderInput): OrderRec {
  const plan = planOrder(ctx, userId, market, input);
  if (plan.lock === null && plan.quote.available <= 0n) {
    throw insufficientForMarketBuy(plan.quote, plan.quote.available);
  }
  return execute(ctx, userId, plan, false);
}

/**
 * POST /orders/multi, all or nothing: every order is checked in array order (its fields, then
 * what it and the orders before it lock together), then all of it is reserved at once and the
 * orders are placed in array order. A market buy
 * gets what is available after the other orders' reservations; when an earlier market buy of
 * the same batch has spent it all, it fills nothing and ends cancelled (X6), never an error.
 */
export function placeBatch(ctx: PlacementContext, userId: string, market: MarketSpec, inputs: readonly OrderInput[]): OrderRec[] {
  if (inputs.length === 0) throw orderRejected('orders must hold at least one order');
  // Element by element, each checked whole (fields, then what the orders so far lock together),
  // so the error names the first failing order (X-multi).
  const needs = new Map<Balance, bigint>();
  const plans = inputs.map((input, i) => {
    let plan: OrderPlan;
    try {
      plan = planOrder(ctx, userId, market, input);
    } catch (error) {
      throw atIndex(error, i);
    }
    if (plan.lock === null) return plan;
    const balance = plan.side === 'buy' ? plan.quote : plan.base;
    const need = (needs.get(balance) ?? 0n) + plan.lock;
    if (need > balance.available) {
      const c = balance.currency;
      const amounts = `orders[0..${i}] need ${formatMoney(need, c)}, available ${formatMoney(balance.available, c)}`;
      throw orderRejected(`insufficient ${balance.currency}: ${amounts}`, i);
    }
    needs.set(balance, need);
    return plan;
  });
  plans.forEach((plan, i) => {
    const left = plan.quote.available - (needs.get(plan.quote) ?? 0n);
    if (plan.lock === null && left <= 0n) throw insufficientForMarketBuy(plan.quote, left, i);
  });
  for (const [balance, need] of needs) balance.locked += need;
  return plans.map((plan) => execute(ctx, userId, plan, plan.lock !== null));
}
