// Where the engine's state lives. The engine talks to this interface only, so a persistent
// store can replace the in-memory one without touching matching.
import { Ledger } from './accounts.ts';
import { Book } from './book.ts';
import { MARKET_IDS } from './markets.ts';
import type { OrderRec, TradeRec } from './records.ts';
import type { MarketId, OrderState } from './wire.ts';

export interface EngineStore {
  readonly ledger: Ledger;
  book(market: MarketId): Book;
  order(id: number): OrderRec | undefined;
  /** Records a new order (ids come from nextOrderId, so they arrive in increasing order). */
  addOrder(order: OrderRec): void;
  /**
   * A user's orders on a market, oldest first; with `state`, only those in it (kept apart, so a
   * user's waiting orders cost their own number, not the user's history). Read only, and valid
   * until the next call.
   */
  userOrders(userId: string, market: MarketId, state?: OrderState): readonly OrderRec[];
  /** Records a trade for its market and a fill for each of its two orders. */
  addTrade(trade: TradeRec): void;
  /** A market's trades, oldest first. */
  marketTrades(market: MarketId): readonly TradeRec[];
  /** A user's fills on a market, oldest first (read only). */
  userFills(userId: string, market: MarketId): FillLog;
  nextOrderId(): number;
  nextTradeId(): number;
  /** Forgets every order, trade and balance; ids restart at 1. */
  reset(): void;
  /** Empties one user's order and trade lists (sandbox trader reset); the market's trades stay. */
  forgetUser(userId: string): void;
}

const EMPTY: readonly never[] = [];

/**
 * A user's fills on one market, oldest first, as two parallel arrays: a fill is (trade, the
 * user's order in it), and no object is made per fill. A self-trade is two fills.
 */
export class FillLog {
  readonly trades: TradeRec[] = [];
  readonly orders: OrderRec[] = [];

  push(trade: TradeRec, order: OrderRec): void {
    if (order.firstFill < 0) order.firstFill = this.trades.length;
    this.trades.push(trade);
    this.orders.push(order);
  }

  /** One order's trades, oldest first: a scan from its first fill (the order is in this log). */
  tradesOf(order: OrderRec): TradeRec[] {
    const out: TradeRec[] = [];
    if (order.firstFill < 0) return out;
    for (let i = order.firstFill; i < this.orders.length && out.length < order.tradesCount; i++) {
      if (this.orders[i] === order) out.push(this.trades[i] as TradeRec);
    }
    return out;
  }
}

const EMPTY_LOG = new FillLog();

/**
 * A user's orders on one market, oldest first, and by state. An order only ever leaves 'wait'
 * (matching.ts finish), so the waiting list is kept lazily: every new order joins it, and a look
 * at the states moves those that left it to their state's list, in id order. A look so costs the
 * waiting orders and the orders new or ended since the last look, never the whole history.
 */
export class UserOrders {
  readonly all: OrderRec[] = [];
  private readonly waiting: OrderRec[] = [];
  private readonly ended: Record<Exclude<OrderState, 'wait'>, OrderRec[]> = { done: [], cancel: [] };

  push(order: OrderRec): void {
    this.all.push(order);
    this.waiting.push(order);
  }

  inState(state: OrderState): readonly OrderRec[] {
    let kept = 0;
    for (const order of this.waiting) {
      if (order.state === 'wait') this.waiting[kept++] = order;
      else insertById(this.ended[order.state], order);
    }
    this.waiting.length = kept;
    return state === 'wait' ? this.waiting : this.ended[state];
  }
}

/** Inserts `order` in a list sorted by id (usually at its end: orders end mostly in the order they came). */
function insertById(list: OrderRec[], order: OrderRec): void {
  let lo = 0;
  let hi = list.length;
  if (hi === 0 || (list[hi - 1] as OrderRec).id < order.id) {
    list.push(order);
    return;
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as OrderRec).id < order.id) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, order);
}

/** A value per user per market, made on first use (nested maps: no key strings to build). */
class PerUserMarket<V> {
  private readonly users = new Map<string, Map<MarketId, V>>();

  constructor(private readonly make: () => V) {}

  find(userId: string, market: MarketId): V | undefined {
    return this.users.get(userId)?.get(market);
  }

  obtain(userId: string, market: MarketId): V {
    let markets = this.users.get(userId);
    if (markets === undefined) {
      markets = new Map();
      this.users.set(userId, markets);
    }
    let value = markets.get(market);
    if (value === undefined) {
      value = this.make();
      markets.set(market, value);
    }
    return value;
  }

  clear(): void {
    this.users.clear();
  }

  forget(userId: string): void {
    this.users.delete(userId);
  }
}

export class MemoryStore implements EngineStore {
  readonly ledger = new Ledger();
  private books = new Map<MarketId, Book>();
  /** Indexed by id: ids are dense from 1, so an array beats a Map. */
  private orders: (OrderRec | undefined)[] = [];
  private readonly ordersByUser = new PerUserMarket(() => new UserOrders());
  private tradesByMarket = new Map<MarketId, TradeRec[]>();
  private readonly fillsByUser = new PerUserMarket(() => new FillLog());
  private lastOrderId = 0;
  private lastTradeId = 0;

  constructor() {
    this.reset();
  }

  book(market: MarketId): Book {
    return this.books.get(market) as Book;
  }

  order(id: number): OrderRec | undefined {
    return Number.isInteger(id) && id > 0 ? this.orders[id] : undefined;
  }

  addOrder(order: OrderRec): void {
    this.orders[order.id] = order;
    this.ordersByUser.obtain(order.userId, order.market.id).push(order);
  }

  userOrders(userId: string, market: MarketId, state?: OrderState): readonly OrderRec[] {
    const orders = this.ordersByUser.find(userId, market);
    if (orders === undefined) return EMPTY;
    return state === undefined ? orders.all : orders.inState(state);
  }

  addTrade(trade: TradeRec): void {
    const market = trade.market.id;
    (this.tradesByMarket.get(market) as TradeRec[]).push(trade);
    this.fillsByUser.obtain(trade.buyOrder.userId, market).push(trade, trade.buyOrder);
    this.fillsByUser.obtain(trade.sellOrder.userId, market).push(trade, trade.sellOrder);
  }

  marketTrades(market: MarketId): readonly TradeRec[] {
    return this.tradesByMarket.get(market) ?? EMPTY;
  }

  userFills(userId: string, market: MarketId): FillLog {
    return this.fillsByUser.find(userId, market) ?? EMPTY_LOG;
  }

  forgetUser(userId: string): void {
    this.ordersByUser.forget(userId);
    this.fillsByUser.forget(userId);
  }

  nextOrderId(): number {
    return ++this.lastOrderId;
  }

  nextTradeId(): number {
    return ++this.lastTradeId;
  }

  reset(): void {
    this.books = new Map(MARKET_IDS.map((id) => [id, new Book()]));
    this.orders = [];
    this.ordersByUser.clear();
    this.tradesByMarket = new Map(MARKET_IDS.map((id) => [id, []]));
    this.fillsByUser.clear();
    this.ledger.seed({});
    this.lastOrderId = 0;
    this.lastTradeId = 0;
  }
}
